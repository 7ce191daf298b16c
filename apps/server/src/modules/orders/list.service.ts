import { COUNT_CAPPED, type FreeFeature, freeNotice, hasPower, ORDER_LIST_SCOPES, type OrderListFilters, type OrderListQuery, type OrderRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countAndPick, fitsWindow, type PageRequest, pageRows, sortedMatches, sortOf } from '../../platform/list';
import { searchPageRows } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';
import type { SessionUser } from '../../platform/session';
import { visibleCustomer } from '../customers/common';
import { bigints, timeOf } from '../../platform/sql';
import { orderListWhere, totalsGroupsOf, walksMonths } from './list.filters';
import { pastWindowByMonths } from './list.search';
import { totalOf } from './state-counts';

/** The order lists (GET /v2/order/getAllOrderList) and the rows the order export writes. */

/** Each scope is its own page: its menu power, then its free-plan lock (the spec's notice). */
export function guardScope(u: SessionUser, scope: OrderListFilters['scope'], hotline: string): void {
  const s = ORDER_LIST_SCOPES[scope];
  if (!hasPower(u.powers, s.power)) throw new AppError('NO_POWER');
  if (s.plan && u.enterprise.isChargeUser === 0) throw new AppError('PLAN_FREE', {}, freeNotice(s.plan as FreeFeature, hotline));
}

/** Sorts by name, each ending in the id (pages never overlap); each has an index leading with enterprise_id. */
const sortsOn = (a: string) =>
  ({
    1: sql.raw(`${a}created_at desc, ${a}id desc`),
    2: sql.raw(`${a}created_at asc, ${a}id asc`),
    3: sql.raw(`${a}appointment_at asc nulls last, ${a}id asc`),
    4: sql.raw(`${a}priority desc, ${a}created_at desc, ${a}id desc`),
  }) as const;
const SORTS = sortsOn('o.');
/** The same sorts over the matches' own columns (sortedMatches). */
const MATCH_SORTS = sortsOn('');

export interface RawRow {
  id: number;
  order_no: string;
  title: string;
  state: number;
  invalid: boolean;
  customer_id: number;
  custom_name: string | null;
  custom_link_person: string | null;
  custom_phone: string | null;
  full_address: string | null;
  latitude: number | null;
  longitude: number | null;
  geo_precision: string | null;
  template_id: number;
  order_type_name: string | null;
  priority: number;
  service_user_id: number | null;
  service_user_name: string | null;
  dispatcher_name: string | null;
  create_user_name: string | null;
  service_group_name: string | null;
  product_name: string | null;
  place_state: number;
  examine_type: number | null;
  examine_result: number | null;
  abnormal_kind: number | null;
  receivable_amount: string | number;
  create_time: string;
  apply_time: string | null;
  finish_time: string | null;
  due_time: string | null;
  delete_time: string | null;
}

/** The list columns for the rows `inner` picks (aliased o); the names are joined for those rows only. */
export function rowSelect(v: Actor, inner: SQL, order: SQL): SQL {
  const t = (col: string) => timeOf(sql.raw(`o.${col}`), v);
  return sql`select o.id, o.order_no, o.title, o.state, o.invalid, o.customer_id, c.name as custom_name, o.custom_link_person, o.custom_phone,
      o.full_address, o.latitude, o.longitude, o.geo_precision, o.template_id, ft.name as order_type_name, o.priority, o.service_user_id, su.name as service_user_name,
      du.name as dispatcher_name, cu.name as create_user_name, g.name as service_group_name, ip.name as product_name,
      o.place_state, o.examine_type, o.examine_result, o.abnormal_kind, o.receivable_amount,
      ${t('created_at')} as create_time, ${t('appointment_at')} as apply_time, ${t('finished_at')} as finish_time,
      ${t('due_at')} as due_time, ${t('deleted_at')} as delete_time
    from (${inner}) o
    left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
    left join form_templates ft on ft.enterprise_id = o.enterprise_id and ft.id = o.template_id
    left join users su on su.enterprise_id = o.enterprise_id and su.id = o.service_user_id
    left join users du on du.enterprise_id = o.enterprise_id and du.id = o.dispatcher_id
    left join users cu on cu.enterprise_id = o.enterprise_id and cu.id = o.created_by
    left join service_groups g on g.enterprise_id = o.enterprise_id and g.id = o.service_group_id
    left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
    order by ${order}`;
}

const n = (x: unknown): number | null => (x == null ? null : Number(x));
const PRECISIONS = ['province', 'city', 'district', 'exact'] as const;
/** The pin's precision; 'none' (no place found) and a pending geocode answer null, as does a row without a pin. */
const pinPrecision = (r: Pick<RawRow, 'latitude' | 'longitude' | 'geo_precision'>): OrderRow['geoPrecision'] =>
  r.latitude != null && r.longitude != null ? (PRECISIONS.find((p) => p === r.geo_precision) ?? null) : null;

export function present(r: RawRow): OrderRow {
  return {
    id: Number(r.id),
    orderNo: r.order_no,
    title: r.title,
    state: Number(r.state),
    invalid: r.invalid,
    customerId: Number(r.customer_id),
    customName: r.custom_name,
    customLinkPerson: r.custom_link_person,
    customPhone: r.custom_phone,
    gpsAddr: r.full_address,
    latitude: n(r.latitude),
    longitude: n(r.longitude),
    geoPrecision: pinPrecision(r),
    orderType: Number(r.template_id),
    orderTypeName: r.order_type_name,
    priority: Number(r.priority),
    servicePersonalId: n(r.service_user_id),
    servicePersonalName: r.service_user_name,
    dispatchUserName: r.dispatcher_name,
    createUserName: r.create_user_name,
    serviceGroupName: r.service_group_name,
    productName: r.product_name,
    placeState: Number(r.place_state),
    examineType: n(r.examine_type),
    examineResult: n(r.examine_result),
    abnormalKind: n(r.abnormal_kind),
    receivableAmount: Number(r.receivable_amount),
    create_time: r.create_time,
    apply_time: r.apply_time,
    finish_time: r.finish_time,
    due_time: r.due_time,
    delete_time: r.delete_time,
  };
}

/** A customer's or product's tab: that customer must be one the viewer may see (another's answers not found). */
async function checkSubject(ex: Executor, v: Actor, f: Partial<OrderListFilters>): Promise<void> {
  if (f.scope === 'customer') {
    if (!f.customerId) throw new AppError('VALIDATION', { detail: '请选择客户' });
    await visibleCustomer(ex, v, f.customerId);
  }
  if (f.scope === 'product') {
    if (!f.fk_t_production_id) throw new AppError('VALIDATION', { detail: '请选择产品' });
    const [p] = await rows(ex, sql`select 1 from installed_products where enterprise_id = ${v.enterpriseId} and id = ${f.fk_t_production_id}`);
    if (!p) throw new AppError('NOT_FOUND');
  }
}

/**
 * The rows (all columns) of one page, given the list's count: a selective filter (the matches fit the window) reads
 * its matches by their own indexes and sorts them (sortedMatches); a broad one walks the sort's index (pageRows), where
 * matches are dense. Either way the page's ids come first.
 */
/**
 * The columns each sort reads from the matches (MATCH_SORTS): only those, so a filter whose index holds them (the
 * state tabs, the overdue orders, the archive) is counted index-only instead of reading 10,001 rows from the table.
 */
const MATCH_COLUMNS = {
  1: sql.raw('o.id, o.created_at'),
  2: sql.raw('o.id, o.created_at'),
  3: sql.raw('o.id, o.appointment_at'),
  4: sql.raw('o.id, o.priority, o.created_at'),
} as const;

/** The list's matches with the columns its sort reads. */
const matchesOf = (v: Actor, q: OrderListQuery): SQL =>
  sql`select ${sortOf(MATCH_COLUMNS, q.sortType as keyof typeof MATCH_COLUMNS, 1)} from orders o where ${orderListWhere(v, q)}`;

export function orderPageSql(v: Actor, q: OrderListQuery, count: number): SQL {
  const key = q.sortType as keyof typeof SORTS;
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  // The walk stops at its page: each row it passes is checked on its plain grams (a cheap array test).
  if (!fitsWindow(count)) return pageRows('orders', 'o', v.enterpriseId, orderListWhere(v, q, { monthGrams: false }), sortOf(SORTS, key, 1), page);
  return sql`select * from orders o where o.enterprise_id = ${v.enterpriseId} and o.id in (${sortedMatches(matchesOf(v, q), sortOf(MATCH_SORTS, key, 1), page)})`;
}

/**
 * One page of an order list and its capped count. A selective filter is counted and paged in one statement over its
 * matches (countAndPick); a broad one (past the window) walks the sort's index (orderPageSql). Names are joined for the
 * page only.
 */
export async function listOrders(ex: Executor, v: Actor, q: OrderListQuery): Promise<{ list: OrderRow[]; count: number }> {
  await checkSubject(ex, v, q);
  const order = sortOf(SORTS, q.sortType as keyof typeof SORTS, 1);
  const matchOrder = sortOf(MATCH_SORTS, q.sortType as keyof typeof MATCH_SORTS, 1);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  // Every order, or a state set: the exact number from the totals; past the window the page walks (or seeks) the sort.
  const groups = totalsGroupsOf(v, q);
  const total = groups ? await totalOf(ex, v.enterpriseId, groups) : null;
  if (total != null && !fitsWindow(total)) {
    const inner = await searchPageRows(ex, 'orders', 'o', v.enterpriseId, orderListWhere(v, q, { monthGrams: false }), order, page);
    return { list: (await rows<RawRow>(ex, rowSelect(v, inner, order))).map(present), count: total };
  }
  // A text search over all time: a broad one is known past the window from its newest months, not counted whole.
  if (walksMonths(v, q) && (await pastWindowByMonths(ex, v.enterpriseId, (m) => orderListWhere(v, q, { walkMonth: m })))) {
    const inner = await searchPageRows(ex, 'orders', 'o', v.enterpriseId, orderListWhere(v, q, { monthGrams: false }), order, page);
    return { list: (await rows<RawRow>(ex, rowSelect(v, inner, order))).map(present), count: COUNT_CAPPED };
  }
  const { count, ids } = await countAndPick(ex, matchesOf(v, q), matchOrder, page);
  if (count === 0 || ids?.length === 0) return { list: [], count };
  // Past the window the walk's later pages come from the search's snapshot (searchPageRows).
  const pageSql = ids
    ? sql`select * from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = any(${bigints(ids)})`
    : await searchPageRows(ex, 'orders', 'o', v.enterpriseId, orderListWhere(v, q, { monthGrams: false }), order, page);
  return { list: (await rows<RawRow>(ex, rowSelect(v, pageSql, order))).map(present), count };
}

export type OrderExportParams = Partial<OrderListFilters> & { ids?: number[] };

const exportWhere = (v: Actor, p: OrderExportParams): SQL =>
  p.ids?.length ? sql`${orderListWhere(v, p)} and o.id = any(${bigints(p.ids)})` : orderListWhere(v, p);

/** Exact, unlike the list's capped count: the download centre shows the export's progress against it. */
export async function countForExport(ex: Executor, v: Actor, p: OrderExportParams): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${exportWhere(v, p)}`);
  return Number(r?.n ?? 0);
}

/** Keyset page for the export: ids below `before`, newest id first (orders_pkey / orders_created_idx walk). */
export async function ordersBefore(ex: Executor, v: Actor, p: OrderExportParams, before: number | null, limit: number): Promise<OrderRow[]> {
  const where = before == null ? exportWhere(v, p) : sql`${exportWhere(v, p)} and o.id < ${before}`;
  const inner = sql`select * from orders o where ${where} order by o.id desc limit ${limit}`;
  return (await rows<RawRow>(ex, rowSelect(v, inner, sql`o.id desc`))).map(present);
}
