// 工单进度 (the order's milestones) and 操作日志 (every logged action, from order_logs).
import type { OrderDetail, OrderLog } from '@sk/shared/orders/order.detail.contract';
import { Empty, Space, Spin, Steps, Tag, Timeline, Typography } from 'antd';
import { PersonLink } from '../../../../components';
import { useApi } from '../../../../lib/query';
import { orderDetailContract as K } from '../api';

/** The milestones in the order they happen: done ones with their time, the rest waiting (a step the process skips stays waiting). */
export function ProgressTab({ d }: { d: OrderDetail }) {
  const t = d.times;
  const steps = [
    { title: '创建工单', at: t.createdAt },
    { title: '受理', at: t.acceptedAt },
    { title: '派单', at: t.dispatchedAt },
    { title: '接单', at: t.takenAt },
    { title: '开始服务', at: t.startedAt },
    { title: '完成服务', at: t.finishedAt },
    { title: '回执', at: d.receipt?.receiptedAt ?? null },
    { title: '收款', at: d.collection?.paidAt ?? null },
    ...(t.cancelledAt ? [{ title: '已取消', at: t.cancelledAt }] : []),
    ...(t.archivedAt ? [{ title: '归档', at: t.archivedAt }] : []),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {d.customApplyTime ? <Typography.Text>预约时间：{d.customApplyTime}</Typography.Text> : null}
      <Steps
        orientation="vertical"
        size="small"
        className="sk-order-progress"
        items={steps.map((s) => ({ title: s.title, content: s.at ?? '未进行', status: s.at ? 'finish' : 'wait' }))}
      />
    </Space>
  );
}

function LogItem({ l }: { l: OrderLog }) {
  const moved = l.fromState != null && l.fromState !== l.toState;
  return (
    <Space orientation="vertical" size={2} data-testid="order-log">
      <Space size={6} wrap>
        <Typography.Text strong>{l.actionName}</Typography.Text>
        {moved ? (
          <Tag>
            {l.fromStateName} → {l.toStateName}
          </Tag>
        ) : l.fromState == null ? (
          <Tag>{l.toStateName}</Tag>
        ) : null}
      </Space>
      <Typography.Text type="secondary">
        {l.user ? <PersonLink id={l.user.id} name={l.user.name} /> : '系统'} · {l.createTime}
      </Typography.Text>
      {l.note ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{l.note}</Typography.Text> : null}
      {l.changedNames.length ? <Typography.Text type="secondary">变更：{l.changedNames.join('、')}</Typography.Text> : null}
    </Space>
  );
}

/** The whole timeline of actions, newest last, as the log keeps it. */
export function LogsTab({ orderId }: { orderId: number }) {
  const logs = useApi(K.logs, { orderId }, { staleTime: 0 });
  if (logs.isPending) return <Spin />;
  if (!logs.data?.length) return <Empty description="暂无日志" />;
  return <Timeline className="sk-order-logs" items={logs.data.map((l) => ({ key: l.id, content: <LogItem l={l} /> }))} />;
}
