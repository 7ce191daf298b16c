// 寄修单详情 (/repairOrderDetail?id): the order with its source, the unit's logistics in and out, where it is in stock,
// the result and cost; the actions its abilities allow (确认收件, 完成维修, 取消 with an 无法完成原因) and 编辑.
import type { RepairDetail as Detail, RepairUpdateBody } from '@sk/shared/quality/repair.contract';
import { Button, Card, Descriptions, Empty, Form, Input, InputNumber, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LogCard, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { AfterSales } from '../AfterSales';
import { R, yuan } from '../api';
import { DictSelect } from '../DictSelect';
import { repairColor, repairSource, repairState } from '../options';

const body = R.update.body.shape;
type EditValues = Omit<RepairUpdateBody, 'id' | 'version' | 'cost'> & { cost?: number | null };

export default function RepairDetail() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const q = useApi(R.detail, { id }, { enabled: id > 0 });
  const act = useApiMutation(R.action);
  const update = useApiMutation(R.update);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Empty description={q.error?.message ?? '数据不存在或已被删除'} />;
  const d: Detail = q.data;
  const run = (action: 'confirm' | 'complete' | 'cancel', extra: { unableReason?: string | null; note?: string | null } = {}) =>
    act.mutateAsync({ id, action, state: d.state, ...extra });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <span>寄修单 {d.repairNo}</span>
            <Tag color={repairColor(d.state)}>{repairState(d.state)}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {d.abilities.includes('confirm') ? (
              <Button type="primary" loading={act.isPending} onClick={() => void run('confirm').catch(() => undefined)}>
                确认收件
              </Button>
            ) : null}
            {d.abilities.includes('complete') ? (
              <Button type="primary" loading={act.isPending} onClick={() => void run('complete').catch(() => undefined)}>
                完成维修
              </Button>
            ) : null}
            {d.state === 0 || d.state === 1 ? <Button onClick={() => setEditing(true)}>编辑</Button> : null}
            {d.abilities.includes('cancel') ? (
              <Button danger onClick={() => (d.state === 1 ? setCancelling(true) : void run('cancel').catch(() => undefined))}>
                取消
              </Button>
            ) : null}
            {d.approvalId ? <Link to={`/approvalProcess?id=${d.approvalId}`}>查看审批</Link> : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="来源">
            <Space size={4} wrap>
              {repairSource(d.sourceType)}
              {d.complaintId ? <Link to={`/customerComplaintDetail?id=${d.complaintId}`}>{d.complaintNo}</Link> : null}
              {d.orderId ? <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link> : null}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="客户">{d.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="产品型号">{d.productName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="序列号">{d.serialNumber}</Descriptions.Item>
          <Descriptions.Item label="所在仓库">{d.warehouseName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="维修费用">{yuan(d.cost)} 元</Descriptions.Item>
          <Descriptions.Item label="寄入物流">{d.inWaybill ? `${d.inCarrier ?? ''} ${d.inWaybill}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="寄回物流">{d.outWaybill ? `${d.outCarrier ?? ''} ${d.outWaybill}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="收件时间">{d.receivedTime ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{d.completedTime ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="无法完成原因">{d.unableReason ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
          <Descriptions.Item label="故障描述" span={3}>
            {d.fault}
          </Descriptions.Item>
          <Descriptions.Item label="维修结果" span={3}>
            {d.result ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {d.remark ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <AfterSales source={{ repairId: d.id }} serial={d.serialNumber} />
      <LogCard title="处理记录" lines={d.log} />
      <RecordFormDialog<EditValues>
        open={editing}
        title="编辑寄修单"
        name="repairEdit"
        width={640}
        initialValues={{
          fault: d.fault,
          inCarrier: d.inCarrier,
          inWaybill: d.inWaybill,
          outCarrier: d.outCarrier,
          outWaybill: d.outWaybill,
          result: d.result,
          remark: d.remark,
          cost: d.cost / 100,
        }}
        onSubmit={(v) => update.mutateAsync({ ...v, id, version: d.version, cost: Math.round((v.cost ?? 0) * 100) })}
        onClose={() => setEditing(false)}
      >
        <Form.Item name="fault" label="故障描述" rules={rulesOf(body.fault)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="inCarrier" label="寄入物流公司">
            <DictSelect code="logistics_company" />
          </Form.Item>
          <Form.Item name="inWaybill" label="寄入运单号" rules={rulesOf(body.inWaybill)}>
            <Input />
          </Form.Item>
        </Space>
        <Form.Item name="result" label="维修结果" rules={rulesOf(body.result)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="outCarrier" label="寄回物流公司">
            <DictSelect code="logistics_company" />
          </Form.Item>
          <Form.Item name="outWaybill" label="寄回运单号" rules={rulesOf(body.outWaybill)}>
            <Input />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="cost" label="维修费用（元）">
            <InputNumber min={0} precision={2} />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={rulesOf(body.remark)}>
            <Input />
          </Form.Item>
        </Space>
      </RecordFormDialog>
      <RecordFormDialog<{ unableReason: string; note?: string | null }>
        open={cancelling}
        title="取消寄修"
        name="repairCancel"
        okText="取消寄修"
        onSubmit={(v) => run('cancel', v)}
        onClose={() => setCancelling(false)}
      >
        <Form.Item name="unableReason" label="无法完成原因" rules={rulesOf(R.action.body.shape.unableReason, { required: '请选择无法完成原因' })}>
          <DictSelect code="unable_reason" />
        </Form.Item>
        <Form.Item name="note" label="备注">
          <Input.TextArea rows={2} />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
