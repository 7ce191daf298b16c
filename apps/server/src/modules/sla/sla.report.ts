import { type ExceedRow, elapsedMs, markOf, type OrderClock, slaTypeName } from '@sk/shared';
import type { Executor } from '../../db/client';
import { invalid } from '../../platform/errors';
import { stateOf } from './clock.engine';
import { calendarsOf } from './sla.calendar';
import { breachCount, type ExceedFilter, exceedRows, orderBreachWhere, orderClockRows } from './sla.repo';

export type { ExceedFilter };

/** The breaches' condition; an end before the start is refused. */
function breachWhere(enterpriseId: number, f: ExceedFilter, timeZone: string) {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
  if (f.startTime && f.endTime && day(f.endTime) < day(f.startTime)) throw invalid('结束日期不能早于开始日期');
  return orderBreachWhere(enterpriseId, f, timeZone);
}

export async function exceedStatistics(ex: Executor, enterpriseId: number, f: ExceedFilter, timeZone: string): Promise<ExceedRow[]> {
  const { rows: rs, none } = await exceedRows(ex, enterpriseId, f.groupBy, breachWhere(enterpriseId, f, timeZone));
  return rs.map((r) => {
    const name = f.groupBy === 'type' ? slaTypeName(r.key ?? 0) : (r.name ?? none);
    return { key: r.key, name, count: r.count };
  });
}

export async function exceedCount(ex: Executor, enterpriseId: number, f: ExceedFilter, timeZone: string): Promise<number> {
  return breachCount(ex, breachWhere(enterpriseId, f, timeZone));
}

/** Every clock of one order with its count, remaining time and mark at `now`. */
export async function orderClocks(ex: Executor, enterpriseId: number, orderId: number, now = Date.now()): Promise<OrderClock[]> {
  const cs = await orderClockRows(ex, enterpriseId, orderId);
  if (cs.length === 0) return [];
  const cals = await calendarsOf(ex, enterpriseId);
  const text = (ms: number | null) => (ms == null ? null : (apiText(ms, cals.timeZone) as string));
  return cs.map((c) => {
    const s = stateOf(c);
    const elapsed = elapsedMs(c.business ? cals.business : cals.calendar, s, now);
    const breached = c.breached_at != null || elapsed >= c.target_ms;
    const mark = breached ? 'overdue' : markOf(elapsed, c.target_ms, c.warn_ms);
    const state = c.outcome === 1 ? 'met' : c.outcome === 2 ? 'cancelled' : s.runningSince == null ? 'paused' : 'running';
    return {
      type: c.type,
      name: slaTypeName(c.type),
      policyName: c.policy_name,
      state,
      mark,
      targetMs: c.target_ms,
      elapsedMs: elapsed,
      remainingMs: c.target_ms - elapsed,
      pausedMs: c.paused_ms + (c.paused_since != null && c.stopped_at == null ? now - c.paused_since : 0),
      start_time: text(c.started_at) as string,
      deadline: text(c.deadline_at),
      breach_time: text(c.breached_at),
    };
  });
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in a zone, as the API speaks. */
export function apiText(ms: number, timeZone: string): string {
  const f = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return f.format(new Date(ms));
}
