// The statements of the events' SLA: the template setting, the event clocks, their marks, breaches and notices.
import type { EventExceedQuery } from '@sk/shared';
import { EVENT_OVERDUE_TYPES } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { clockSelect, EVENT_CLOCKS, type StoredClock } from './clock.repo';
import { slaOnSql } from './sla.repo';

const EVENT_FORM_KIND = 6;

/** Whether the event template is the enterprise's. */
export async function eventTemplateExists(ex: Executor, enterpriseId: number, tmpId: number): Promise<boolean> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${tmpId} and form_kind = ${EVENT_FORM_KIND}`,
  );
  return !!t;
}

/** The template's stored setting (none: no clocks). */
export async function eventSlaRow<C>(ex: Executor, enterpriseId: number, templateId: number): Promise<C | undefined> {
  const [r] = await rows<{ config: C }>(ex, sql`select config from event_sla_settings where enterprise_id = ${enterpriseId} and template_id = ${templateId}`);
  return r?.config;
}

export async function upsertEventSla(ex: Executor, enterpriseId: number, userId: number, tmpId: number, config: unknown): Promise<void> {
  await ex.execute(sql`insert into event_sla_settings (enterprise_id, template_id, config, updated_by)
    values (${enterpriseId}, ${tmpId}, ${JSON.stringify(config)}::jsonb, ${userId})
    on conflict (enterprise_id, template_id) do update set config = excluded.config, updated_by = excluded.updated_by, updated_at = now()`);
}

export type EventClockRow = StoredClock;
export const EVENT_CLOCK_COLUMNS = clockSelect(EVENT_CLOCKS);

/** The event's clocks in type order. */
export function eventClockRows(ex: Executor, enterpriseId: number, eventId: number): Promise<EventClockRow[]> {
  return rows<EventClockRow>(
    ex,
    sql`select ${EVENT_CLOCK_COLUMNS} from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id = ${eventId} order by type`,
  );
}

/** Each event's worst mark: 2 a clock breached, 1 a running clock past its warning, else 0. */
export function eventMarkRows(ex: Executor, enterpriseId: number, ids: readonly number[]): Promise<{ event_id: number; m: number }[]> {
  return rows<{ event_id: number; m: number }>(
    ex,
    sql`select event_id, max(case when breached_at is not null or (outcome = 0 and deadline_at <= now()) then 2
        when outcome = 0 and running_since is not null and warn_at <= now() then 1 else 0 end)::int as m
      from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) group by event_id`,
  );
}

/** Breaches whose breach time falls in the days [start, end] of the enterprise's zone (last 30 days by default). */
export function eventBreachWhere(enterpriseId: number, f: EventExceedQuery, timeZone: string): SQL {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
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

/** Breaches counted by overdue type, event template or principal; `none` names a group without a key's name. */
export async function eventExceedRows(ex: Executor, enterpriseId: number, groupBy: string, where: SQL) {
  const g = GROUPS[groupBy] ?? (GROUPS.type as (typeof GROUPS)[string]);
  const rs = await rows<{ key: number | null; name: string | null; count: number }>(
    ex,
    sql`select k.key, ${g.name} as name, k.count from (
        select ${enterpriseId}::bigint as ep, ${g.key} as key, count(*)::int as count
        from event_sla_clocks c ${g.events ? sql`join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id` : sql``}
        where ${where} group by 2
      ) k order by k.count desc, k.key nulls last`,
  );
  return { rows: rs, none: g.none };
}

export async function eventBreachCount(ex: Executor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from event_sla_clocks c where ${where}`);
  return r?.n ?? 0;
}

/** deleteEventClocks as a statement to put in a CTE of another (`ids`: the events, e.g. `(select id from u)`). */
export const eventClocksDeleteSql = (enterpriseId: number, ids: SQL): SQL =>
  sql`delete from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id = any(${ids})`;

const FALLBACK_DISPATCHERS = 5;
const TYPE_NAME = `case c.type ${Object.entries(EVENT_OVERDUE_TYPES)
  .map(([k, v]) => `when ${k} then '${v}'`)
  .join(' ')} else '' end`;

/** The people a step tells: `principal` the handler; `dispatcher` the event's dispatcher or the first few dispatchers. */
const PEOPLE = (withPrincipal: string, withDispatcher: string) => `cross join lateral (
    select e.principal_id as user_id where ${withPrincipal} and e.principal_id is not null
    union select e.dispatcher_id where ${withDispatcher} and e.dispatcher_id is not null
    union (select u.id from users u where u.enterprise_id = e.enterprise_id and u.enabled and u.deleted_at is null
      and ${withDispatcher} and e.dispatcher_id is null and u.roles @> '{1}'::smallint[] order by u.id limit ${FALLBACK_DISPATCHERS})
  ) p`;

/** Warned: the principal, else (nobody handles the event yet) the dispatchers. */
export const warnNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, p.user_id, 'sla.event.warn', '事件' || e.event_no || '即将超时',
    e.title || '：' || (${sql.raw(TYPE_NAME)}) || '时限将到，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.warn:' || c.id || ':' || p.user_id
  from ${from} join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
  ${sql.raw(PEOPLE('true', 'e.principal_id is null'))}
  where ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

/** The overdue notices of the clocks `c` names (a CTE or a table aliased c): to the principal and the dispatcher. */
export const overdueNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, p.user_id, 'sla.event.overdue', '事件' || e.event_no || '已超时（' || (${sql.raw(TYPE_NAME)}) || '）',
    e.title || '：' || (${sql.raw(TYPE_NAME)}) || '，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.overdue:' || c.id || ':' || p.user_id
  from ${from} join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
  ${sql.raw(PEOPLE('true', 'true'))}
  where ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

/** The overdue notices of one clock. */
export async function insertEventBreachNotices(ex: Executor, enterpriseId: number, clockId: number): Promise<void> {
  await ex.execute(overdueNotices(sql`(select * from event_sla_clocks where enterprise_id = ${enterpriseId} and id = ${clockId}) c`));
}
