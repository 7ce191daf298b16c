// 投诉详情 (/customerComplaintDetail?id): the complaint with its source, deadlines, analysis and cost; the actions its
// abilities allow (受理, 开始调查, 解决, 关闭, 重新打开 with a reason); 编辑 for the analysis, responsibility and cost.
import type { ComplaintDetail as Detail } from '@sk/shared/quality/complaint.contract';
import { COMPLAINT_ACTION_NAMES, COMPLAINT_DICTS } from '@sk/shared/quality/quality.constants';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LogCard, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { AfterSales } from '../AfterSales';
import { C, yuan } from '../api';
import { DictSelect } from '../DictSelect';
import { sourceLabel, stateColor, stateLabel } from '../options';

type Action = 'accept' | 'investigate' | 'resolve' | 'close' | 'reopen';
const body = C.update.body.shape;

interface EditValues {
  title: string;
  level: string;
  content?: string | null;
  complainant?: string | null;
  phone?: string | null;
  responsibility?: string | null;
  analysisUnit?: string | null;
  salesUnit?: string | null;
  placeOfUse?: string | null;
  causeAnalysis?: string | null;
  resolution?: string | null;
  costParts: number;
  costLabour: number;
  costCompensation: number;
}
const toCents = (y: number | null | undefined) => Math.round((y ?? 0) * 100);

function Due({ at, overdue }: { at: string | null; overdue: boolean }) {
  if (!at) return <>—</>;
  return (
    <Space size={4}>
      {at}
      {overdue ? <Tag color="red">已超时</Tag> : null}
    </Space>
  );
}

export default function ComplaintDetail() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const q = useApi(C.detail, { id }, { enabled: id > 0 });
  const act = useApiMutation(C.action);
  const update = useApiMutation(C.update);
  const [editing, setEditing] = useState(false);
  const [reopening, setReopening] = useState(false);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Empty description={q.error?.message ?? '数据不存在或已被删除'} />;
  const d: Detail = q.data;
  const run = (action: Action, note?: string) => act.mutateAsync({ id, action, state: d.state, note: note ?? null });
  const edit = (v: EditValues) =>
    update.mutateAsync({
      ...v,
      id,
      version: d.version,
      faultModeId: d.faultModeId,
      handlerId: d.handlerId,
      costParts: toCents(v.costParts),
      costLabour: toCents(v.costLabour),
      costCompensation: toCents(v.costCompensation),
    });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <span>
              {d.complaintNo} {d.title}
            </span>
            <Tag color={stateColor(d.state)}>{stateLabel(d.state)}</Tag>
            {d.reopenCount ? <Tag color="volcano">重开 {d.reopenCount} 次</Tag> : null}
          </Space>
        }
        extra={
          <Space wrap>
            {d.abilities
              .filter((a) => a !== 'reopen')
              .map((a) => (
                <Button key={a} type="primary" loading={act.isPending} onClick={() => void run(a as Action).catch(() => undefined)}>
                  {COMPLAINT_ACTION_NAMES[a as Action]}
                </Button>
              ))}
            {d.state === 4 && !d.abilities.includes('close') ? <Tag color="warning">关闭投诉前请填写责任原因和分析单位</Tag> : null}
            {d.abilities.includes('reopen') ? <Button onClick={() => setReopening(true)}>重新打开</Button> : null}
            {d.state !== 5 ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="投诉等级">{d.level}</Descriptions.Item>
          <Descriptions.Item label="来源">
            {sourceLabel(d.sourceType)}
            {d.orderId ? (
              <>
                {' '}
                <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link>
              </>
            ) : null}
          </Descriptions.Item>
          <Descriptions.Item label="客户">{d.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="产品型号">{d.productName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="序列号">{d.serialNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="服务人员">{d.engineerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="服务商">{d.providerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="处理人">{d.handlerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="投诉人">{[d.complainant, d.phone].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="响应时限">
            <Due at={d.responseDue} overdue={d.responseOverdue} />
          </Descriptions.Item>
          <Descriptions.Item label="解决时限">
            <Due at={d.resolveDue} overdue={d.resolveOverdue} />
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
          <Descriptions.Item label="投诉内容" span={3}>
            {d.content ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title="质量分析">
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="责任原因">{d.responsibility ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="分析单位">{d.analysisUnit ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="故障模式">{d.faultModePath ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="使用场所">{d.placeOfUse ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="销售单位">{d.salesUnit ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="费用合计">{yuan(d.costTotal)} 元</Descriptions.Item>
          <Descriptions.Item label="备件费用">{yuan(d.costParts)} 元</Descriptions.Item>
          <Descriptions.Item label="人工费用">{yuan(d.costLabour)} 元</Descriptions.Item>
          <Descriptions.Item label="赔偿费用">{yuan(d.costCompensation)} 元</Descriptions.Item>
          <Descriptions.Item label="原因分析" span={3}>
            {d.causeAnalysis ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="处理结果" span={3}>
            {d.resolution ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <AfterSales source={{ complaintId: d.id }} serial={d.serialNumber} />
      <LogCard title="处理记录" lines={d.log} />
      <RecordFormDialog<EditValues>
        open={editing}
        title="编辑投诉"
        name="complaintEdit"
        width={640}
        initialValues={{
          title: d.title,
          level: d.level,
          content: d.content,
          complainant: d.complainant,
          phone: d.phone,
          responsibility: d.responsibility,
          analysisUnit: d.analysisUnit,
          salesUnit: d.salesUnit,
          placeOfUse: d.placeOfUse,
          causeAnalysis: d.causeAnalysis,
          resolution: d.resolution,
          costParts: d.costParts / 100,
          costLabour: d.costLabour / 100,
          costCompensation: d.costCompensation / 100,
        }}
        onSubmit={edit}
        onClose={() => setEditing(false)}
      >
        <Form.Item name="title" label="投诉标题" rules={rulesOf(body.title)}>
          <Input />
        </Form.Item>
        <Form.Item name="level" label="投诉等级" rules={rulesOf(body.level)}>
          <DictSelect code={COMPLAINT_DICTS.level} />
        </Form.Item>
        <Form.Item name="content" label="投诉内容" rules={rulesOf(body.content)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="responsibility" label="责任原因">
            <DictSelect code={COMPLAINT_DICTS.responsibility} />
          </Form.Item>
          <Form.Item name="analysisUnit" label="分析单位">
            <DictSelect code={COMPLAINT_DICTS.analysisUnit} />
          </Form.Item>
          <Form.Item name="placeOfUse" label="使用场所">
            <DictSelect code={COMPLAINT_DICTS.placeOfUse} />
          </Form.Item>
          <Form.Item name="salesUnit" label="销售单位">
            <DictSelect code={COMPLAINT_DICTS.salesUnit} />
          </Form.Item>
        </Space>
        <Form.Item name="causeAnalysis" label="原因分析" rules={rulesOf(body.causeAnalysis)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="resolution" label="处理结果" rules={rulesOf(body.resolution)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="costParts" label="备件费用（元）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="costLabour" label="人工费用（元）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="costCompensation" label="赔偿费用（元）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
        </Space>
      </RecordFormDialog>
      <RecordFormDialog<{ note: string }>
        open={reopening}
        title="重新打开"
        name="complaintReopen"
        okText="重新打开"
        onSubmit={(v) => run('reopen', v.note)}
        onClose={() => setReopening(false)}
      >
        <Form.Item name="note" label="原因" rules={rulesOf(C.action.body.shape.note, { required: '请填写重新打开的原因' })}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
