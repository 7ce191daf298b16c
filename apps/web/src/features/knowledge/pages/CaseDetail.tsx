// 案例详情 (/case/detail/:caseId): the case, its links to orders (the order it came from, the order it became), and
// the actions its abilities allow: 发布 (内部 or 公开), 撤回, 编辑, 转为工单 (a dealer case).
import { CASE_SCOPES } from '@sk/shared/knowledge/knowledge.constants';
import { App, Button, Card, Descriptions, Empty, Form, Input, Radio, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LogCard, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { C, caseScopeLabel, caseSourceLabel, caseStateColor, caseStateLabel } from '../api';
import { CaseBody } from '../CaseBody';

const body = C.update.body.shape;

export default function CaseDetail() {
  const id = Number(useParams().caseId);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const q = useApi(C.detail, { id }, { enabled: id > 0 });
  const act = useApiMutation(C.action);
  const update = useApiMutation(C.update);
  const convert = useApiMutation(C.convert);
  const [publishing, setPublishing] = useState(false);
  const [editing, setEditing] = useState(false);
  if (q.isLoading) return <Spin />;
  const d = q.data;
  if (!d) return <Empty description={q.error?.message ?? '数据不存在或已被删除'} />;
  const can = (a: string) => d.abilities.includes(a);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <span>
              {d.caseNo} {d.title}
            </span>
            <Tag color={caseStateColor(d.state)}>
              {caseStateLabel(d.state)}
              {d.state === 2 ? `（${caseScopeLabel(d.scope)}）` : ''}
            </Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {can('publish') ? (
              <Button type="primary" onClick={() => setPublishing(true)}>
                发布
              </Button>
            ) : null}
            {can('withdraw') ? (
              <Button
                onClick={() =>
                  modal.confirm({
                    title: '撤回案例',
                    content: '撤回后知识库中将不再显示该案例，确定撤回吗？',
                    okText: '确定',
                    cancelText: '取消',
                    onOk: () => act.mutateAsync({ id, action: 'withdraw', state: d.state }),
                  })
                }
              >
                撤回
              </Button>
            ) : null}
            {can('edit') ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {can('convert') ? (
              <Button
                onClick={() =>
                  modal.confirm({
                    title: '转为工单',
                    content: '将以该经销商案例的客户、产品和描述新建一张工单（来源：经销商案例转化），确定吗？',
                    okText: '确定',
                    cancelText: '取消',
                    onOk: async () => {
                      const r = await convert.mutateAsync({ id });
                      navigate(`/allOrder/orderDetail/${r.orderId}`);
                    },
                  })
                }
              >
                转为工单
              </Button>
            ) : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="来源">
            {d.source === 2 ? `${caseSourceLabel(d.source)}：${d.dealerName ?? ''}` : caseSourceLabel(d.source)}
          </Descriptions.Item>
          <Descriptions.Item label="客户">{d.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="来源工单">{d.orderId ? <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link> : '—'}</Descriptions.Item>
          <Descriptions.Item label="转化工单">
            {d.convertedOrderId ? <Link to={`/allOrder/orderDetail/${d.convertedOrderId}`}>{d.convertedOrderNo}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
          <Descriptions.Item label="发布时间">{d.publish_time ?? '—'}</Descriptions.Item>
        </Descriptions>
        <CaseBody c={d} />
      </Card>
      <LogCard title="操作记录" lines={d.log} />
      <RecordFormDialog<{ scope: 1 | 2 }>
        open={publishing}
        title="发布案例"
        name="casePublish"
        initialValues={{ scope: 1 }}
        onSubmit={(v) => act.mutateAsync({ id, action: 'publish', scope: v.scope, state: d.state })}
        onClose={() => setPublishing(false)}
      >
        <Form.Item name="scope" label="发布范围" extra="内部：员工和服务商可见；公开：客户也可见（客户门户）">
          <Radio.Group options={labelOptions(CASE_SCOPES)} />
        </Form.Item>
      </RecordFormDialog>
      <RecordFormDialog<{ title: string; description?: string | null; remedy?: string | null }>
        open={editing}
        title="编辑案例"
        name="caseEdit"
        initialValues={{ title: d.title, description: d.description, remedy: d.remedy }}
        onSubmit={(v) => update.mutateAsync({ ...v, id, version: d.version, faultModeId: d.faultModeId, photos: d.photos.map((p) => p.id) })}
        onClose={() => setEditing(false)}
      >
        <Form.Item name="title" label="案例标题" rules={rulesOf(body.title)}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label="故障描述" rules={rulesOf(body.description)}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="remedy" label="处理措施" rules={rulesOf(body.remedy)}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
