import { EVENT_OVERDUE_TYPES } from '@sk/shared';
import { slaOnSql } from './sla.enabled';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';

/**
 * The event part of the SLA sweep (same job, same 30 s): event clocks whose warning time came are marked and
 * their principal told (the dispatcher when nobody handles it yet); clocks past their deadline are breached and
 * both the principal and the dispatcher told (the event's dispatcher, else the enterprise's first five).
 * Partial indexes on warn_at and deadline_at, batches of 2,000, as the order sweep.
 */
export interface EventSweepResult {
  warned: number;
  breached: number;
}

const BATCH = 2000;
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

async function warnDue(ex: Executor, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`with c as (
      update event_sla_clocks c set warned_at = ${now.toISOString()}::timestamptz
      where (c.enterprise_id, c.id) in (select enterprise_id, id from event_sla_clocks where warn_at <= ${now.toISOString()}::timestamptz and warned_at is null and warn_at is not null
        order by warn_at limit ${BATCH} for update skip locked)
      returning c.enterprise_id, c.event_id, c.type, c.id
    ), n as (
      insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
      select c.enterprise_id, p.user_id, 'sla.event.warn', '事件' || e.event_no || '即将超时',
        e.title || '：' || (${sql.raw(TYPE_NAME)}) || '时限将到，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.warn:' || c.id || ':' || p.user_id
      from c join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
      ${sql.raw(PEOPLE('true', 'e.principal_id is null'))}
      where ${slaOnSql('c.enterprise_id')}
      on conflict do nothing
    ) select count(*)::int as n from c`,
  );
  return Number(r[0]?.n ?? 0);
}

/** The overdue notices of the clocks `c` names (a CTE or a table aliased c): to the principal and the dispatcher. */
const overdueNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, p.user_id, 'sla.event.overdue', '事件' || e.event_no || '已超时（' || (${sql.raw(TYPE_NAME)}) || '）',
    e.title || '：' || (${sql.raw(TYPE_NAME)}) || '，请尽快处理', '/Myevent/eventDetail/' || e.id, 'sla.event.overdue:' || c.id || ':' || p.user_id
  from ${from} join events e on e.enterprise_id = c.enterprise_id and e.id = c.event_id
  ${sql.raw(PEOPLE('true', 'true'))}
  where ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

async function breachDue(ex: Executor, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`with c as (
      update event_sla_clocks c set breached_at = c.deadline_at
      where (c.enterprise_id, c.id) in (select enterprise_id, id from event_sla_clocks where deadline_at <= ${now.toISOString()}::timestamptz and breached_at is null and deadline_at is not null
        order by deadline_at limit ${BATCH} for update skip locked)
      returning c.enterprise_id, c.event_id, c.type, c.id
    ), n as (${overdueNotices(sql`c`)}) select count(*)::int as n from c`,
  );
  return Number(r[0]?.n ?? 0);
}

/** A breach an action found first (the deadline passed between two sweeps) is told as the sweep tells it. */
export async function notifyEventBreach(ex: Executor, enterpriseId: number, clockId: number): Promise<void> {
  await ex.execute(overdueNotices(sql`(select * from event_sla_clocks where enterprise_id = ${enterpriseId} and id = ${clockId}) c`));
}

/** One event sweep at `now`; each step repeats in its own transaction until a batch comes back short. */
export async function sweepEventSla(db: Db, now = new Date()): Promise<EventSweepResult> {
  const loop = async (step: (ex: Executor, now: Date) => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await db.transaction((tx) => step(tx, now));
      total += n;
      if (n < BATCH) return total;
    }
  };
  return { warned: await loop(warnDue), breached: await loop(breachDue) };
}
