// The order pool's statements: the list (typed, one presenter, its SQL in pool.sql.snap), the pooling's own rows
// (pool_entries, the offer's engineers, the rules) and the reads a grab, a revoke and the unclaimed timer need.
import type { MyGrab, PoolCandidate, PoolRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { countOf } from '../../platform/list';
import type { OrderRecord } from '../orders/index';
import type { Engineer } from './eligibility';
import { textArray } from '../../platform/sql';
import { eligibleSql, inPoolSql } from './eligibility.repo';

/** The pool's order: newest first. */
export const POOL_ORDER = sql.raw('o.created_at desc, o.id desc');

/** An order by its number, or a title containing the text. */
const searchSql = (text: string): SQL => sql`(o.order_no = ${text} or o.title ilike ${`%${text.replace(/[\\%_]/g, '\\$&')}%`})`;

/** The WHERE of a pool: all of it (engineer null, those who manage it), or the part the engineer may grab; a search. */
export function poolWhereSql(enterpriseId: number, engineer: Engineer | null, searchText?: string | null): SQL {
  const parts = [inPoolSql(enterpriseId)];
  if (engineer) parts.push(eligibleSql(engineer));
  if (searchText) parts.push(searchSql(searchText));
  return sql.join(parts, sql` and `);
}

/** A pool row as poolRowsSql reads it (the distance in metres, double precision). */
interface PoolRaw {
  id: number;
  order_no: string;
  title: string;
  state: number;
  version: number;
  priority: number;
  full_address: string | null;
  latitude: number | null;
  longitude: number | null;
  appointment_at: string | null;
  created_at: string;
  customer_name: string | null;
  group_name: string | null;
  skills: string[];
  pooled_at: string | null;
  distance: number | null;
}

/** A timestamp (ISO text from the driver) as the pool's contract gives it: UTC with milliseconds. */
const iso = (v: string): string => new Date(v).toISOString();
const isoOrNull = (v: string | null): string | null => (v == null ? null : iso(v));

/** The one place a pooled order becomes the contract's PoolRow. */
const toPoolRow = (r: PoolRaw): PoolRow => ({
  id: r.id,
  orderNo: r.order_no,
  title: r.title,
  state: r.state,
  version: r.version,
  priority: r.priority,
  customerName: r.customer_name,
  fullAddress: r.full_address,
  latitude: r.latitude,
  longitude: r.longitude,
  distance: r.distance == null ? null : Math.round(r.distance),
  serviceGroupName: r.group_name,
  skills: r.skills ?? [],
  appointmentAt: isoOrNull(r.appointment_at),
  pooledAt: isoOrNull(r.pooled_at),
  createdAt: iso(r.created_at),
});

/** The list's columns for the page `inner` picks (aliased o), with the distance from the engineer's base. */
export const poolRowsSql = (inner: SQL, distance: SQL): SQL =>
  sql`select o.id, o.order_no, o.title, o.state, o.version, o.priority, o.full_address, o.latitude, o.longitude,
  o.appointment_at, o.created_at, c.name as customer_name, g.name as group_name, coalesce(pe.skills, '{}') as skills, pe.pooled_at, ${distance} as distance from (${inner}) o
        left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
        left join service_groups g on g.enterprise_id = o.enterprise_id and g.id = o.service_group_id
        left join pool_entries pe on pe.enterprise_id = o.enterprise_id and pe.order_id = o.id
        order by o.created_at desc, o.id desc`;

export async function poolRows(ex: Executor, inner: SQL, distance: SQL): Promise<PoolRow[]> {
  return (await rows<PoolRaw>(ex, poolRowsSql(inner, distance))).map(toPoolRow);
}

/**
 * The orders that may go in (as putInPool's `poolable`): 待派单, not in the pool, unassigned, valid, within the viewer's
 * scope; by number or title, newest 20 (orders_undeliver_list_idx: state 1, not in the pool, not deleted).
 */
export function poolCandidatesSql(enterpriseId: number, scope: SQL, searchText?: string | null): SQL {
  const parts = [
    sql`o.enterprise_id = ${enterpriseId} and o.state = 1 and not o.in_pool and o.deleted_at is null`,
    sql`o.service_user_id is null and not o.invalid`,
    scope,
  ];
  if (searchText) parts.push(searchSql(searchText));
  return sql`select o.id, o.order_no as "orderNo", o.title from orders o where ${sql.join(parts, sql` and `)} order by ${POOL_ORDER} limit 20`;
}

export const poolCandidates = (ex: Executor, enterpriseId: number, scope: SQL, searchText?: string | null): Promise<PoolCandidate[]> =>
  rows<PoolCandidate>(ex, poolCandidatesSql(enterpriseId, scope, searchText));

/** The pool's count (capped like every list count). */
export const poolCount = (ex: Executor, where: SQL): Promise<number> => countOf(ex, sql`orders o`, where);

/** Whether the order is in the engineer's pool. */
export async function inEngineersPool(ex: Executor, e: Engineer, orderId: number): Promise<boolean> {
  const r = await rows<{ one: number }>(ex, sql`select 1 as one from orders o where ${inPoolSql(e.enterpriseId)} and o.id = ${orderId} and ${eligibleSql(e)}`);
  return r.length > 0;
}

/** The pooled order an offer is about, with the enterprise's zone; undefined once it left the pool. */
export async function offeredOrder(
  ex: Executor,
  enterpriseId: number,
  orderId: number,
): Promise<{ order_no: string; title: string; version: number; tz: string } | undefined> {
  const [o] = await rows<{ order_no: string; title: string; version: number; tz: string }>(
    ex,
    sql`select o.order_no, o.title, o.version, e.time_zone as tz from orders o join enterprises e on e.id = o.enterprise_id
      where o.enterprise_id = ${enterpriseId} and o.id = ${orderId} and o.in_pool and o.state = 1 and o.deleted_at is null`,
  );
  return o;
}

/** The enterprise's enabled in-house engineers (role 2, no provider), by id. */
export async function inHouseEngineers(ex: Executor, enterpriseId: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and 2 = any(roles)
      and user_type = 0 and provider_id is null order by id`,
  );
  return found.map((u) => u.id);
}

/** The order's pool entry: its skills, the rule or user that pooled it, when. */
export async function recordEntry(tx: Tx, enterpriseId: number, orderId: number, skills: string[], by: number | null, ruleId: number | null): Promise<void> {
  await tx.execute(sql`insert into pool_entries (enterprise_id, order_id, skills, rule_id, pooled_by, pooled_at)
    values (${enterpriseId}, ${orderId}, ${textArray(skills)}, ${ruleId}, ${by}, now())
    on conflict (enterprise_id, order_id) do update set skills = excluded.skills, rule_id = excluded.rule_id, pooled_by = excluded.pooled_by, pooled_at = now()`);
}

/** Locks the engineer's pool profile for the transaction (two grabs of one engineer queue on it). */
export async function lockProfile(tx: Tx, enterpriseId: number, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from pool_profiles where enterprise_id = ${enterpriseId} and user_id = ${userId} for update`);
}

/** Whether `minutes` after the time taken have passed. */
export async function pastMinutes(ex: Executor, takenAt: string | null, minutes: number): Promise<boolean> {
  const [r] = await rows<{ late: boolean | null }>(ex, sql`select (${takenAt}::timestamptz + make_interval(mins => ${minutes}) < now()) as late`);
  return r?.late === true;
}

/** The engineer's grabs still within `minutes` of being taken, newest first (at most 50). */
export async function recentGrabs(ex: Executor, enterpriseId: number, userId: number, minutes: number): Promise<MyGrab[]> {
  const r = await rows<{ id: number; order_no: string; title: string; taken_at: string; until: string }>(
    ex,
    sql`select o.id, o.order_no, o.title, o.taken_at, o.taken_at + make_interval(mins => ${minutes}) as until from orders o
      where o.enterprise_id = ${enterpriseId} and o.service_user_id = ${userId} and o.state = 3 and o.grabbed and o.deleted_at is null
        and o.taken_at + make_interval(mins => ${minutes}) >= now()
      order by o.taken_at desc limit 50`,
  );
  return r.map((x) => ({ id: x.id, orderNo: x.order_no, title: x.title, takenAt: iso(x.taken_at), revokeUntil: iso(x.until) }));
}

/** Sets the order's return visitor once (the caller logs it). */
export async function setReturnVisitor(tx: Tx, enterpriseId: number, orderId: number, userId: number): Promise<void> {
  await tx.execute(sql`update orders set return_visitor_id = ${userId}, version = version + 1, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${orderId} and return_visitor_id is null`);
}

/** The requested time of a pooled order (`where` the viewer's pool): the instant and its text in the zone. */
export async function requestedTime(
  ex: Executor,
  where: SQL,
  orderId: number,
  timeZone: string,
): Promise<{ at: string | null; text: string | null } | undefined> {
  const [o] = await rows<{ at: string | null; text: string | null }>(
    ex,
    sql`select o.appointment_at as at, to_char(o.appointment_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI') as text from orders o
      where ${where} and o.id = ${orderId}`,
  );
  return o;
}

/** The live order, locked for the timer. */
export async function lockLiveOrder(tx: Tx, enterpriseId: number, orderId: number): Promise<OrderRecord | undefined> {
  const [row] = await rows<OrderRecord>(
    tx,
    sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null for update`,
  );
  return row;
}

/** Whom the unclaimed timer tells: the order's dispatcher and whoever pooled it (enabled); else the dispatchers. */
export async function unclaimedRecipients(tx: Tx, enterpriseId: number, orderId: number, dispatcherId: number | null): Promise<number[]> {
  const to = await rows<{ id: number }>(
    tx,
    sql`select distinct u.id from users u where u.enterprise_id = ${enterpriseId} and u.enabled and u.deleted_at is null and (
        u.id = ${dispatcherId} or u.id = (select pooled_by from pool_entries where enterprise_id = ${enterpriseId} and order_id = ${orderId}))`,
  );
  // Nobody named on the order: the enterprise's dispatchers.
  const fallback = to.length
    ? to
    : await rows<{ id: number }>(tx, sql`select id from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and 1 = any(roles)`);
  return fallback.map((u) => u.id);
}

/** The order, unlocked (the creation hook's own transaction holds it). */
export async function orderById(tx: Tx, enterpriseId: number, orderId: number): Promise<OrderRecord | undefined> {
  const [row] = await rows<OrderRecord>(tx, sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  return row;
}

/** The first enabled pool rule (by sort) matching the order's type and area. */
export async function firstRuleFor(tx: Tx, enterpriseId: number, row: OrderRecord): Promise<{ id: number; name: string; skills: string[] } | undefined> {
  const [rule] = await rows<{ id: number; name: string; skills: string[] }>(
    tx,
    sql`select id, name, skills from pool_rules r where r.enterprise_id = ${enterpriseId} and r.enabled
      and (r.template_id is null or r.template_id = ${row.template_id})
      and (r.province_code is null or r.province_code = ${row.province_code})
      and (r.city_code is null or r.city_code = ${row.city_code})
      and (r.district_code is null or r.district_code = ${row.district_code})
      order by r.sort, r.id limit 1`,
  );
  return rule;
}

/**
 * For a grab: also an order that was offered in the pool and taken since (`applies`: a pool engineer of the
 * enterprise), so the engineer who saw it there is told it was taken rather than not found.
 */
export const everPooled = (applies: boolean): SQL =>
  applies ? sql`exists (select 1 from pool_entries pe where pe.enterprise_id = o.enterprise_id and pe.order_id = o.id)` : sql`false`;

/** The system's moves leave a deleted order alone. */
export const notDeleted = (): SQL => sql`deleted_at is null`;

/** Whether the enterprise has an enabled pool rule. */
export async function anyEnabledRule(ex: Executor, enterpriseId: number): Promise<boolean> {
  const [any] = await rows<{ one: number }>(ex, sql`select 1 as one from pool_rules where enterprise_id = ${enterpriseId} and enabled limit 1`);
  return any != null;
}

/** The creation probe over the new order `n`: a waiting order of an enterprise with an enabled rule. */
export const enabledRuleProbe = (waiting: boolean): SQL =>
  waiting ? sql`exists (select 1 from pool_rules where enterprise_id = n.enterprise_id and enabled)` : sql`false`;

/** The badge's count of a pool (uncapped, unlike the list's). */
export async function badgeCount(ex: Executor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${where}`);
  return r?.n ?? 0;
}
