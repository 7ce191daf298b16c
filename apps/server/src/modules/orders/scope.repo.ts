// The conditions the order scope (scope.ts, the rule) is made of, on an orders row aliased `alias`, and the team read.
import { APPROVAL_KINDS } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { openTaskOrders } from './examine.kinds';

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

/**
 * Orders `userId` is on in any part (creator, salesperson, acceptor, dispatcher, engineer, taker, return visitor,
 * collaborator, copied-to), those of the team they lead, those waiting for their named approval or on an approval
 * flow's step they hold an open task of, and with `pool` the pool's. ORs of indexed columns and id lists read first,
 * so PostgreSQL can use a BitmapOr instead of testing every row.
 */
export function ordersOnOf(enterpriseId: number, userId: number, alias: string, pool: boolean): SQL {
  const o = sql.raw(alias);
  const me = userId;
  const offers = pool ? sql` or ${o}.in_pool` : sql``;
  return sql`(${o}.created_by = ${me} or ${o}.salesperson_id = ${me} or ${o}.acceptor_id = ${me} or ${o}.dispatcher_id = ${me}
    or ${o}.service_user_id = ${me} or ${o}.taken_by = ${me} or ${o}.return_visitor_id = ${me}
    or ${o}.id = any(array(select p.order_id from order_people p where p.enterprise_id = ${enterpriseId} and p.user_id = ${me}))
    or ${o}.id = any(array(select x.id from orders x where x.enterprise_id = ${enterpriseId} and x.examine_result = 0
      and x.deleted_at is null and ${namedApprovalOf(me, 'x')}))
    or ${openTaskOrders(enterpriseId, me, o)} or ${teamOrdersOf(enterpriseId, me, alias)}${offers})`;
}

/** A provider's orders, and of those `own` when its user is limited. */
export function providerOrders(alias: string, providerId: number, own: SQL | null): SQL {
  const o = sql.raw(alias);
  return own ? sql`(${o}.provider_id = ${providerId} and ${own})` : sql`${o}.provider_id = ${providerId}`;
}

/** Every order: the scope of those who see all of them. */
export const everyOrder = (): SQL => sql`true`;

/** The scope widened by a caller's own condition (an order the caller may open for another reason). */
export const scopeOr = (scope: SQL, also: SQL): SQL => sql`(${scope} or ${also})`;
