import { hasPower } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { liveOrderRecord, type OrderRecord } from './orders.repo';
import type { SystemActor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { everyOrder, ordersOnOf, providerOrders, scopeOr } from './scope.repo';

/**
 * The one rule for which orders a user may see and act on (docs/permissions.md, "Orders"). The lists, their
 * counts and exports, the detail and every endpoint that takes an order id, and the state change itself read it
 * from here, so a list and a detail can never disagree. Its conditions are scope.repo.ts.
 */

/** Roles that see every order of their side: dispatcher, administrator, acceptance, return visit, finance, director. */
export const ALL_ORDERS_ROLES: readonly number[] = [1, 3, 6, 7, 8, 10];
const POOL_POWER = 'menu_OrderHighSeas';

const seesAllOfSide = (s: SystemActor): boolean => s.admin || (s.sysrole != null && ALL_ORDERS_ROLES.includes(s.sysrole));

/** Sees every order of the enterprise (staff of the roles above; never a provider's user). */
export const seesAllOrders = (s: SystemActor): boolean => s.providerId == null && seesAllOfSide(s);

/** What a scope includes besides the user's own orders. */
export interface ScopeOptions {
  /** The orders offered in the pool, for those holding its power: they may open and grab them, but they are not their work. */
  offers?: boolean;
}

/**
 * A limited user's orders: those they are on in any part, those of the team they lead, those waiting for their
 * approval (docs/approvals.md), and with `offers` the pool's (the enterprise's own users holding its power).
 */
function partsOf(s: SystemActor, alias: string, opts: ScopeOptions): SQL {
  const pool = !!opts.offers && !s.providerId && hasPower(s.powers, POOL_POWER);
  return ordersOnOf(s.enterpriseId, s.id, alias, pool);
}

/**
 * The condition on an orders row (aliased `alias`) that keeps the orders of `s`: what the lists and counts show.
 * With `offers`, what `s` may open and act on (the detail, every endpoint taking an order id, the state change).
 * The recycle bin is the caller's.
 */
export function orderScope(s: SystemActor, alias = 'o', opts: ScopeOptions = {}): SQL {
  const own = seesAllOfSide(s) ? null : partsOf(s, alias, opts);
  if (s.providerId != null) return providerOrders(alias, s.providerId, own);
  return own ?? everyOrder();
}

/** Orders `s` may open and act on: its own and the pool's offers. */
export const openableOrders = (s: SystemActor, alias = 'o'): SQL => orderScope(s, alias, { offers: true });

/** The order's row if `s` may open it (live orders only); NOT_FOUND otherwise, another enterprise's id included. `lock` takes it FOR UPDATE. */
export async function orderInScope(ex: Executor, s: SystemActor, id: number, lock = false, also?: SQL): Promise<OrderRecord> {
  const open = also ? scopeOr(openableOrders(s), also) : openableOrders(s);
  const row = await liveOrderRecord(ex, s.enterpriseId, id, open, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
