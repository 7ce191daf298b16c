import { COUNT_IGNORED_PARAMS, ORDER_STATES, type OrderListCountQuery, orderListCountQuery, rangeEnd, rangeStart, type StatusStatistics } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { seesAllOrders } from './scope';
import {
  countAbnormal,
  countAcceptance,
  countExamines,
  countListed,
  countOfTypes,
  countOverdue,
  countUndelivered,
  openCounts,
  ownCustomer,
  ownProduct,
  serviceTypeCounts,
  stateGroupsWhere,
  statisticsWhere,
  type TypeFilter,
} from './counts.repo';
import { type DayGroup, periodCounts, type StateGroup, stateCounts, totalOf } from './state-counts';
import type { SystemActor } from '../../platform/actor';

/**
 * The order counts of the shell's badges and the statistics. Each count is
 * what the matching list shows the user: the enterprise's orders outside the recycle bin, in the user's scope
 * (counts.repo.ts).
 */

/** A small integer from the raw query, or null when absent or not a number. */
const intParam = (v: unknown): number | null => (v == null || v === '' || !/^-?\d+$/.test(String(v)) ? null : Number(v));

/**
 * For someone who sees every order, a count that is a sum of the trigger-kept groups (state-counts.ts) reads them, not
 * the orders: the same number, without reading one index entry per order.
 */
const fromTotals = (ex: Executor, r: SystemActor, keep: (g: StateGroup) => boolean): Promise<number> | null =>
  seesAllOrders(r) ? totalOf(ex, r.enterpriseId, keep) : null;

/** 待受理 (dataType 1, the badge): state 0 and not invalid; dataType 2 the invalid ones; otherwise both. */
export function acceptanceCount(ex: Executor, r: SystemActor, dataType: unknown): Promise<number> {
  const t = intParam(dataType);
  const totals = fromTotals(ex, r, (g) => g.state === 0 && (t === 1 ? !g.invalid : t === 2 ? g.invalid : true));
  if (totals) return totals;
  return countAcceptance(ex, r, t === 1 ? false : t === 2 ? true : null);
}

/** 待派单: state 1 and not waiting in the pool (pool orders count on the pool's badge, 工单公海). */
export function unDeliverCount(ex: Executor, r: SystemActor): Promise<number> {
  return fromTotals(ex, r, (g) => g.state === 1 && !g.inPool) ?? countUndelivered(ex, r);
}

/** 异常工单: a pending change request; type 1–3 one kind (改约, 转派, 取消), type 0 or absent all. */
export function abnormalCount(ex: Executor, r: SystemActor, type: unknown): Promise<number> {
  const t = intParam(type);
  const one = t != null && t >= 1 && t <= 3;
  const totals = fromTotals(ex, r, (g) => g.abnormalKind != null && (!one || g.abnormalKind === t));
  if (totals) return totals;
  return countAbnormal(ex, r, one ? t : null);
}

/** 超时工单 (orderDue=0, or the list's orderExceed=1): open, valid and past the due time. */
export function overdueCount(ex: Executor, r: SystemActor): Promise<number> {
  return countOverdue(ex, r);
}

/** 工单公海 (is_grab=1): every order waiting in the pool; the pool is open to all who may grab. */
export function poolCount(ex: Executor, r: SystemActor): Promise<number> {
  return totalOf(ex, r.enterpriseId, (g) => g.state === 1 && g.inPool);
}

/** 待我审批 (type -1 every kind, 1–4 one): pending approvals this user may decide (an approval flow's: his open tasks). */
export async function examineCount(ex: Executor, r: SystemActor, type: unknown): Promise<number> {
  const t = intParam(type);
  const kinds = t != null && t >= 1 && t <= 4 ? [t] : [1, 2, 3, 4];
  return countExamines(ex, r, kinds);
}

/** Validates the AllOrder filters of a plain getOrderListCount call; refuses filters it does not know. */
export function listCountFilters(query: Record<string, unknown>): OrderListCountQuery {
  const known = new Set<string>([...Object.keys(orderListCountQuery.shape), ...COUNT_IGNORED_PARAMS]);
  const unknown = Object.keys(query).find((k) => !known.has(k));
  if (unknown) throw invalid(`不支持的筛选条件：${unknown}`);
  const parsed = orderListCountQuery.safeParse(query);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? '筛选条件不正确');
  return parsed.data;
}

/** The number of rows AllOrder shows the user for these filters. */
export function listCount(ex: Executor, r: SystemActor, f: OrderListCountQuery): Promise<number> {
  // Every order, or the orders in some states: a sum of the totals (for someone who sees every order).
  const statesOnly =
    !f.orderType &&
    !f.customerId &&
    !f.servicePersonalId &&
    !f.serviceGroupId &&
    f.priority == null &&
    f.placeState == null &&
    f.examineType == null &&
    f.examineResult == null &&
    f.orderExceed !== 1;
  const totals = statesOnly ? fromTotals(ex, r, (g) => !f.states?.length || f.states.includes(g.state)) : null;
  if (totals) return totals;
  return countListed(ex, r, f);
}

/**
 * Counts by state for the home page, plus the abnormal and overdue open orders (GET /v2/report/statusStatistics). For
 * someone who sees every order the groups come from the trigger-kept totals (state-counts.ts): all time from
 * order_state_counts, a period from the day-keyed order_day_counts with its partial edge days counted from the orders —
 * the same numbers as the count below, without reading one index entry per order. A range that ends before it starts is
 * counted (it is empty).
 */
export async function statusStatistics(ex: Executor, r: SystemActor, tz: string, q: { startTime?: string; endTime?: string }): Promise<StatusStatistics> {
  const from = q.startTime ? q.startTime.replaceAll('/', '-') : null;
  const to = q.endTime ? rangeEnd(q.endTime.replaceAll('/', '-')) : null;
  const where = statisticsWhere(r, tz, q.startTime, q.endTime);
  const counted = seesAllOrders(r) && (from == null || to == null || rangeStart(from) <= to);
  const openStates = new Set([0, 1, 2, 3, 4, 7]);
  const [groups, extra] = await Promise.all([
    counted ? (from == null && to == null ? stateCounts(ex, r.enterpriseId) : periodCounts(ex, r.enterpriseId, tz, from, to)) : stateGroupsWhere(ex, where),
    // Overdue depends on the clock: always counted. Abnormal is a sum of the totals' groups when they apply.
    openCounts(ex, where, !counted),
  ]);
  const abnormal = counted
    ? (groups as DayGroup[]).filter((g) => g.abnormalKind != null && openStates.has(g.state)).reduce((s, g) => s + g.n, 0)
    : (extra?.abnormal ?? 0);
  const byState = new Map<number, number>();
  let invalidN = 0;
  let total = 0;
  for (const g of groups) {
    total += g.n;
    if (g.invalid && g.state === 0) invalidN += g.n;
    else byState.set(g.state, (byState.get(g.state) ?? 0) + g.n);
  }
  const states = Object.entries(ORDER_STATES).map(([s, v]) => ({ state: Number(s), name: v.label, count: byState.get(Number(s)) ?? 0 }));
  return { total, states, invalid: invalidN, abnormal, overdue: extra?.overdue ?? 0 };
}

/** The customer and the product must be the enterprise's own: another enterprise's id is "not found". */
async function checkOwn(ex: Executor, r: SystemActor, f: TypeFilter): Promise<void> {
  if (f.customerId && !(await ownCustomer(ex, r.enterpriseId, f.customerId))) throw new AppError('NOT_FOUND');
  if (f.productId && !(await ownProduct(ex, r.enterpriseId, f.productId))) throw new AppError('NOT_FOUND');
}

/** Order types with the user's order count of each (enabled types also at 0), most used first. */
export async function serviceTypeList(ex: Executor, r: SystemActor, f: TypeFilter): Promise<{ id: number; name: string; count: number }[]> {
  await checkOwn(ex, r, f);
  return serviceTypeCounts(ex, r, f);
}

export async function serviceTypeCount(ex: Executor, r: SystemActor, f: TypeFilter): Promise<number> {
  await checkOwn(ex, r, f);
  return countOfTypes(ex, r, f);
}
