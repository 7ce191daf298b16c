// The statements of the orders' SLA: the switch, the business hours, the clocks' report, sweep and recompute.
import type { SlaCalendarInput } from '@sk/shared';
import { SLA_ESCALATE_TO, slaTypeName } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { OrderRecord } from '../../db/records';
import { type ClockSubject, clockSelect, dueClocks, ORDER_CLOCKS, type StoredClock, tsOf } from './clock.repo';

export const SLA_SETTING = 'sla_enabled';

/** The switch inside the sweep's statements, for the enterprise in `col` (the catalogue default is off: only a stored '1' is on). */
export const slaOnSql = (col: string): SQL =>
  sql`exists (select 1 from system_settings ss where ss.enterprise_id = ${sql.raw(col)} and ss.code = ${SLA_SETTING} and ss.value = '1')`;

/** An order's clock as stored: the engine's columns, the policy that set it and its ladder step. */
export type ClockRow = StoredClock & { policy_id: number | null; policy_name: string; escalation_level: number };

// ---- business hours ----

interface HoursRow {
  weekdays: number[];
  start_minute: number;
  end_minute: number;
  holidays: string[];
  workdays: string[];
}

export async function hoursRow(ex: Executor, enterpriseId: number): Promise<HoursRow | undefined> {
  const [r] = await rows<HoursRow>(
    ex,
    sql`select weekdays, start_minute, end_minute, holidays, workdays from sla_calendars where enterprise_id = ${enterpriseId}`,
  );
  return r;
}

export async function upsertHours(ex: Executor, enterpriseId: number, c: SlaCalendarInput): Promise<void> {
  const arr = (xs: readonly (string | number)[], type: string) => sql`${`{${xs.join(',')}}`}::${sql.raw(type)}`;
  await ex.execute(sql`insert into sla_calendars (enterprise_id, weekdays, start_minute, end_minute, holidays, workdays)
    values (${enterpriseId}, ${arr(c.weekdays, 'smallint[]')}, ${c.startMinute}, ${c.endMinute}, ${arr(c.holidays, 'text[]')}, ${arr(c.workdays, 'text[]')})
    on conflict (enterprise_id) do update set weekdays = excluded.weekdays, start_minute = excluded.start_minute, end_minute = excluded.end_minute,
      holidays = excluded.holidays, workdays = excluded.workdays, updated_at = now()`);
}

export async function enterpriseZone(ex: Executor, enterpriseId: number): Promise<string | undefined> {
  const [e] = await rows<{ time_zone: string }>(ex, sql`select time_zone from enterprises where id = ${enterpriseId}`);
  return e?.time_zone;
}

/** One lock of the enterprise row for every module (org/enterprise.repo.ts). */
export { lockEnterprise } from '../org/index';

// ---- clocks ----

/** The order's whole row as created. */
export async function orderRecordOf(ex: Executor, enterpriseId: number, orderId: number): Promise<OrderRecord | undefined> {
  const [order] = await rows<OrderRecord>(ex, sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  return order;
}

/** The clock's next ladder step's time. */
export const nextEscalationSet = (next: number | null): SQL => sql`next_escalation_at = ${tsOf(next)}`;

/** orders.due_at: the nearest deadline of the order's running clocks (null when none runs). */
export async function updateDueAt(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  await ex.execute(sql`update orders o set due_at = d.due from (
      select min(deadline_at) as due from order_sla_clocks where enterprise_id = ${enterpriseId} and order_id = ${orderId} and outcome = 0
    ) d where o.enterprise_id = ${enterpriseId} and o.id = ${orderId} and o.due_at is distinct from d.due`);
}

/** Every clock of one order, in type order. */
export function orderClockRows(ex: Executor, enterpriseId: number, orderId: number): Promise<ClockRow[]> {
  return rows<ClockRow>(
    ex,
    sql`select ${clockSelect(ORDER_CLOCKS)} from order_sla_clocks where enterprise_id = ${enterpriseId} and order_id = ${orderId} order by type`,
  );
}

// ---- report ----

export interface ExceedFilter {
  startTime?: string;
  endTime?: string;
  type?: number;
  groupBy: string;
}

/** Breaches of the enterprise whose breach time falls in the days [start, end] (its zone; last 30 days by default). */
export function orderBreachWhere(enterpriseId: number, f: ExceedFilter, timeZone: string): SQL {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
  const start = f.startTime ? sql`(${day(f.startTime)}::date)::timestamp at time zone ${timeZone}` : sql`now() - interval '30 days'`;
  const end = f.endTime ? sql`(${day(f.endTime)}::date + 1)::timestamp at time zone ${timeZone}` : sql`now() + interval '1 day'`;
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

/** Breaches counted by overdue type, order type, team or engineer; `none` names a group without a key's name. */
export async function exceedRows(ex: Executor, enterpriseId: number, groupBy: string, where: SQL) {
  const g = GROUPS[groupBy] ?? (GROUPS.type as (typeof GROUPS)[string]);
  const rs = await rows<{ key: number | null; name: string | null; count: number }>(
    ex,
    sql`select k.key, ${g.name} as name, k.count from (
        select ${g.key} as key, min(o.id) as oid, count(*)::int as count
        from order_sla_clocks c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
        where ${where} group by 1
      ) k join orders o on o.enterprise_id = ${enterpriseId} and o.id = k.oid
      order by k.count desc, k.key nulls last`,
  );
  return { rows: rs, none: g.none };
}

export async function breachCount(ex: Executor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from order_sla_clocks c where ${where}`);
  return r?.n ?? 0;
}

// ---- sweep ----

/** An order without its own dispatcher escalates to the enterprise's first few dispatchers, not to every one. */
const FALLBACK_DISPATCHERS = 5;
const DIRECTORS = 20;

/** The engineer (the dispatcher while nobody is assigned, the 接单 clock) is warned. */
export const warnNotices = (from: SQL) => sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
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
export const BREACH_LADDER = {
  select: sql`, (p.config -> 'escalation' -> 0 ->> 'afterMinutes')::int as first_after`,
  join: sql`left join sla_policies p on p.enterprise_id = c.enterprise_id and p.id = c.policy_id`,
  sets: sql`, next_escalation_at = c.deadline_at + due.first_after * interval '1 minute'`,
};

/** Who a ladder step names, as SQL CASE over the step's `to`. */
const WHO_SQL = `case s.to_whom ${SLA_ESCALATE_TO.map((x) => `when '${x.id}' then '${x.name}'`).join(' ')} else '' end`;

/**
 * The breaches due for their next ladder step, in one statement: the step's people (the order's engineer;
 * the order's dispatcher, else the first five dispatchers; up to 20 directors) each get a notice (once per clock and
 * level), and the clock moves to the next step's time (null after the last).
 */
export async function escalateDue(ex: Executor, now: Date): Promise<number> {
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

// ---- recompute ----

export interface RecomputeRow extends StoredClock {
  /** The clock's subject (the order, event or complaint). */
  subject_id: number;
}

/** A subject's running business-hours clocks not moved since `at`, locked. */
export function recomputeBatchRows(ex: Executor, s: ClockSubject, enterpriseId: number, at: number, size: number): Promise<RecomputeRow[]> {
  return rows<RecomputeRow>(
    ex,
    sql`select ${clockSelect(s)}, ${sql.identifier(s.key)}::bigint as subject_id from ${sql.identifier(s.table)}
      where enterprise_id = ${enterpriseId} and business and outcome = 0 and breached_at is null and running_since < to_timestamp(${at}::float8 / 1000)
      order by id limit ${size} for update`,
  );
}

const list = (xs: unknown[], type: string) => sql`${`{${xs.map((x) => x ?? 'NULL').join(',')}}`}::${sql.raw(type)}`;

/** The clocks' new counts, deadlines and warnings, running again from `at`. */
export async function writeRecomputed(
  ex: Executor,
  s: ClockSubject,
  enterpriseId: number,
  at: number,
  next: { id: number; consumed: number; deadline: number | null; warnAt: number | null }[],
): Promise<void> {
  await ex.execute(sql`update ${sql.identifier(s.table)} c set consumed_ms = v.consumed, running_since = to_timestamp(${at}::float8 / 1000),
      deadline_at = to_timestamp(v.deadline / 1000), warn_at = to_timestamp(v.warn / 1000)
    from unnest(${list(
      next.map((n) => n.id),
      'bigint[]',
    )}, ${list(
      next.map((n) => n.consumed),
      'bigint[]',
    )}, ${list(
      next.map((n) => n.deadline),
      'float8[]',
    )}, ${list(
      next.map((n) => n.warnAt),
      'float8[]',
    )}) as v(id, consumed, deadline, warn)
    where c.enterprise_id = ${enterpriseId} and c.id = v.id`);
}

/** orders.due_at of these orders (their nearest running deadline). */
export async function updateDueAtMany(ex: Executor, enterpriseId: number, orders: number[]): Promise<void> {
  await ex.execute(sql`update orders o set due_at = d.due from (
      select order_id, min(deadline_at) as due from order_sla_clocks
      where enterprise_id = ${enterpriseId} and order_id = any(${list(orders, 'bigint[]')}) and outcome = 0 group by order_id
    ) d where o.enterprise_id = ${enterpriseId} and o.id = d.order_id and o.due_at is distinct from d.due`);
}
