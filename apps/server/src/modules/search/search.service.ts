import { EVENT_POWERS, EVENT_STATES, hasPower, ORDER_PAGE_POWERS, ORDER_STATES, PROJECT_STATES, type SearchGroup, type SearchKind } from '@sk/shared';
import type { Db } from '../../db/client';
import { paidPlan, type UserActor } from '../../platform/actor';
import { type SearchRow, type Searcher, searchKind } from './search.repo';

const CUSTOMER_POWER = 'menu_AllCustomer';
const PRODUCT_POWER = 'menu_ProductManage';

/**
 * The kinds a user may open, as the detail pages' guards decide: orders with any order page, customers with 全部客户,
 * installed products with 产品档案 (not on the free plan, which locks it), events with 我的事件; projects for everyone
 * (the project scope keeps those he is not on out).
 */
export function searchableKinds(u: UserActor): SearchKind[] {
  const can = (p: string) => hasPower(u.powers, p);
  const kinds: SearchKind[] = [];
  if (ORDER_PAGE_POWERS.some(can)) kinds.push('order');
  if (can(CUSTOMER_POWER)) kinds.push('customer');
  if (can(PRODUCT_POWER) && paidPlan(u)) kinds.push('product');
  if (can(EVENT_POWERS.mine)) kinds.push('event');
  kinds.push('project');
  return kinds;
}

const STATE_LABELS: Partial<Record<SearchKind, Record<number, { label: string }>>> = { order: ORDER_STATES, event: EVENT_STATES, project: PROJECT_STATES };

const present = (kind: SearchKind, r: SearchRow) => ({
  id: r.id,
  no: r.no || null,
  title: r.title,
  sub: r.sub || null,
  state: r.state == null ? null : (STATE_LABELS[kind]?.[r.state]?.label ?? null),
});

/** Each kind the user may open, a few newest hits each; kinds without a hit are left out. One connection, kind after kind. */
export async function globalSearch(db: Db, u: UserActor, q: string): Promise<{ groups: SearchGroup[] }> {
  const s: Searcher = u;
  const groups: SearchGroup[] = [];
  for (const kind of searchableKinds(u)) {
    const found = await searchKind(db, kind, s, q);
    if (found.length) groups.push({ kind, items: found.map((r) => present(kind, r)) });
  }
  return { groups };
}
