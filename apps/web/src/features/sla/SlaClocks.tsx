// The SLA clocks of one order (order detail) or event (event detail): each clock with its remaining time and its mark.
import { SLA_MARK_LABELS } from '@sk/shared/sla/sla.constants';
import { eventSlaContract } from '@sk/shared/events/event.sla';
import { type OrderClock, slaContract } from '@sk/shared/sla/sla.contract';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useApi } from '../../lib/query';
import { remainingText } from './format';

const MARK_COLORS = { ok: 'green', atRisk: 'orange', overdue: 'red' } as const;

function ClockTag({ c }: { c: OrderClock }) {
  const live = c.state === 'running' || c.state === 'paused';
  const color = live || c.mark === 'overdue' ? MARK_COLORS[c.mark] : 'default';
  const tip = [
    c.policyName ? `SLA：${c.policyName}` : '',
    `开始：${c.start_time}`,
    c.deadline ? `截止：${c.deadline}` : '',
    c.breach_time ? `超时于：${c.breach_time}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{tip}</span>}>
      <Tag color={color} data-testid={`sla-clock-${c.type}`} data-mark={c.mark} data-state={c.state}>
        {c.name} · {remainingText(c.remainingMs, c.state)}
        {live && c.mark === 'atRisk' ? ` · ${SLA_MARK_LABELS.atRisk}` : ''}
      </Tag>
    </Tooltip>
  );
}

/** A record's clocks as tags (order or event); nothing without clocks. */
export function ClockList({ clocks }: { clocks: OrderClock[] | undefined }) {
  if (!clocks?.length) return null;
  return (
    <Space wrap size={4} style={{ marginTop: 8 }} data-testid="sla-clocks">
      <Typography.Text type="secondary">SLA：</Typography.Text>
      {clocks.map((c) => (
        <ClockTag key={c.type} c={c} />
      ))}
    </Space>
  );
}

/** Nothing when no SLA applies to the order; refreshed every minute while open. */
export function SlaClocks({ orderId }: { orderId: number }) {
  const q = useApi(slaContract.orderClocks, { orderId }, { staleTime: 0, refetchInterval: 60_000, call: { silent: true } });
  return <ClockList clocks={q.data} />;
}

/** The event SLA's clocks on the event detail, refreshed every minute. */
export function EventSlaClocks({ eventId }: { eventId: number }) {
  const q = useApi(eventSlaContract.clocks, { eventId }, { staleTime: 0, refetchInterval: 60_000, call: { silent: true } });
  return <ClockList clocks={q.data} />;
}

/** The lists' mark of an event: nothing while on time or without clocks. */
export function SlaMarkTag({ mark }: { mark: 'ok' | 'atRisk' | 'overdue' | null | undefined }) {
  if (mark !== 'atRisk' && mark !== 'overdue') return null;
  return (
    <Tag color={MARK_COLORS[mark]} data-testid="sla-mark" data-mark={mark}>
      {SLA_MARK_LABELS[mark]}
    </Tag>
  );
}
