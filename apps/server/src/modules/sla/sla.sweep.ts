import { SLA_ESCALATE_TO, slaTypeName } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { ORDER_CLOCKS } from './clock.engine';
import { breachStep, dueClocks, type SweepStep, sweepClocks, warnStep } from './clock.sweep';
import { slaOnSql } from './sla.enabled';

/**
 * The orders' steps of the one clock sweep (clock.sweep.ts): clocks whose warning time came are marked (and their
 * engineer told), clocks past their deadline are breached (the order is already overdue: its due_at is that deadline)
 * and start the policy's ladder, and breaches due for the next step notify it.
 */
export interface SweepResult {
  warned: number;
  breached: number;
  escalated: number;
}

/** An order without its own dispatcher escalates to the enterprise's first few dispatchers, not to every one. */
const FALLBACK_DISPATCHERS = 5;
const DIRECTORS = 20;

/** The engineer (the dispatcher while nobody is assigned, the 接单 clock) is warned. */
const warnNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
  select c.enterprise_id, coalesce(o.service_user_id, o.dispatcher_id), 'sla.warn', '工单' || o.order_no || '即将超时',
    o.title || '：' || (${sql.raw(typeNameSql('c.type'))}) || '时限将到，请尽快处理', '/allOrder/orderDetail/' || o.id, 'sla.warn:' || c.id
  from ${from} join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
  where coalesce(o.service_user_id, o.dispatcher_id) is not null and ${slaOnSql('c.enterprise_id')}
  on conflict do nothing`;

/** The type names as a SQL CASE, so a warning's text is written in the same statement. */
function typeNameSql(col: string): string {
  const cases = Array.from({ length: 11 }, (_, i) => `when ${i + 1} then '${slaTypeName(i + 1)}'`).join(' ');
  return `case ${col} ${cases} else '' end`;
}

/** A breach starts the ladder: the next step is the policy's first, that many minutes after the deadline. */
const breachDue = breachStep(ORDER_CLOCKS, {
  select: sql`, (p.config -> 'escalation' -> 0 ->> 'afterMinutes')::int as first_after`,
  join: sql`left join sla_policies p on p.enterprise_id = c.enterprise_id and p.id = c.policy_id`,
  sets: sql`, next_escalation_at = c.deadline_at + due.first_after * interval '1 minute'`,
});

/** Who a ladder step names, as SQL CASE over the step's `to`. */
const WHO_SQL = `case s.to_whom ${SLA_ESCALATE_TO.map((x) => `when '${x.id}' then '${x.name}'`).join(' ')} else '' end`;

/**
 * The breaches due for their next ladder step, in one statement: the step's people (the order's engineer;
 * the order's dispatcher, else the first five dispatchers; up to 20 directors) each get a notice (once per clock and
 * level), and the clock moves to the next step's time (null after the last).
 */
async function escalateDue(ex: Executor, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`with due as (${dueClocks(ORDER_CLOCKS, 'next_escalation_at', null, now, {
      select: sql`, c.order_id, c.type, c.escalation_level as level, c.breached_at, c.policy_name, p.config -> 'escalation' as ladder`,
      join: sql`left join sla_policies p on p.enterprise_id = c.enterprise_id and p.id = c.policy_id`,
    })}), s as (
      select d.*, d.ladder -> d.level ->> 'to' as to_whom, (d.ladder -> (d.level + 1) ->> 'afterMinutes')::int as next_after from due d
    ), fallback as (
      -- Once per enterprise in the batch, not per clock: its first dispatchers and its directors.
      select e.enterprise_id, x.to_whom, x.user_id from (select distinct enterprise_id from s) e
      cross join lateral (
        (select 'dispatcher' as to_whom, u.id as user_id from users u
          where u.enterprise_id = e.enterprise_id and u.enabled and u.deleted_at is null and u.roles @> '{1}'::smallint[] order by u.id limit ${FALLBACK_DISPATCHERS})
        union all (select 'director', u.id from users u
          where u.enterprise_id = e.enterprise_id and u.enabled and u.deleted_at is null and u.roles @> '{10}'::smallint[] order by u.id limit ${DIRECTORS})
      ) x
    ), os as (
      select s.enterprise_id, s.id, s.level, s.type, s.policy_name, s.to_whom, o.id as order_id, o.order_no, o.title, o.service_user_id, o.dispatcher_id
      from s join orders o on o.enterprise_id = s.enterprise_id and o.id = s.order_id
    ), people as (
      select os.*, os.service_user_id as user_id from os where os.to_whom = 'service' and os.service_user_id is not null
      union all select os.*, os.dispatcher_id from os where os.to_whom = 'dispatcher' and os.dispatcher_id is not null
      union all select os.*, f.user_id from os join fallback f on f.enterprise_id = os.enterprise_id and f.to_whom = os.to_whom
        where os.to_whom = 'director' or (os.to_whom = 'dispatcher' and os.dispatcher_id is null)
    ), n as (
      insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
      select s.enterprise_id, s.user_id, 'sla.escalate', '工单' || s.order_no || '已超时（' || (${sql.raw(typeNameSql('s.type'))}) || '）',
        s.title || '：SLA「' || s.policy_name || '」第' || (s.level + 1) || '级升级，通知' || (${sql.raw(WHO_SQL)}),
        '/allOrder/orderDetail/' || s.order_id, 'sla.escalate:' || s.id || ':' || s.level
      from people s where ${slaOnSql('s.enterprise_id')}
      on conflict do nothing
    ), u as (
      update order_sla_clocks c set escalation_level = s.level + 1,
        next_escalation_at = case when s.next_after is null then null else s.breached_at + s.next_after * interval '1 minute' end
      from s where c.enterprise_id = s.enterprise_id and c.id = s.id
      returning 1
    ) select count(*)::int as n from u`,
  );
  return r[0]?.n ?? 0;
}

const STEPS: SweepStep[] = [warnStep(ORDER_CLOCKS, warnNotices), breachDue, { name: 'escalateDue', run: escalateDue }];

/** One sweep of the orders' clocks at `now`. `ms` (the bench) gets each step's time. */
export async function sweepSla(db: Db, now = new Date(), ms?: Record<string, number>): Promise<SweepResult> {
  const r = await sweepClocks(db, STEPS, now, ms);
  return { warned: r.warnDue ?? 0, breached: r.breachDue ?? 0, escalated: r.escalateDue ?? 0 };
}
