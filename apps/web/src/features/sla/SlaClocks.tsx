// The SLA clocks of one order (order detail): each clock with its remaining time and its mark.
import { SLA_MARK_LABELS } from '@sk/shared/sla/sla.constants';
import { type OrderClock, slaContract } from '@sk/shared/sla/sla.contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useApi } from '../../lib/query';
import { remainingText } from './format';

const MARK_COLORS = { ok: 'green', atRisk: 'orange', overdue: 'red' } as const;

function ClockTag({ c }: { c: OrderClock }) {
  const live = c.state === 'running' || c.state === 'paused';
  const color = live || c.mark === 'overdue' ? MARK_COLORS[c.mark] : 'default';
  const tip = [`SLA：${c.policyName}`, `开始：${c.start_time}`, c.deadline ? `截止：${c.deadline}` : '', c.breach_time ? `超时于：${c.breach_time}` : ''].filter(Boolean).join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{tip}</span>}>
      <Tag color={color} data-testid={`sla-clock-${c.type}`} data-mark={c.mark} data-state={c.state}>
        {c.name} · {remainingText(c.remainingMs, c.state)}
        {live && c.mark === 'atRisk' ? ` · ${SLA_MARK_LABELS.atRisk}` : ''}
      </Tag>
    </Tooltip>
  );
}

/** Nothing when no SLA applies to the order; refreshed every minute while open. */
export function SlaClocks({ orderId }: { orderId: number }) {
  const q = useApi(slaContract.orderClocks, { orderId }, { staleTime: 0, refetchInterval: 60_000, call: { silent: true } });
  if (!q.data?.length) return null;
  return (
    <Space wrap size={4} style={{ marginTop: 8 }} data-testid="sla-clocks">
      <Typography.Text type="secondary">SLA：</Typography.Text>
      {q.data.map((c) => (
        <ClockTag key={c.type} c={c} />
      ))}
    </Space>
  );
}
