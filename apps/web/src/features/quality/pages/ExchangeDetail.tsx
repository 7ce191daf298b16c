// 退换货单详情 (/exchangeOrderDetail?id): the order with its source, units, reason and amount; 通过 / 驳回 for its
// approver (never the applicant), 取消 for the applicant while it waits; the approval flow when one decides it.
import type { ExchangeDetail as Detail } from '@sk/shared/quality/repair.contract';
import { Button, Card, Descriptions, Empty, Form, Input, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LogCard, RecordFormDialog } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { repairPath, X, yuan } from '../api';
import { exchangeColor, exchangeKind, exchangeSource, exchangeState } from '../options';

export default function ExchangeDetail() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const q = useApi(X.detail, { id }, { enabled: id > 0 });
  const act = useApiMutation(X.action);
  const [rejecting, setRejecting] = useState(false);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Empty description={q.error?.message ?? '数据不存在或已被删除'} />;
  const d: Detail = q.data;
  const run = (action: 'approve' | 'reject' | 'cancel', note?: string | null) => act.mutateAsync({ id, action, note: note ?? null });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space wrap>
            <span>
              {exchangeKind(d.kind)}单 {d.exchangeNo}
            </span>
            <Tag color={exchangeColor(d.state)}>{exchangeState(d.state)}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            {d.abilities.includes('approve') ? (
              <Button type="primary" loading={act.isPending} onClick={() => void run('approve').catch(() => undefined)}>
                通过
              </Button>
            ) : null}
            {d.abilities.includes('reject') ? (
              <Button danger onClick={() => setRejecting(true)}>
                驳回
              </Button>
            ) : null}
            {d.abilities.includes('cancel') ? (
              <Button loading={act.isPending} onClick={() => void run('cancel').catch(() => undefined)}>
                取消
              </Button>
            ) : null}
            {d.approvalId ? <Link to={`/approvalProcess?id=${d.approvalId}`}>查看审批流程</Link> : null}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="来源">
            <Space size={4} wrap>
              {exchangeSource(d.sourceType)}
              {d.complaintId ? <Link to={`/customerComplaintDetail?id=${d.complaintId}`}>{d.complaintNo}</Link> : null}
              {d.orderId ? <Link to={`/allOrder/orderDetail/${d.orderId}`}>{d.orderNo}</Link> : null}
              {d.repairId ? <Link to={repairPath(d.repairId)}>{d.repairNo}</Link> : null}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="客户">{d.customerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="产品型号">{d.productName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="序列号">{d.serialNumbers.join('、') || '—'}</Descriptions.Item>
          {d.kind === 1 ? <Descriptions.Item label="换新序列号">{d.replacementSerial ?? '未指定'}</Descriptions.Item> : null}
          <Descriptions.Item label="金额">{yuan(d.amount)} 元</Descriptions.Item>
          <Descriptions.Item label="申请人">{d.applicantName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="审批人">{d.deciderName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="审批时间">{d.decidedTime ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{d.create_time}</Descriptions.Item>
          <Descriptions.Item label="退换原因" span={3}>
            {d.reason}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={3}>
            {d.remark ?? '—'}
          </Descriptions.Item>
          {d.stock.length ? (
            <Descriptions.Item label="库存变动" span={3}>
              <Space direction="vertical" size={2} data-testid="exchange-stock">
                {d.stock.map((m) => (
                  <span key={`${m.type}${m.serial}${m.time}`}>
                    {m.time} {m.warehouseName ?? ''} {m.type} {m.serial ?? ''}（{m.change > 0 ? `+${m.change}` : m.change}）
                  </span>
                ))}
              </Space>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <LogCard title="处理记录" lines={d.log} />
      <RecordFormDialog<{ note: string }>
        open={rejecting}
        title="驳回"
        name="exchangeReject"
        okText="驳回"
        onSubmit={(v) => run('reject', v.note)}
        onClose={() => setRejecting(false)}
      >
        <Form.Item name="note" label="驳回理由" rules={rulesOf(X.action.body.shape.note, { required: '请填写驳回理由' })}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </RecordFormDialog>
    </Space>
  );
}
