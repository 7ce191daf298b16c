import { COUNT_CAPPED, type FreeFeature, freeNotice, hasPower, ORDER_LIST_SCOPES, type OrderListFilters, type OrderListQuery, type OrderRow } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { countAndPick, fitsWindow, type PageRequest } from '../../platform/list';
import { listPageIds, seenPastWindow } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';
import type { SessionUser } from '../../platform/session';
import { visibleCustomer } from '../customers/index';
import { orderListWhere, totalsGroupsOf, walksMonths } from './list.filters';
import { listOrder, listRowsOf, matchesOf, matchOrder, productExists } from './list.repo';
import { pastWindowByMonths } from './list-reads.repo';
import { totalOf } from './state-counts';

/** The order lists (GET /v2/order/getAllOrderList): which page, which path to its rows (their statements: list.repo.ts). */

/**
 * The lists whose totals were past the window at their last read, by enterprise and the filters the totals answer
 * (their page is then a walk of the sort's index, which needs no count). Only a hint: a list that fell under the window
 * since reads one walk too many, once.
 */
const broadLists = new Set<string>();
const MAX_BROAD = 1_000;

const totalsKey = (enterpriseId: number, q: OrderListQuery): string =>
  `${enterpriseId}|${q.scope}|${q.orderState ?? ''}|${q.states?.join(',') ?? ''}|${q.orderStateList?.join(',') ?? ''}`;

function rememberBroad(key: string, broad: boolean): void {
  if (!broad) {
    broadLists.delete(key);
    return;
  }
  if (broadLists.has(key)) return;
  broadLists.add(key);
  if (broadLists.size > MAX_BROAD) broadLists.delete(broadLists.values().next().value as string);
}

/**
 * A search past the window within this many of its newest months is read along the sort's index by its text alone
 * (WhereOptions.recheckOnly): at least 10,001 matches in two months' orders, so a page finds its rows within a few
 * hundred entries and the snapshot within two months'. A sparser one keeps the grams' bitmap.
 */
const DENSE_MONTHS = 2;

/** Each scope is its own page: its menu power, then its free-plan lock (the spec's notice). */
export function guardScope(u: SessionUser, scope: OrderListFilters['scope'], hotline: string): void {
  const s = ORDER_LIST_SCOPES[scope];
  if (!hasPower(u.powers, s.power)) throw new AppError('NO_POWER');
  if (s.plan && u.enterprise.isChargeUser === 0) throw new AppError('PLAN_FREE', {}, freeNotice(s.plan as FreeFeature, hotline));
}

/** A customer's or product's tab: that customer must be one the viewer may see (another's answers not found). */
async function checkSubject(ex: Executor, v: Actor, f: Partial<OrderListFilters>): Promise<void> {
  if (f.scope === 'customer') {
    if (!f.customerId) throw new AppError('VALIDATION', { detail: '请选择客户' });
    await visibleCustomer(ex, v, f.customerId);
  }
  if (f.scope === 'product') {
    if (!f.fk_t_production_id) throw new AppError('VALIDATION', { detail: '请选择产品' });
    if (!(await productExists(ex, v.enterpriseId, f.fk_t_production_id))) throw new AppError('NOT_FOUND');
  }
}

/**
 * One page of an order list and its capped count. A selective filter is counted and paged in one statement over its
 * matches (countAndPick); a broad one (past the window: by the totals, the month walk, or its snapshot of moments ago)
 * walks the sort's index through the search's snapshot (listPageIds). Names are read for the page's ids only.
 */
export async function listOrders(ex: Executor, v: Actor, q: OrderListQuery): Promise<{ list: OrderRow[]; count: number }> {
  await checkSubject(ex, v, q);
  const order = listOrder(q.sortType);
  const page: PageRequest = { pageIndex: q.pageIndex, pageSize: q.pageSize };
  const plain = orderListWhere(v, q, { monthGrams: false });
  const walk = async (where = plain) => listRowsOf(ex, v, await listPageIds(ex, true, 'orders', 'o', v.enterpriseId, where, order, page), order);
  // Every order, or a state set: the exact number from the totals; past the window the page walks (or seeks) the sort.
  const groups = totalsGroupsOf(v, q);
  if (groups) {
    const key = totalsKey(v.enterpriseId, q);
    // Past the window at its last read: the walk needs no count, so the page is read beside the totals.
    const [total, list] = broadLists.has(key)
      ? await Promise.all([totalOf(ex, v.enterpriseId, groups), walk()])
      : [await totalOf(ex, v.enterpriseId, groups), null];
    rememberBroad(key, !fitsWindow(total));
    if (!fitsWindow(total)) return { list: list ?? (await walk()), count: total };
  }
  // A search whose snapshot, read moments ago, held more than the window: 10000+ again, its matches not read again
  // (never a list the totals count: they are exact, and it may have fallen under the window since).
  const dense = groups ? null : orderListWhere(v, q, { recheckOnly: true });
  for (const where of dense ? [dense, plain] : []) {
    if (seenPastWindow('orders', v.enterpriseId, where, order)) return { list: await walk(where), count: COUNT_CAPPED };
  }
  // A text search over all time: a broad one is known past the window from its newest months, not counted whole.
  const months = walksMonths(v, q) ? await pastWindowByMonths(ex, v.enterpriseId, (m) => orderListWhere(v, q, { walkMonth: m })) : null;
  if (months != null) return { list: await walk(months <= DENSE_MONTHS ? (dense ?? orderListWhere(v, q, { recheckOnly: true })) : plain), count: COUNT_CAPPED };
  const { count, ids } = await countAndPick(ex, matchesOf(v, q), matchOrder(q.sortType), page);
  if (count === 0 || ids?.length === 0) return { list: [], count };
  // Past the window the walk's later pages come from the search's snapshot (listPageIds).
  return { list: ids ? await listRowsOf(ex, v, ids, order) : await walk(), count };
}
