import type { BatchDesignateBody, CandidateRow, UnDeliverFilters, UnDeliverQuery, UnDeliverRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countAndPick, countOf, type PageRequest, pageSql } from '../../platform/list';
import { searchPageRows } from '../../platform/list.snapshot';
import { contains, prefixPattern } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { dispatchLocked, providerOfViewer } from '../orders/actions.service';
import { orderListWhere } from '../orders/list.filters';
import { orderScope } from '../orders/scope';
import { present, type RawRow, rowSelect } from '../orders/list.service';
import type { Actor } from '../../platform/actor';

/**
 * The pending-assignment desk (/assignOrder): the orders waiting for an engineer, the engineers beside them with
 * their load, and batch designate. A provider's dispatcher (an outsourced user) sees only the orders given to their
 * provider that still have no engineer.
 */

/** An outsourced user (user type 1, who has a provider) works their provider's orders. */
const providerOf = (ex: Executor, v: Actor): Promise<number | null> => (v.providerId != null ? providerOfViewer(ex, v) : Promise.resolve(null));

const ORDER = sql.raw('o.created_at desc, o.id desc');
const MATCH_ORDER = sql.raw('created_at desc, id desc');

/** The orders this viewer assigns: internal 待派单 outside the pool, or their provider's orders without an engineer. */
function pendingOf(provider: number | null): SQL {
  if (provider == null) return sql`o.state = 1 and not o.in_pool`;
  return sql`o.provider_id = ${provider} and o.service_user_id is null and o.state in (2, 3)`;
}

async function deskWhere(ex: Executor, v: Actor, f: UnDeliverFilters): Promise<SQL> {
  const provider = await providerOf(ex, v);
  const list = orderListWhere(v, {
    keyword: f.keyword,
    orderType: f.orderType ? [f.orderType] : undefined,
    serviceGroupId: f.serviceGroupId ?? undefined,
    priority: f.priority,
  });
  return sql`${list} and ${pendingOf(provider)}`;
}

/** GET /order/unDeliverOrderList: newest first, the page picked with its count in one statement (as the order lists). */
export async function unDeliverList(ex: Executor, v: Actor, q: UnDeliverQuery): Promise<UnDeliverRow[]> {
  const where = await deskWhere(ex, v, q);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  const { count, ids } = await countAndPick(ex, sql`select o.id, o.created_at from orders o where ${where}`, MATCH_ORDER, page);
  if (count === 0 || ids?.length === 0) return [];
  const inner = ids
    ? sql`select * from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = any(${bigints(ids)})`
    : await searchPageRows(ex, 'orders', 'o', v.enterpriseId, where, ORDER, page);
  const list = (await rows<RawRow>(ex, rowSelect(v, inner, ORDER))).map(present);
  const groups = await rows<{ id: number; service_group_id: number | null }>(
    ex,
    sql`select id, service_group_id from orders where enterprise_id = ${v.enterpriseId} and id = any(${bigints(list.map((r) => r.id))})`,
  );
  const groupOf = new Map(groups.map((g) => [Number(g.id), g.service_group_id == null ? null : Number(g.service_group_id)]));
  return list.map((r) => ({ ...r, serviceGroupId: groupOf.get(r.id) ?? null }));
}

/** /order/unDeliverOrderListCount with the desk's filters (capped like every list count). */
export async function unDeliverCount(ex: Executor, v: Actor, f: UnDeliverFilters): Promise<number> {
  return countOf(ex, sql`orders o`, await deskWhere(ex, v, f));
}

/**
 * GET /worker/designateUserList: enabled service people (of the viewer's provider, for a provider's dispatcher), each
 * with their open orders (待接单, 待服务, 服务中) and today's appointments in the enterprise's zone; the least loaded first.
 */
export async function candidates(
  ex: Executor,
  v: Actor,
  q: { keyword?: string; serviceGroupId?: number | null } & PageRequest,
): Promise<{ list: CandidateRow[]; count: number }> {
  const provider = await providerOf(ex, v);
  const conds: SQL[] = [sql`u.enterprise_id = ${v.enterpriseId}`, sql`u.enabled`, sql`u.deleted_at is null`, sql`2 = any(u.roles)`];
  if (provider != null) conds.push(sql`u.provider_id = ${provider}`);
  if (q.keyword) conds.push(sql`(${contains(sql`u.search_grams`, sql`u.name`, q.keyword)} or u.mobile like ${prefixPattern(q.keyword)})`);
  if (q.serviceGroupId) {
    conds.push(sql`u.id in (select m.user_id from service_group_members m where m.enterprise_id = ${v.enterpriseId} and m.group_id = ${q.serviceGroupId})`);
  }
  const where = sql.join(conds, sql` and `);
  const tz = v.timeZone;
  const dayStart = sql`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
  // Every engineer's open load in one pass over orders_open_load_idx (index-only), then names and today's visits for the page.
  const list = await rows<{
    id: number;
    name: string;
    mobile: string;
    provider_name: string | null;
    groups: string[] | null;
    open: number;
    today: string[] | null;
  }>(
    ex,
    sql`with load as materialized (
        select o.service_user_id as uid, count(*)::int as n from orders o
        where o.enterprise_id = ${v.enterpriseId} and o.state in (2, 3, 4) and o.deleted_at is null and o.service_user_id is not null group by 1),
      page as (
        select u.id, u.name, u.mobile, u.provider_id, coalesce(l.n, 0) as open from users u left join load l on l.uid = u.id
        where ${where} order by open, u.id ${pageSql(q)})
      select pg.id, pg.name, pg.mobile, pg.open, p.name as provider_name,
        array(select g.name from service_group_members m join service_groups g on g.enterprise_id = m.enterprise_id and g.id = m.group_id
          where m.enterprise_id = ${v.enterpriseId} and m.user_id = pg.id order by g.name) as groups,
        array(select to_char(o.appointment_at at time zone ${tz}, 'HH24:MI') || ' ' || o.title from orders o
          where o.enterprise_id = ${v.enterpriseId} and o.service_user_id = pg.id and o.state in (2, 3, 4) and o.deleted_at is null
            and o.appointment_at >= ${dayStart} and o.appointment_at < ${dayStart} + interval '1 day'
          order by o.appointment_at) as today
      from page pg left join service_providers p on p.enterprise_id = ${v.enterpriseId} and p.id = pg.provider_id
      order by pg.open, pg.id`,
  );
  const count = await countOf(ex, sql`users u`, where);
  return {
    count,
    list: list.map((u) => ({
      id: Number(u.id),
      name: u.name,
      mobile: u.mobile,
      providerName: u.provider_name,
      groups: u.groups ?? [],
      openCount: Number(u.open),
      todayCount: u.today?.length ?? 0,
      today: (u.today ?? []).slice(0, 5),
    })),
  };
}

/**
 * POST /worker/batchDesignate: every order must still be waiting for this viewer (else nothing changes, 数据已变更);
 * the orders are locked in id order, so two batches over the same orders queue instead of deadlocking, and the
 * later one finds them dispatched. Each order is one dispatch with its own log row.
 */
export async function batchDesignate(db: Db, v: Actor, b: BatchDesignateBody): Promise<{ count: number }> {
  const ids = [...new Set(b.orderIds)].sort((x, y) => x - y);
  return db.transaction(async (tx) => {
    const provider = await providerOf(tx, v);
    const locked = await rows(
      tx,
      sql`select * from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = any(${bigints(ids)}) and o.deleted_at is null and ${orderScope(v)} order by o.id for update`,
    );
    if (locked.length !== ids.length) throw new AppError('NOT_FOUND');
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = any(${bigints(ids)}) and ${pendingOf(provider)}`,
    );
    if (Number(n) !== ids.length) throw new AppError('STATE_CHANGED');
    for (const row of locked) await dispatchLocked(tx, v, row, b);
    return { count: locked.length };
  });
}
