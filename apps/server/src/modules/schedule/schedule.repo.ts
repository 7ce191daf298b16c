import { BUSY_STATES, type MapOrder, SCHEDULE_DEFAULT_INTERVALS, type UnassignedRow, VISIT_MINUTES_SETTING, VISIT_STATES } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageSql, type PageRequest } from '../../platform/list';
import { searchPageIds } from '../../platform/list.snapshot';
import { bigints } from '../../platform/sql';
import { orderScope } from '../orders/index';
import { getSettingInt } from '../settings/index';

/** The schedule's statements: engineers, their visits in a range, intervals, positions, waiting orders, the clash rule's reads. */

export interface Interval {
  id: number | null;
  name: string;
  start: number;
  end: number;
}

export async function intervalsOf(ex: Executor, ep: number): Promise<Interval[]> {
  const found = await rows<{ id: number; name: string; start_minute: number; end_minute: number }>(
    ex,
    sql`select id, name, start_minute, end_minute from time_intervals where enterprise_id = ${ep} order by start_minute, id`,
  );
  if (found.length === 0) return SCHEDULE_DEFAULT_INTERVALS.map((i) => ({ id: null, ...i }));
  return found.map((r) => ({ id: r.id, name: r.name, start: r.start_minute, end: r.end_minute }));
}

export async function replaceIntervals(ex: Executor, ep: number, list: { name: string; start: number; end: number }[]): Promise<void> {
  await ex.execute(sql`delete from time_intervals where enterprise_id = ${ep}`);
  for (const [i, r] of list.entries()) {
    await ex.execute(
      sql`insert into time_intervals (enterprise_id, name, start_minute, end_minute, sort) values (${ep}, ${r.name}, ${r.start}, ${r.end}, ${i})`,
    );
  }
}

export const visitMinutesOf = (ex: Executor, ep: number): Promise<number> => getSettingInt(ex, ep, VISIT_MINUTES_SETTING);

/** Enabled service people (role 2) of the enterprise, by keyword (name contains, mobile prefix) or ids. */
export interface EngineerFilter {
  keyword?: string;
  userIds?: number[];
  serviceGroupId?: number | null;
}
const engineerWhere = (ep: number, f: EngineerFilter): SQL => {
  const parts = [sql`u.enterprise_id = ${ep}`, sql`u.enabled`, sql`u.deleted_at is null`, sql`2 = any(u.roles)`];
  if (f.userIds?.length) parts.push(sql`u.id = any(${bigints(f.userIds)})`);
  if (f.serviceGroupId)
    parts.push(sql`u.id in (select m.user_id from service_group_members m where m.enterprise_id = ${ep} and m.group_id = ${f.serviceGroupId})`);
  if (f.keyword) parts.push(sql`(u.name ilike ${`%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`} or u.mobile like ${`${f.keyword.replace(/[\\%_]/g, '\\$&')}%`})`);
  return sql.join(parts, sql` and `);
};

export interface EngineerRec {
  id: number;
  name: string;
  mobile: string;
  skills: string[] | null;
  latitude: number | null;
  longitude: number | null;
}
/** A page of engineers with their skill tags and whereabouts (shared position, else the pool base). */
export const pageEngineers = (ex: Executor, ep: number, f: EngineerFilter, page: PageRequest) =>
  rows<EngineerRec>(
    ex,
    sql`select e.*, pp.skills, coalesce(p.latitude, pp.base_lat) as latitude, coalesce(p.longitude, pp.base_lng) as longitude
      from (select u.id::int as id, u.name, u.mobile from users u where ${engineerWhere(ep, f)} order by u.id ${pageSql(page)}) e
      left join engineer_positions p on p.enterprise_id = ${ep} and p.user_id = e.id
      left join pool_profiles pp on pp.enterprise_id = ${ep} and pp.user_id = e.id
      order by e.id`,
  );

export const countEngineers = (ex: Executor, ep: number, f: EngineerFilter) => countOf(ex, sql`users u`, engineerWhere(ep, f));

export interface VisitRec {
  orderId: number;
  orderNo: string;
  title: string;
  state: number;
  priority: number;
  userId: number;
  day: string;
  minute: number;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
}

/** The engineers' appointments from `from` to `to` (local dates, both included), in time order. */
export async function visitsOf(ex: Executor, ep: number, tz: string, userIds: number[], from: string, to: string): Promise<VisitRec[]> {
  if (userIds.length === 0) return [];
  return rows<VisitRec>(
    ex,
    sql`select o.id::int as "orderId", o.order_no as "orderNo", o.title, o.state, o.priority, o.service_user_id::int as "userId",
        to_char(o.appointment_at at time zone ${tz}, 'YYYY-MM-DD') as day,
        (extract(hour from o.appointment_at at time zone ${tz}) * 60 + extract(minute from o.appointment_at at time zone ${tz}))::int as minute,
        o.full_address as address, o.latitude, o.longitude, o.version
      from orders o
      where o.enterprise_id = ${ep} and o.service_user_id = any(${bigints(userIds)}) and o.deleted_at is null
        and o.state = any(${sql.raw(`array[${VISIT_STATES.join(',')}]::smallint[]`)})
        and o.appointment_at >= (${from}::date::timestamp at time zone ${tz})
        and o.appointment_at < ((${to}::date + 1)::timestamp at time zone ${tz})
      order by o.appointment_at, o.id`,
  );
}

/** Completed orders per engineer, finished in the range. */
export async function completedOf(ex: Executor, ep: number, tz: string, userIds: number[], from: string, to: string): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const found = await rows<{ uid: number; n: number }>(
    ex,
    sql`select service_user_id::int as uid, count(*)::int as n from orders
      where enterprise_id = ${ep} and service_user_id = any(${bigints(userIds)}) and deleted_at is null and state = 5
        and finished_at >= (${from}::date::timestamp at time zone ${tz}) and finished_at < ((${to}::date + 1)::timestamp at time zone ${tz})
      group by service_user_id`,
  );
  return new Map(found.map((r) => [r.uid, r.n]));
}

/** Another of the engineer's open visits (BUSY_STATES: not completed, archived, cancelled, invalid or deleted) overlapping [at, at + minutes) (each visit lasts `minutes`), or none. */
export async function clashOf(
  ex: Executor,
  ep: number,
  userId: number,
  orderId: number,
  at: string,
  minutes: number,
): Promise<{ order_no: string } | undefined> {
  const [hit] = await rows<{ order_no: string }>(
    ex,
    sql`select order_no from orders
      where enterprise_id = ${ep} and service_user_id = ${userId} and id <> ${orderId} and deleted_at is null and not invalid and place_state = 0
        and state = any(${sql.raw(`array[${BUSY_STATES.join(',')}]::smallint[]`)})
        and appointment_at > ${at}::timestamptz - make_interval(mins => ${minutes})
        and appointment_at < ${at}::timestamptz + make_interval(mins => ${minutes})
      order by appointment_at limit 1`,
  );
  return hit;
}

/** One lock of the enterprise row for every module (org/enterprise.repo.ts). */
export { lockEnterprise } from '../org/index';

/** Orders with coordinates in the states given, as `u` may see them (unassigned: also outside the pool and valid); `limit` + 1 read. */
export const mapOrders = (ex: Executor, u: Actor, states: number[], unassigned: boolean, limit: number) =>
  rows<MapOrder>(
    ex,
    sql`select o.id::int as id, o.order_no as "orderNo", o.title, o.state, o.priority, o.latitude, o.longitude, o.full_address as address,
        case when o.geo_precision in ('province', 'city', 'district', 'exact') then o.geo_precision end as precision,
        to_char(o.appointment_at at time zone ${u.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as "appointmentAt", su.name as "serviceUserName", o.version
      from orders o left join users su on su.enterprise_id = o.enterprise_id and su.id = o.service_user_id
      where o.enterprise_id = ${u.enterpriseId} and o.deleted_at is null and o.latitude is not null and o.longitude is not null
        and o.state = any(${`{${states.map(Math.trunc).join(',')}}`}::smallint[]) and ${orderScope(u)} ${unassigned ? sql`and not o.in_pool and not o.invalid` : sql``}
      order by o.priority desc, o.created_at desc, o.id desc limit ${limit + 1}`,
  );

export interface MapEngineer {
  userId: number;
  name: string;
  latitude: number;
  longitude: number;
  reportedAt: string;
}

/** The enabled engineers' shared positions. */
export const mapEngineers = (ex: Executor, ep: number, tz: string) =>
  rows<MapEngineer>(
    ex,
    sql`select p.user_id::int as "userId", u.name, p.latitude, p.longitude, to_char(p.reported_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as "reportedAt"
      from engineer_positions p join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${ep} and u.enabled and u.deleted_at is null and 2 = any(u.roles) order by u.id`,
  );

export interface Place {
  latitude: number | null;
  longitude: number | null;
}

/** The order's coordinates, if `u` may see it. */
export async function orderPlace(ex: Executor, u: Actor, id: number): Promise<(Place & { id: number }) | undefined> {
  const [o] = await rows<Place & { id: number }>(
    ex,
    sql`select o.id, o.latitude, o.longitude from orders o where o.enterprise_id = ${u.enterpriseId} and o.id = ${id} and o.deleted_at is null and ${orderScope(u)}`,
  );
  return o;
}

export interface NearbyEngineer extends Place {
  id: number;
  name: string;
  open: number;
  today: number;
}

/** Every enabled engineer (at most 500) with their position, open orders and visits today (in `tz`). */
export const engineersWithLoad = (ex: Executor, ep: number, tz: string) =>
  rows<NearbyEngineer>(
    ex,
    sql`select u.id::int as id, u.name, p.latitude, p.longitude,
        (select count(*)::int from orders x where x.enterprise_id = u.enterprise_id and x.service_user_id = u.id and x.state in (2, 3, 4) and x.deleted_at is null) as open,
        (select count(*)::int from orders x where x.enterprise_id = u.enterprise_id and x.service_user_id = u.id and x.state in (2, 3, 4, 5) and x.deleted_at is null
           and x.appointment_at >= (now() at time zone ${tz})::date::timestamp at time zone ${tz}
           and x.appointment_at < ((now() at time zone ${tz})::date + 1)::timestamp at time zone ${tz}) as today
      from users u left join engineer_positions p on p.enterprise_id = u.enterprise_id and p.user_id = u.id
      where u.enterprise_id = ${ep} and u.enabled and u.deleted_at is null and 2 = any(u.roles)
      order by u.id limit 500`,
  );

/** Orders waiting for an engineer (not in the pool, not invalid), by number or title. */
function unassignedWhere(ep: number, keyword?: string): SQL {
  const parts = [sql`o.enterprise_id = ${ep}`, sql`o.state = 1`, sql`o.deleted_at is null`, sql`not o.in_pool`, sql`not o.invalid`];
  if (keyword) parts.push(sql`(o.order_no = ${keyword} or o.title ilike ${`%${keyword.replace(/[\\%_]/g, '\\$&')}%`})`);
  return sql.join(parts, sql` and `);
}

/** A page of the waiting orders: most urgent and oldest first. */
export async function unassignedPage(ex: Executor, ep: number, tz: string, q: PageRequest & { keyword?: string }): Promise<UnassignedRow[]> {
  const order = sql`o.priority desc, o.created_at, o.id`;
  const where = unassignedWhere(ep, q.keyword);
  // A keyword is walked along the order row by row: its later pages come from the search's snapshot.
  const ids = q.keyword
    ? await searchPageIds(ex, 'orders', 'o', ep, where, order, q)
    : sql`select o.id from orders o where ${where} order by ${order} ${pageSql(q)}`;
  return rows<UnassignedRow>(
    ex,
    sql`select o.id::int as id, o.order_no as "orderNo", o.title, o.state, o.priority, o.version, o.full_address as address, o.latitude, o.longitude,
        to_char(o.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
      from orders o where o.enterprise_id = ${ep} and o.id in (${ids})
      order by ${order}`,
  );
}

export const countUnassigned = (ex: Executor, ep: number, keyword?: string) => countOf(ex, sql`orders o`, unassignedWhere(ep, keyword));

/** The order's engineer and state, locked for the booking. */
export async function lockAssignee(tx: Tx, ep: number, orderId: number): Promise<{ service_user_id: number | null; state: number } | undefined> {
  const [cur] = await rows<{ service_user_id: number | null; state: number }>(
    tx,
    sql`select service_user_id, state from orders where enterprise_id = ${ep} and id = ${orderId} and deleted_at is null for no key update`,
  );
  return cur;
}

export async function sharedPosition(
  ex: Executor,
  ep: number,
  tz: string,
  userId: number,
): Promise<{ latitude: number; longitude: number; reportedAt: string } | undefined> {
  const [p] = await rows<{ latitude: number; longitude: number; reportedAt: string }>(
    ex,
    sql`select latitude, longitude, to_char(reported_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as "reportedAt"
      from engineer_positions where enterprise_id = ${ep} and user_id = ${userId}`,
  );
  return p;
}

export async function savePosition(
  ex: Executor,
  ep: number,
  userId: number,
  b: { latitude: number; longitude: number; accuracy?: number | null },
): Promise<void> {
  await ex.execute(sql`insert into engineer_positions (enterprise_id, user_id, latitude, longitude, accuracy, reported_at)
    values (${ep}, ${userId}, ${b.latitude}, ${b.longitude}, ${b.accuracy ?? null}, now())
    on conflict (enterprise_id, user_id) do update set latitude = excluded.latitude, longitude = excluded.longitude, accuracy = excluded.accuracy, reported_at = now()`);
}

export async function deletePosition(ex: Executor, ep: number, userId: number): Promise<void> {
  await ex.execute(sql`delete from engineer_positions where enterprise_id = ${ep} and user_id = ${userId}`);
}

/** The appointments (epoch ms) of the engineer's other open visits from a visit before local day `from` to one after `to`. */
export async function busyInstants(
  ex: Executor,
  ep: number,
  tz: string,
  who: { userId: number; orderId: number },
  from: string,
  to: string,
  minutes: number,
): Promise<number[]> {
  const busy = await rows<{ at: number }>(
    ex,
    sql`select (extract(epoch from appointment_at) * 1000)::float8 as at from orders
      where enterprise_id = ${ep} and service_user_id = ${who.userId} and id <> ${who.orderId} and deleted_at is null and not invalid and place_state = 0
        and state = any(${sql.raw(`array[${BUSY_STATES.join(',')}]::smallint[]`)})
        and appointment_at >= (${from}::date::timestamp at time zone ${tz}) - make_interval(mins => ${minutes})
        and appointment_at < ((${to}::date + 1)::timestamp at time zone ${tz}) + make_interval(mins => ${minutes})`,
  );
  return busy.map((b) => b.at);
}

// The clash rule's transaction-local settings: the board's past-time confirmation and its planned visit.
const PLANNED = 'sk.planned_visit';
const PAST_OK = 'sk.past_confirmed';
/** A day's visits moved together (the assistant's new order): the overlap is checked once all have moved. */
const DEFERRED = 'sk.clash_deferred';

export async function deferClashes(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config(${DEFERRED}, '1', true)`);
}

export async function clashesDeferred(ex: Executor): Promise<boolean> {
  const [r] = await rows<{ d: string | null }>(ex, sql`select current_setting(${DEFERRED}, true) as d`);
  return r?.d === '1';
}

export async function setPastConfirmed(tx: Tx): Promise<void> {
  await tx.execute(sql`select set_config(${PAST_OK}, '1', true)`);
}

/** Whether `at` is before this minute, whether the past was confirmed ('1'), and `at` as the enterprise's local text. */
export async function pastCheck(ex: Executor, ep: number, at: string): Promise<{ past: boolean; ok: string | null; text: string } | undefined> {
  const [r] = await rows<{ past: boolean; ok: string | null; text: string }>(
    ex,
    sql`select ${at}::timestamptz < date_trunc('minute', now()) as past, current_setting(${PAST_OK}, true) as ok,
      (select to_char(${at}::timestamptz at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') from enterprises e where e.id = ${ep}) as text`,
  );
  return r;
}

/** Locks the engineer's user row: two bookings of one engineer queue on it. */
export async function lockEngineer(ex: Executor, ep: number, userId: number): Promise<void> {
  await ex.execute(sql`select id from users where enterprise_id = ${ep} and id = ${userId} for no key update`);
}

/** `at` as the enterprise's local 'YYYY-MM-DD HH24:MI'. */
export async function localMinute(ex: Executor, ep: number, at: string): Promise<string | undefined> {
  const [local] = await rows<{ text: string }>(
    ex,
    sql`select to_char(${at}::timestamptz at time zone e.time_zone, 'YYYY-MM-DD HH24:MI') as text from enterprises e where e.id = ${ep}`,
  );
  return local?.text;
}

export async function setPlannedVisit(tx: Tx, value: string): Promise<void> {
  await tx.execute(sql`select set_config(${PLANNED}, ${value}, true)`);
}

export async function plannedVisit(tx: Tx): Promise<string | null> {
  const [r] = await rows<{ p: string | null }>(tx, sql`select current_setting(${PLANNED}, true) as p`);
  return r?.p ?? null;
}
