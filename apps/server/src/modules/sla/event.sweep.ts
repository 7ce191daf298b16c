import { EVENT_OVERDUE_TYPES } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { EVENT_CLOCKS } from './clock.engine';
import { breachStep, type SweepStep, sweepClocks, warnStep } from './clock.sweep';
import { slaOnSql } from './sla.enabled';

/**
 * The events' steps of the one clock sweep (clock.sweep.ts): event clocks whose warning time came are marked and
 * their principal told (the dispatcher when nobody handles it yet); clocks past their deadline are breached and
 * both the principal and the dispatcher told (the event's dispatcher, else the enterprise's first five).
 */
export interface EventSweepResult {
  warned: number;
  breached: number;
}

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
const warnNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, p.user_id, 'sla.event.warn', '事件' || e.event_no || '即将超时',
    e.title || '：' || (${sql.raw(TYPE_NAME)}) || '时限将到，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.warn:' || c.id || ':' || p.user_id
  from ${from} join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
  ${sql.raw(PEOPLE('true', 'e.principal_id is null'))}
  where ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

/** The overdue notices of the clocks `c` names (a CTE or a table aliased c): to the principal and the dispatcher. */
const overdueNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, p.user_id, 'sla.event.overdue', '事件' || e.event_no || '已超时（' || (${sql.raw(TYPE_NAME)}) || '）',
    e.title || '：' || (${sql.raw(TYPE_NAME)}) || '，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.overdue:' || c.id || ':' || p.user_id
  from ${from} join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
  ${sql.raw(PEOPLE('true', 'true'))}
  where ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

/** A breach an action found first (the deadline passed between two sweeps) is told as the sweep tells it. */
export async function notifyEventBreach(ex: Executor, enterpriseId: number, clockId: number): Promise<void> {
  await ex.execute(overdueNotices(sql`(select * from event_sla_clocks where enterprise_id = ${enterpriseId} and id = ${clockId}) c`));
}

const STEPS: SweepStep[] = [warnStep(EVENT_CLOCKS, warnNotices), breachStep(EVENT_CLOCKS, { notices: overdueNotices })];

/** One sweep of the events' clocks at `now`. */
export async function sweepEventSla(db: Db, now = new Date()): Promise<EventSweepResult> {
  const r = await sweepClocks(db, STEPS, now);
  return { warned: r.warnDue ?? 0, breached: r.breachDue ?? 0 };
}
