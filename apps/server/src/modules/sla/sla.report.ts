import { type ExceedRow, elapsedMs, markOf, type OrderClock, slaTypeName } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { invalid } from '../../platform/errors';
import { calendarsOf } from './sla.calendar';
import { clockSelect, ORDER_CLOCKS, stateOf } from './clock.engine';
import type { ClockRow } from './sla.clocks';

export interface ExceedFilter {
  startTime?: string;
  endTime?: string;
  type?: number;
  groupBy: string;
}

/** Breaches of the enterprise whose breach time falls in the days [start, end] (its zone; last 30 days by default). */
function breachWhere(enterpriseId: number, f: ExceedFilter, timeZone: string): SQL {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
  const start = f.startTime ? sql`(${day(f.startTime)}::date)::timestamp at time zone ${timeZone}` : sql`now() - interval '30 days'`;
  const end = f.endTime ? sql`(${day(f.endTime)}::date + 1)::timestamp at time zone ${timeZone}` : sql`now() + interval '1 day'`;
  if (f.startTime && f.endTime && day(f.endTime) < day(f.startTime)) throw invalid('结束日期不能早于开始日期');
  const type = f.type ? sql` and c.type = ${f.type}` : sql``;
  return sql`c.enterprise_id = ${enterpriseId} and c.breached_at is not null and c.breached_at >= ${start} and c.breached_at < ${end}${type}`;
}

const GROUPS: Record<string, { key: SQL; name: SQL; none: string }> = {
  type: { key: sql`c.type`, name: sql`null::text`, none: '' },
  template: {
    key: sql`o.template_id`,
    name: sql`(select t.name from form_templates t where t.enterprise_id = o.enterprise_id and t.id = o.template_id)`,
    none: '未知类型',
  },
  group: {
    key: sql`o.service_group_id`,
    name: sql`(select g.name from service_groups g where g.enterprise_id = o.enterprise_id and g.id = o.service_group_id)`,
    none: '未分配团队',
  },
  engineer: {
    key: sql`o.service_user_id`,
    name: sql`(select u.name from users u where u.enterprise_id = o.enterprise_id and u.id = o.service_user_id)`,
    none: '未指派',
  },
};

export async function exceedStatistics(ex: Executor, enterpriseId: number, f: ExceedFilter, timeZone: string): Promise<ExceedRow[]> {
  const g = GROUPS[f.groupBy] ?? (GROUPS.type as (typeof GROUPS)[string]);
  const rs = await rows<{ key: number | null; name: string | null; count: number }>(
    ex,
    sql`select k.key, ${g.name} as name, k.count from (
        select ${g.key} as key, min(o.id) as oid, count(*)::int as count
        from order_sla_clocks c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
        where ${breachWhere(enterpriseId, f, timeZone)} group by 1
      ) k join orders o on o.enterprise_id = ${enterpriseId} and o.id = k.oid
      order by k.count desc, k.key nulls last`,
  );
  return rs.map((r) => {
    const name = f.groupBy === 'type' ? slaTypeName(r.key ?? 0) : (r.name ?? g.none);
    return { key: r.key, name, count: r.count };
  });
}

export async function exceedCount(ex: Executor, enterpriseId: number, f: ExceedFilter, timeZone: string): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from order_sla_clocks c where ${breachWhere(enterpriseId, f, timeZone)}`);
  return r?.n ?? 0;
}

/** Every clock of one order with its count, remaining time and mark at `now`. */
export async function orderClocks(ex: Executor, enterpriseId: number, orderId: number, now = Date.now()): Promise<OrderClock[]> {
  const cs = await rows<ClockRow>(
    ex,
    sql`select ${clockSelect(ORDER_CLOCKS)} from order_sla_clocks where enterprise_id = ${enterpriseId} and order_id = ${orderId} order by type`,
  );
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
