// The pending-assignment desk's statements: the orders waiting for an engineer (the order list's row and presenter,
// list.repo.ts), the engineers with their load (typed, one presenter), and the batch's locked orders. The lists' SQL
// is dispatch.sql.snap.
import type { CandidateRow, UnDeliverFilters } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countAndPickSql, countOf, type PageRequest, pageSql } from '../../platform/list';
import { contains, prefixPattern } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { orderListWhere } from '../orders/index';
import { lockedOrderRecords, type OrderRecord } from '../orders/index';
import { orderScope } from '../orders/index';

export const DESK_ORDER = sql.raw('o.created_at desc, o.id desc');
const MATCH_ORDER = sql.raw('created_at desc, id desc');

/** The orders this viewer assigns: internal 待派单 outside the pool, or their provider's orders without an engineer. */
export function pendingOf(provider: number | null): SQL {
  if (provider == null) return sql`o.state = 1 and not o.in_pool`;
  return sql`o.provider_id = ${provider} and o.service_user_id is null and o.state in (2, 3)`;
}

/** The desk's conditions on `orders o`: the list's filters it offers, and what waits for this viewer. */
export function deskWhere(v: Actor, f: UnDeliverFilters, provider: number | null): SQL {
  const list = orderListWhere(v, {
    keyword: f.keyword,
    orderType: f.orderType ? [f.orderType] : undefined,
    serviceGroupId: f.serviceGroupId ?? undefined,
    priority: f.priority,
  });
  return sql`${list} and ${pendingOf(provider)}`;
}

/** The statement that counts the desk's orders and picks its page's ids, newest first (countAndPick). */
export const deskMatches = (where: SQL): SQL => sql`select o.id, o.created_at from orders o where ${where}`;
export const deskCountAndPickSql = (where: SQL, page: PageRequest): SQL => countAndPickSql(deskMatches(where), MATCH_ORDER, page);
export { MATCH_ORDER as DESK_MATCH_ORDER };

/** The desk's count (capped like every list count). */
export const deskCount = (ex: Executor, where: SQL): Promise<number> => countOf(ex, sql`orders o`, where);

/** The service group of each of the orders. */
export async function groupsOfOrders(ex: Executor, enterpriseId: number, ids: readonly number[]): Promise<Map<number, number | null>> {
  const found = await rows<{ id: number; service_group_id: number | null }>(
    ex,
    sql`select id, service_group_id from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`,
  );
  return new Map(found.map((g) => [g.id, g.service_group_id]));
}

/** The candidates' conditions on `users u`: enabled service people, of the provider if any, by keyword and group. */
export function candidateWhere(v: Pick<Actor, 'enterpriseId'>, q: { keyword?: string; serviceGroupId?: number | null }, provider: number | null): SQL {
  const conds: SQL[] = [sql`u.enterprise_id = ${v.enterpriseId}`, sql`u.enabled`, sql`u.deleted_at is null`, sql`2 = any(u.roles)`];
  if (provider != null) conds.push(sql`u.provider_id = ${provider}`);
  if (q.keyword) conds.push(sql`(${contains(sql`u.search_grams`, sql`u.name`, q.keyword)} or u.mobile like ${prefixPattern(q.keyword)})`);
  if (q.serviceGroupId) {
    conds.push(sql`u.id in (select m.user_id from service_group_members m where m.enterprise_id = ${v.enterpriseId} and m.group_id = ${q.serviceGroupId})`);
  }
  return sql.join(conds, sql` and `);
}

/** An engineer as candidatesSql reads them (the open count is cast to int). */
interface CandidateRaw {
  id: number;
  name: string;
  mobile: string;
  provider_name: string | null;
  groups: string[] | null;
  open: number;
  today: string[] | null;
}

/** The one place a candidate becomes the contract's row (at most five of today's appointments shown). */
const toCandidateRow = (u: CandidateRaw): CandidateRow => ({
  id: u.id,
  name: u.name,
  mobile: u.mobile,
  providerName: u.provider_name,
  groups: u.groups ?? [],
  openCount: u.open,
  todayCount: u.today?.length ?? 0,
  today: (u.today ?? []).slice(0, 5),
});

/**
 * One page of candidates, the least loaded first: every engineer's open load in one pass over orders_open_load_idx
 * (index-only), then names and today's visits (in the enterprise's zone) for the page.
 */
export function candidatesSql(v: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, page: PageRequest): SQL {
  const tz = v.timeZone;
  const dayStart = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
  return sql`with load as materialized (
        select o.service_user_id as uid, count(*)::int as n from orders o
        where o.enterprise_id = ${v.enterpriseId} and o.state in (2, 3, 4) and o.deleted_at is null and o.service_user_id is not null group by 1),
      page as (
        select u.id, u.name, u.mobile, u.provider_id, coalesce(l.n, 0) as open from users u left join load l on l.uid = u.id
        where ${where} order by open, u.id ${pageSql(page)})
      select pg.id, pg.name, pg.mobile, pg.open, p.name as provider_name,
        array(select g.name from service_group_members m join service_groups g on g.enterprise_id = m.enterprise_id and g.id = m.group_id
          where m.enterprise_id = ${v.enterpriseId} and m.user_id = pg.id order by g.name) as groups,
        array(select to_char(o.appointment_at at time zone ${tz}, 'HH24:MI') || ' ' || o.title from orders o
          where o.enterprise_id = ${v.enterpriseId} and o.service_user_id = pg.id and o.state in (2, 3, 4) and o.deleted_at is null
            and o.appointment_at >= ${dayStart} and o.appointment_at < ${dayStart} + interval '1 day'
          order by o.appointment_at) as today
      from page pg left join service_providers p on p.enterprise_id = ${v.enterpriseId} and p.id = pg.provider_id
      order by pg.open, pg.id`;
}

export async function candidatePage(ex: Executor, v: Pick<Actor, 'enterpriseId' | 'timeZone'>, where: SQL, page: PageRequest): Promise<CandidateRow[]> {
  return (await rows<CandidateRaw>(ex, candidatesSql(v, where, page))).map(toCandidateRow);
}

/** How many engineers match (capped like every list count). */
export const candidateCount = (ex: Executor, where: SQL): Promise<number> => countOf(ex, sql`users u`, where);

/** The batch's orders the viewer may open, locked in id order (whole rows, for the dispatch). */
export const lockOrders = (tx: Executor, v: Actor, ids: readonly number[]): Promise<OrderRecord[]> =>
  lockedOrderRecords(tx, v.enterpriseId, ids, orderScope(v));

/** How many of the orders still wait for this viewer. */
export async function pendingCount(ex: Executor, enterpriseId: number, ids: readonly number[], provider: number | null): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from orders o where o.enterprise_id = ${enterpriseId} and o.id = any(${bigints(ids)}) and ${pendingOf(provider)}`,
  );
  return r?.n ?? 0;
}
