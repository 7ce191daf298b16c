// The order lists' statements (GET /v2/order/getAllOrderList, the export, the dispatch desk): the list row (typed, one
// presenter), the sorts, the matches a filter counts and picks from, and the page of a broad filter. The conditions
// themselves are list.filters.ts; the SQL of the statements that matter for speed is list.sql.snap.
import type { OrderListFilters, OrderListQuery, OrderRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedRows, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countAndPickSql, fitsWindow, type PageRequest, pageRows, sortedMatches, sortOf } from '../../platform/list';
import { rowsWithIds } from '../../platform/list.snapshot';
import { bigints, nameOf as nameBy, timeOf } from '../../platform/sql';
import { orderListWhere } from './list.filters';

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

type SortKey = keyof typeof SORTS;
/** The list's sort on the rows `o` (the default, newest first, for an unknown key). */
export const listOrder = (sortType: number | undefined): SQL => sortOf(SORTS, sortType as SortKey, 1);
/** The same sort over the matches' own columns. */
export const matchOrder = (sortType: number | undefined): SQL => sortOf(MATCH_SORTS, sortType as SortKey, 1);

/**
 * A list row as rowSelect reads it: ids and counts are bigint (numbers), states smallint, the pin double precision;
 * the receivable amount is numeric, which the driver gives as text.
 */
export interface OrderListRaw {
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
  receivable_amount: string;
  create_time: string;
  apply_time: string | null;
  finish_time: string | null;
  due_time: string | null;
  delete_time: string | null;
}

/** A name of the row `o` (platform/sql.ts nameOf). */
const nameOf = (table: string, alias: string, column: string) => nameBy(table, alias, 'o', column);

/**
 * The list columns for the rows `inner` picks (aliased o); the names are looked up for those rows only. Sub-selects,
 * not seven left joins: planning the joins' orders took 17 ms of a first page whose execution takes 1 ms (1,000,000
 * orders, docs/lists.md), and a page is at most a few hundred rows, each name one primary-key probe.
 */
export function rowSelect(v: Pick<Actor, 'timeZone'>, inner: SQL, order: SQL): SQL {
  const t = (col: string) => timeOf(sql.raw(`o.${col}`), v);
  return sql`select o.id, o.order_no, o.title, o.state, o.invalid, o.customer_id, ${nameOf('customers', 'c', 'customer_id')} as custom_name,
      o.custom_link_person, o.custom_phone, o.full_address, o.latitude, o.longitude, o.geo_precision, o.template_id,
      ${nameOf('form_templates', 'ft', 'template_id')} as order_type_name, o.priority, o.service_user_id,
      ${nameOf('users', 'su', 'service_user_id')} as service_user_name, ${nameOf('users', 'du', 'dispatcher_id')} as dispatcher_name,
      ${nameOf('users', 'cu', 'created_by')} as create_user_name, ${nameOf('service_groups', 'g', 'service_group_id')} as service_group_name,
      ${nameOf('installed_products', 'ip', 'installed_product_id')} as product_name,
      o.place_state, o.examine_type, o.examine_result, o.abnormal_kind, o.receivable_amount,
      ${t('created_at')} as create_time, ${t('appointment_at')} as apply_time, ${t('finished_at')} as finish_time,
      ${t('due_at')} as due_time, ${t('deleted_at')} as delete_time
    from (${inner}) o
    order by ${order}`;
}

const PRECISIONS = ['province', 'city', 'district', 'exact'] as const;
/** The pin's precision; 'none' (no place found) and a pending geocode answer null, as does a row without a pin. */
const pinPrecision = (r: Pick<OrderListRaw, 'latitude' | 'longitude' | 'geo_precision'>): OrderRow['geoPrecision'] =>
  r.latitude != null && r.longitude != null ? (PRECISIONS.find((p) => p === r.geo_precision) ?? null) : null;

/** The one place a list row becomes the contract's (the lists, the export, the dispatch desk). */
export function toOrderRow(r: OrderListRaw): OrderRow {
  return {
    id: r.id,
    orderNo: r.order_no,
    title: r.title,
    state: r.state,
    invalid: r.invalid,
    customerId: r.customer_id,
    customName: r.custom_name,
    customLinkPerson: r.custom_link_person,
    customPhone: r.custom_phone,
    gpsAddr: r.full_address,
    latitude: r.latitude,
    longitude: r.longitude,
    geoPrecision: pinPrecision(r),
    orderType: r.template_id,
    orderTypeName: r.order_type_name,
    priority: r.priority,
    servicePersonalId: r.service_user_id,
    servicePersonalName: r.service_user_name,
    dispatchUserName: r.dispatcher_name,
    createUserName: r.create_user_name,
    serviceGroupName: r.service_group_name,
    productName: r.product_name,
    placeState: r.place_state,
    examineType: r.examine_type,
    examineResult: r.examine_result,
    abnormalKind: r.abnormal_kind,
    receivableAmount: Number.parseFloat(r.receivable_amount),
    create_time: r.create_time,
    apply_time: r.apply_time,
    finish_time: r.finish_time,
    due_time: r.due_time,
    delete_time: r.delete_time,
  };
}

/**
 * The list rows of the given orders of the viewer's enterprise, in `order`, presented. A named statement: its plan
 * (primary-key probes whatever the ids) is made once per connection, where planning the rows with their seven names
 * took 1.1 ms of a first page's 1.7 ms in PostgreSQL (docs/lists.md). The ids come first, from the list's own
 * statement, which chose them with custom plans.
 */
export async function listRowsOf(ex: Executor, v: Pick<Actor, 'timeZone' | 'enterpriseId'>, ids: readonly number[], order: SQL): Promise<OrderRow[]> {
  if (!ids.length) return [];
  return (await preparedRows<OrderListRaw>(ex, rowSelect(v, ordersWithIds(v.enterpriseId, ids), order))).map(toOrderRow);
}

/** Every column of the given orders of the enterprise (the page countAndPick picked). */
export const ordersWithIds = (enterpriseId: number, ids: readonly number[]): SQL => rowsWithIds('orders', 'o', enterpriseId, ids);

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
export const matchesOf = (v: Actor, q: OrderListQuery): SQL =>
  sql`select ${sortOf(MATCH_COLUMNS, q.sortType as keyof typeof MATCH_COLUMNS, 1)} from orders o where ${orderListWhere(v, q)}`;

/** The statement that counts a list's matches and picks its page's ids (countAndPick). */
export const countAndPickOrdersSql = (v: Actor, q: OrderListQuery): SQL =>
  countAndPickSql(matchesOf(v, q), matchOrder(q.sortType), { pageIndex: q.pageIndex, pageSize: q.pageSize });

/**
 * The rows (all columns) of one page, given the list's count: a selective filter (the matches fit the window) reads
 * its matches by their own indexes and sorts them (sortedMatches); a broad one walks the sort's index (pageRows), where
 * matches are dense. Either way the page's ids come first.
 */
export function orderPageSql(v: Actor, q: OrderListQuery, count: number): SQL {
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  // The walk stops at its page: each row it passes is checked on its plain grams (a cheap array test).
  if (!fitsWindow(count)) return pageRows('orders', 'o', v.enterpriseId, orderListWhere(v, q, { monthGrams: false }), listOrder(q.sortType), page);
  return sql`select * from orders o where o.enterprise_id = ${v.enterpriseId} and o.id in (${sortedMatches(matchesOf(v, q), matchOrder(q.sortType), page)})`;
}

/** Whether the installed product is the enterprise's (the product tab's subject). */
export async function productExists(ex: Executor, enterpriseId: number, productId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from installed_products where enterprise_id = ${enterpriseId} and id = ${productId}`);
  return found.length > 0;
}

export type OrderExportParams = Partial<OrderListFilters> & { ids?: number[] };

const exportWhere = (v: Actor, p: OrderExportParams): SQL =>
  p.ids?.length ? sql`${orderListWhere(v, p)} and o.id = any(${bigints(p.ids)})` : orderListWhere(v, p);

/** Exact, unlike the list's capped count: the download centre shows the export's progress against it. */
export async function countForExport(ex: Executor, v: Actor, p: OrderExportParams): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${exportWhere(v, p)}`);
  return r?.n ?? 0;
}

/** The export's keyset page: ids below `before`, newest id first (orders_pkey / orders_created_idx walk). */
export const exportPageSql = (v: Actor, p: OrderExportParams, before: number | null, limit: number): SQL => {
  const where = before == null ? exportWhere(v, p) : sql`${exportWhere(v, p)} and o.id < ${before}`;
  return rowSelect(v, sql`select * from orders o where ${where} order by o.id desc limit ${limit}`, sql`o.id desc`);
};

/** Keyset page for the export: ids below `before`, newest id first. */
export async function ordersBefore(ex: Executor, v: Actor, p: OrderExportParams, before: number | null, limit: number): Promise<OrderRow[]> {
  return (await rows<OrderListRaw>(ex, exportPageSql(v, p, before, limit))).map(toOrderRow);
}
