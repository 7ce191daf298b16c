import { APPROVAL_KINDS, hasPower } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { liveOrderRecord, type OrderRecord } from './orders.repo';
import type { SystemActor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { openTaskOrders } from './examine.kinds';

/**
 * The one rule for which orders a user may see and act on (docs/permissions.md, "Orders"). The lists, their
 * counts and exports, the detail and every endpoint that takes an order id, and the state change itself read it
 * from here, so a list and a detail can never disagree.
 */

/** Roles that see every order of their side: dispatcher, administrator, acceptance, return visit, finance, director. */
export const ALL_ORDERS_ROLES: readonly number[] = [1, 3, 6, 7, 8, 10];
const POOL_POWER = 'menu_OrderHighSeas';

const seesAllOfSide = (s: SystemActor): boolean => s.admin || (s.sysrole != null && ALL_ORDERS_ROLES.includes(s.sysrole));

/** Sees every order of the enterprise (staff of the roles above; never a provider's user). */
export const seesAllOrders = (s: SystemActor): boolean => s.providerId == null && seesAllOfSide(s);

/**
 * Orders `o` whose pending approval the pinned process gives to `userId` by name (approvers.{kind}.by = 'user'):
 * the approver may open them without being on the order; 待我审批 is the 审核 power's page.
 */
export function namedApprovalOf(userId: number, alias = 'o'): SQL {
  const o = sql.raw(alias);
  const kinds = sql.join(
    APPROVAL_KINDS.map((k) => sql`${k}`),
    sql`, `,
  );
  const who = sql`${o}.process -> 'approvers' -> ((array[${kinds}]::text[])[${o}.examine_type])`;
  return sql`(${o}.examine_result = 0 and ${who} ->> 'by' = 'user' and ${who} ->> 'userId' = ${String(userId)})`;
}

/**
 * Orders `o` served by a member of a service group `userId` leads (我的团队): the members are read first by
 * service_groups_leader_idx and the group's key, then the orders by orders_service_user_idx.
 */
export function teamOrdersOf(enterpriseId: number, userId: number, alias = 'o'): SQL {
  const o = sql.raw(alias);
  return sql`${o}.service_user_id = any(array(select m.user_id from service_groups g join service_group_members m
    on m.enterprise_id = g.enterprise_id and m.group_id = g.id where g.enterprise_id = ${enterpriseId} and g.leader_id = ${userId}))`;
}

/** Whether `userId` leads a service group (and so has 我的团队). */
export async function leadsTeam(ex: Executor, enterpriseId: number, userId: number): Promise<boolean> {
  const [r] = await rows<{ one: number }>(ex, sql`select 1 as one from service_groups where enterprise_id = ${enterpriseId} and leader_id = ${userId} limit 1`);
  return r != null;
}

/** What a scope includes besides the user's own orders. */
export interface ScopeOptions {
  /** The orders offered in the pool, for those holding its power: they may open and grab them, but they are not their work. */
  offers?: boolean;
}

/**
 * A limited user's orders: those they are on in any part (creator, salesperson, acceptor, dispatcher, engineer,
 * taker, return visitor, collaborator, copied-to), those of the team they lead (served by a member of a service group
 * whose leader they are), those waiting for their named approval or on an approval flow's
 * step they hold an open task of (docs/approvals.md), and with `offers` the
 * pool's. ORs of indexed columns and id lists read first, so PostgreSQL can use a BitmapOr instead of testing every row.
 */
function partsOf(s: SystemActor, o: SQL, alias: string, opts: ScopeOptions): SQL {
  const me = s.id;
  const pool = opts.offers && !s.providerId && hasPower(s.powers, POOL_POWER) ? sql` or ${o}.in_pool` : sql``;
  return sql`(${o}.created_by = ${me} or ${o}.salesperson_id = ${me} or ${o}.acceptor_id = ${me} or ${o}.dispatcher_id = ${me}
    or ${o}.service_user_id = ${me} or ${o}.taken_by = ${me} or ${o}.return_visitor_id = ${me}
    or ${o}.id = any(array(select p.order_id from order_people p where p.enterprise_id = ${s.enterpriseId} and p.user_id = ${me}))
    or ${o}.id = any(array(select x.id from orders x where x.enterprise_id = ${s.enterpriseId} and x.examine_result = 0
      and x.deleted_at is null and ${namedApprovalOf(me, 'x')}))
    or ${openTaskOrders(s.enterpriseId, me, o)} or ${teamOrdersOf(s.enterpriseId, me, alias)}${pool})`;
}

/**
 * The condition on an orders row (aliased `alias`) that keeps the orders of `s`: what the lists and counts show.
 * With `offers`, what `s` may open and act on (the detail, every endpoint taking an order id, the state change).
 * The recycle bin is the caller's.
 */
export function orderScope(s: SystemActor, alias = 'o', opts: ScopeOptions = {}): SQL {
  const o = sql.raw(alias);
  const own = seesAllOfSide(s) ? null : partsOf(s, o, alias, opts);
  if (s.providerId != null) return own ? sql`(${o}.provider_id = ${s.providerId} and ${own})` : sql`${o}.provider_id = ${s.providerId}`;
  return own ?? sql`true`;
}

/** Orders `s` may open and act on: its own and the pool's offers. */
export const openableOrders = (s: SystemActor, alias = 'o'): SQL => orderScope(s, alias, { offers: true });

/** The order's row if `s` may open it (live orders only); NOT_FOUND otherwise, another enterprise's id included. `lock` takes it FOR UPDATE. */
export async function orderInScope(ex: Executor, s: SystemActor, id: number, lock = false, also?: SQL): Promise<OrderRecord> {
  const open = also ? sql`(${openableOrders(s)} or ${also})` : openableOrders(s);
  const row = await liveOrderRecord(ex, s.enterpriseId, id, open, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
