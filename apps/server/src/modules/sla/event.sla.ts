import { type EventExceedQuery, type EventSlaSetting, elapsedMs, eventSlaTypeName, markOf, type OrderClock } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { EVENT_CLOCK_COLUMNS, type EventClockRow, eventStateOf } from './event.clocks';
import { calendarsOf } from './sla.calendar';
import { apiText } from './sla.report';

const EVENT_FORM_KIND = 6;

async function checkTemplate(ex: Executor, enterpriseId: number, tmpId: number): Promise<void> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${tmpId} and form_kind = ${EVENT_FORM_KIND}`,
  );
  if (!t) throw new AppError('NOT_FOUND', { detail: '事件模板不存在' });
}

/** GET /v2/eventTemp/sla: a template without a setting has no clocks. */
export async function eventSla(ex: Executor, enterpriseId: number, tmpId: number): Promise<EventSlaSetting> {
  await checkTemplate(ex, enterpriseId, tmpId);
  const [r] = await rows<{ config: Omit<EventSlaSetting, 'tmpId'> }>(
    ex,
    sql`select config from event_sla_settings where enterprise_id = ${enterpriseId} and template_id = ${tmpId}`,
  );
  return { tmpId, business: r?.config.business ?? false, clocks: r?.config.clocks ?? [] };
}

/** PUT /v2/eventTemp/sla: one row per template, the whole setting at once (clocks in type order). */
export async function saveEventSla(ex: Executor, enterpriseId: number, userId: number, b: EventSlaSetting): Promise<void> {
  await checkTemplate(ex, enterpriseId, b.tmpId);
  const config = { business: b.business, clocks: [...b.clocks].sort((x, y) => x.type - y.type) };
  await ex.execute(sql`insert into event_sla_settings (enterprise_id, template_id, config, updated_by)
    values (${enterpriseId}, ${b.tmpId}, ${JSON.stringify(config)}::jsonb, ${userId})
    on conflict (enterprise_id, template_id) do update set config = excluded.config, updated_by = excluded.updated_by, updated_at = now()`);
}

/** Every clock of one event with its count, remaining time and mark at `now` (the order clock's shape). */
export async function eventClocks(ex: Executor, enterpriseId: number, eventId: number, now = Date.now()): Promise<OrderClock[]> {
  const cs = await rows<EventClockRow>(
    ex,
    sql`select ${EVENT_CLOCK_COLUMNS} from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id = ${eventId} order by type`,
  );
  if (cs.length === 0) return [];
  const cals = await calendarsOf(ex, enterpriseId);
  const text = (ms: number | null) => (ms == null ? null : apiText(ms, cals.timeZone));
  return cs.map((c) => {
    const s = eventStateOf(c);
    const elapsed = elapsedMs(c.business ? cals.business : cals.calendar, s, now);
    const mark = c.breached_at != null || elapsed >= c.target_ms ? 'overdue' : markOf(elapsed, c.target_ms, c.warn_ms);
    const state = c.outcome === 1 ? 'met' : c.outcome === 2 ? 'cancelled' : s.runningSince == null ? 'paused' : 'running';
    return {
      type: c.type,
      name: eventSlaTypeName(c.type),
      policyName: '',
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

export type SlaMark = 'ok' | 'atRisk' | 'overdue';
/** The lists' mark of each event among `ids` that has clocks: overdue once a clock breached, at risk past a running clock's warning. */
export async function eventMarks(ex: Executor, enterpriseId: number, ids: number[]): Promise<Map<number, SlaMark>> {
  if (ids.length === 0) return new Map();
  const rs = await rows<{ event_id: number; m: number }>(
    ex,
    sql`select event_id, max(case when breached_at is not null or (outcome = 0 and deadline_at <= now()) then 2
        when outcome = 0 and running_since is not null and warn_at <= now() then 1 else 0 end)::int as m
      from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) group by event_id`,
  );
  const names: SlaMark[] = ['ok', 'atRisk', 'overdue'];
  return new Map(rs.map((r) => [r.event_id, names[r.m] as SlaMark]));
}

/** Breaches whose breach time falls in the days [start, end] of the enterprise's zone (last 30 days by default). */
function breachWhere(enterpriseId: number, f: EventExceedQuery, timeZone: string): SQL {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
  if (f.startTime && f.endTime && day(f.endTime) < day(f.startTime)) throw invalid('结束日期不能早于开始日期');
  const start = f.startTime ? sql`(${day(f.startTime)}::date)::timestamp at time zone ${timeZone}` : sql`now() - interval '30 days'`;
  const end = f.endTime ? sql`(${day(f.endTime)}::date + 1)::timestamp at time zone ${timeZone}` : sql`now() + interval '1 day'`;
  const type = f.type ? sql` and c.type = ${f.type}` : sql``;
  return sql`c.enterprise_id = ${enterpriseId} and c.breached_at is not null and c.breached_at >= ${start} and c.breached_at < ${end}${type}`;
}

/** Deleted events take their clocks with them (deleteEventClocks), so counting by type reads the clocks alone. */
const GROUPS: Record<string, { key: SQL; name: SQL; none: string; events: boolean }> = {
  type: { key: sql`c.type`, name: sql`null::text`, none: '', events: false },
  template: {
    key: sql`e.template_id`,
    name: sql`(select t.name from form_templates t where t.enterprise_id = ${sql.raw('k.ep')} and t.id = k.key)`,
    none: '未知模板',
    events: true,
  },
  principal: {
    key: sql`e.principal_id`,
    name: sql`(select u.name from users u where u.enterprise_id = ${sql.raw('k.ep')} and u.id = k.key)`,
    none: '未分配',
    events: true,
  },
};

/** GET /report/eventExceedStatistics: breaches by overdue type, event template or principal. */
export async function eventExceedStatistics(ex: Executor, enterpriseId: number, f: EventExceedQuery, timeZone: string) {
  const g = GROUPS[f.groupBy] ?? (GROUPS.type as (typeof GROUPS)[string]);
  const rs = await rows<{ key: number | null; name: string | null; count: number }>(
    ex,
    sql`select k.key, ${g.name} as name, k.count from (
        select ${enterpriseId}::bigint as ep, ${g.key} as key, count(*)::int as count
        from event_sla_clocks c ${g.events ? sql`join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id` : sql``}
        where ${breachWhere(enterpriseId, f, timeZone)} group by 2
      ) k order by k.count desc, k.key nulls last`,
  );
  return rs.map((r) => {
    const name = f.groupBy === 'type' ? eventSlaTypeName(r.key ?? 0) : (r.name ?? g.none);
    return { key: r.key, name, count: r.count };
  });
}

export async function eventExceedCount(ex: Executor, enterpriseId: number, f: EventExceedQuery, timeZone: string): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from event_sla_clocks c where ${breachWhere(enterpriseId, f, timeZone)}`);
  return r?.n ?? 0;
}
