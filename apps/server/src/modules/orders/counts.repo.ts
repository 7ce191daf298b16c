// The statements of the order counts (the shell's badges, the statistics, the order types): each counts the
// enterprise's orders outside the recycle bin, in the user's scope (orderScope). State and flag values are written as
// literals so PostgreSQL matches the partial indexes of db/schema/orders.ts.
import type { OrderListCountQuery } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { SystemActor } from '../../platform/actor';
import { createdBetween } from '../../platform/sql';
import { examineMine } from './list.filters';
import { orderScope } from './scope';

/** Open states: not completed (5) or cancelled (6). */
const OPEN = sql.raw('o.state in (0, 1, 2, 3, 4, 7)');
const live = (r: SystemActor): SQL => sql`o.enterprise_id = ${r.enterpriseId} and o.deleted_at is null`;
const overdue = sql.raw('not o.invalid and o.due_at < now()');

async function countWhere(ex: Executor, conds: SQL[]): Promise<number> {
  const [row] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${sql.join(conds, sql` and `)}`);
  return row?.n ?? 0;
}

/** 待受理: state 0; `invalid` true or false counts only those, null both. */
export function countAcceptance(ex: Executor, r: SystemActor, invalid: boolean | null): Promise<number> {
  const flag = invalid === false ? [sql.raw('not o.invalid')] : invalid === true ? [sql.raw('o.invalid')] : [];
  return countWhere(ex, [live(r), sql.raw('o.state = 0'), ...flag, orderScope(r)]);
}

/** 待派单: state 1 and not waiting in the pool. */
export const countUndelivered = (ex: Executor, r: SystemActor): Promise<number> =>
  countWhere(ex, [live(r), sql.raw('o.state = 1 and not o.in_pool'), orderScope(r)]);

/** 异常工单: a pending change request, of one kind (1–3) or any (null). */
export function countAbnormal(ex: Executor, r: SystemActor, kind: number | null): Promise<number> {
  const one = kind != null ? [sql.raw(`o.abnormal_kind = ${kind}`)] : [];
  return countWhere(ex, [live(r), sql.raw('o.abnormal_kind is not null'), ...one, orderScope(r)]);
}

/** 超时工单: open, valid and past the due time. */
export const countOverdue = (ex: Executor, r: SystemActor): Promise<number> => countWhere(ex, [live(r), OPEN, overdue, orderScope(r)]);

/** 待我审批: pending examines of these types (1–4) the user may decide. */
export function countExamines(ex: Executor, r: SystemActor, types: readonly number[]): Promise<number> {
  return countWhere(ex, [live(r), sql.raw(`o.examine_result = 0 and o.examine_type in (${types.join(', ')})`), examineMine(r)]);
}

/** The orders AllOrder shows for these filters (states as literals, for the partial indexes). */
export function countListed(ex: Executor, r: SystemActor, f: OrderListCountQuery): Promise<number> {
  const c: SQL[] = [live(r), orderScope(r)];
  if (f.states?.length) c.push(sql.raw(`o.state in (${f.states.join(', ')})`));
  if (f.orderType) c.push(sql`o.template_id = ${f.orderType}`);
  if (f.customerId) c.push(sql`o.customer_id = ${f.customerId}`);
  if (f.servicePersonalId) c.push(sql`o.service_user_id = ${f.servicePersonalId}`);
  if (f.serviceGroupId) c.push(sql`o.service_group_id = ${f.serviceGroupId}`);
  if (f.priority != null) c.push(sql`o.priority = ${f.priority}`);
  if (f.placeState != null) c.push(sql`o.place_state = ${f.placeState}`);
  if (f.examineType != null) c.push(sql`o.examine_type = ${f.examineType}`);
  if (f.examineResult != null) c.push(sql`o.examine_result = ${f.examineResult}`);
  if (f.orderExceed === 1) c.push(OPEN, overdue);
  return countWhere(ex, c);
}

/** The statistics' orders: the user's, created in the range (in the enterprise's zone; a 00:00 end covers the whole day). */
export const statisticsWhere = (r: SystemActor, tz: string, start?: string, end?: string): SQL =>
  sql.join([live(r), orderScope(r), ...createdBetween(sql`o.created_at`, { timeZone: tz }, start, end)], sql` and `);

/** The orders of `where` by state and invalid flag. */
export function stateGroupsWhere(ex: Executor, where: SQL): Promise<{ state: number; invalid: boolean; n: number }[]> {
  return rows<{ state: number; invalid: boolean; n: number }>(
    ex,
    sql`select o.state, o.invalid, count(*)::int as n from orders o where ${where} group by 1, 2`,
  );
}

/**
 * The open orders of `where` past their due time, and (`abnormal`) those with a pending change request, else null.
 * Overdue depends on the clock: counted on its partial index (orders_overdue_cnt_idx) without the table; abnormal on
 * orders_abnormal_cnt_idx.
 */
export async function openCounts(ex: Executor, where: SQL, abnormal: boolean): Promise<{ abnormal: number | null; overdue: number } | undefined> {
  const [got] = await rows<{ abnormal: number | null; overdue: number }>(
    ex,
    sql`select ${abnormal ? sql`(select count(*) from orders o where ${where} and ${OPEN} and o.abnormal_kind is not null)::int` : sql`null`} as abnormal,
            (select count(*) from orders o where ${where} and ${OPEN} and not o.invalid and o.due_at < now())::int as overdue`,
  );
  return got;
}

/** Whether the customer is the enterprise's. */
export async function ownCustomer(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from customers where enterprise_id = ${enterpriseId} and id = ${id}`);
  return found.length > 0;
}

/** Whether the installed product is the enterprise's. */
export async function ownProduct(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from installed_products where enterprise_id = ${enterpriseId} and id = ${id}`);
  return found.length > 0;
}

/** The order types' counts: of one customer or one installed product, or all. */
export interface TypeFilter {
  customerId?: number | null;
  productId?: number | null;
}

function typeConds(r: SystemActor, f: TypeFilter): SQL[] {
  const c: SQL[] = [live(r), orderScope(r)];
  if (f.customerId) c.push(sql`o.customer_id = ${f.customerId}`);
  if (f.productId) c.push(sql`o.installed_product_id = ${f.productId}`);
  return c;
}

/** Order types with the user's order count of each (enabled types also at 0), most used first. */
export async function serviceTypeCounts(ex: Executor, r: SystemActor, f: TypeFilter): Promise<{ id: number; name: string; count: number }[]> {
  const found = await rows<{ id: number; name: string; n: number }>(
    ex,
    sql`select t.id, t.name, coalesce(c.n, 0)::int as n
        from form_templates t
        left join (select o.template_id, count(*) as n from orders o where ${sql.join(typeConds(r, f), sql` and `)} group by 1) c on c.template_id = t.id
        where t.enterprise_id = ${r.enterpriseId} and t.form_kind = 1 and (t.enabled or c.n > 0)
        order by n desc, t.sort, t.id`,
  );
  return found.map((t) => ({ id: t.id, name: t.name, count: t.n }));
}

/** The user's orders of the customer or product. */
export const countOfTypes = (ex: Executor, r: SystemActor, f: TypeFilter): Promise<number> => countWhere(ex, typeConds(r, f));
