import { BUSY_STATES, SCHEDULE_DEFAULT_INTERVALS, VISIT_MINUTES_SETTING, VISIT_STATES } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { countOf, pageSql, type PageRequest } from '../../platform/list';
import { bigints } from '../../platform/sql';
import { getSettingInt } from '../settings/settings.repo';

/** The schedule's reads: engineers, their visits in a range, intervals, positions, waiting orders. */

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
