import { ORDER_TAB_STATES, type OrderListFilters } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { SystemActor, Actor } from '../../platform/actor';
import { gramNeedles } from '../../platform/search';
import { filterConds, listWhere, openTaskOrOffEngine, type WhereOptions } from './list-filters.repo';
import { createdMonths } from './list.search';
import { openTaskOrders } from './examine.kinds';
import { orderScope, seesAllOrders } from './scope';
import type { StateGroup } from './state-counts';

/**
 * The order lists' rules: which orders the viewer's lists hold (their scope, their approvals), when a month walk
 * counts a text search, and when the trigger-kept totals answer the count. The conditions are list-filters.repo.ts.
 */

/** Approvers decide approvals (administrators and dispatchers until processes name approvers: docs/decisions.md). */
const isApprover = (v: Actor): boolean => v.admin || v.sysrole === 1;

/**
 * 待我审批: an order an approval flow decides shows for those holding an open task of its current step; one without an
 * instance for the process's approvers, as before (docs/approvals.md).
 */
export const examineMine = (v: SystemActor): SQL => (isApprover(v as Actor) ? openTaskOrOffEngine(v.enterpriseId, v.id) : openTaskOrders(v.enterpriseId, v.id));

/**
 * Whether the list is a text search that a month walk can count: a text filter with grams to look up, and no closed
 * creation range of up to 12 months (that one is keyed by its own months already).
 */
export function walksMonths(v: Pick<Actor, 'timeZone'>, f: Partial<OrderListFilters>): boolean {
  const texts = [f.keyword, f.title, f.customLinkPerson, f.gpsAddr];
  if (!texts.some((q) => q && gramNeedles(q).length > 0)) return false;
  return createdMonths(v.timeZone, f.startCreateTime, f.endCreateTime) == null;
}

/** The whole condition of a list: the enterprise, the recycle bin (in or out), the viewer's orders, the scope, the filters. */
export function orderListWhere(v: Actor, f: Partial<OrderListFilters>, o: WhereOptions = {}): SQL {
  return listWhere(v, f, o, { scope: orderScope(v), examine: examineMine(v) });
}

/**
 * The groups of the trigger-kept totals (state-counts.ts) a list's rows are, when its count is a sum of them: a viewer
 * who sees every order, outside the recycle bin, the scope 全部 / 待受理 / 异常 and no filter but states. Otherwise null:
 * the list counts its matches (capped at the window).
 */
export function totalsGroupsOf(v: Actor, f: Partial<OrderListFilters>): ((g: StateGroup) => boolean) | null {
  if (!seesAllOrders(v)) return null;
  const scope = f.scope ?? 'all';
  if (scope !== 'all' && scope !== 'acceptance' && scope !== 'abnormal') return null;
  if (filterConds(v, { ...f, states: undefined, orderStateList: undefined, orderState: undefined }, {}).length > 0) return null;
  const tab = f.orderState == null ? null : ORDER_TAB_STATES[String(f.orderState) as keyof typeof ORDER_TAB_STATES];
  const listed = [...(f.states ?? []), ...(f.orderStateList ?? [])];
  return (g) =>
    (scope !== 'acceptance' || (g.state === 0 && !g.invalid)) &&
    (scope !== 'abnormal' || g.abnormalKind != null) &&
    (!tab || tab.includes(g.state)) &&
    (listed.length === 0 || listed.includes(g.state));
}
