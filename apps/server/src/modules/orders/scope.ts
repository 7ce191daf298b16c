import { type SQL, sql } from 'drizzle-orm';
import { ORDER_PEOPLE_PARTS } from '@sk/shared';

/** Who looks at orders: the session's user by the current role (as powers are). */
export interface OrderReader {
  id: number;
  enterpriseId: number;
  sysrole: number | null;
  admin: boolean;
}

/** Roles that see every order of the enterprise: dispatcher, administrator, acceptance, return visit, finance, director. */
export const ALL_ORDERS_ROLES: readonly number[] = [1, 3, 6, 7, 8, 10];

export const seesAllOrders = (r: OrderReader): boolean => r.admin || (r.sysrole != null && ALL_ORDERS_ROLES.includes(r.sysrole));

/**
 * The orders a user may see, as a condition on an orders row `o`: everything for the roles above; the
 * engineer (2) the orders they serve or collaborate on; the salesperson (5) the orders they sell or created;
 * anyone else the orders they created. ORs of indexed columns, so PostgreSQL can use a BitmapOr.
 */
export function orderScope(r: OrderReader, alias = 'o'): SQL {
  if (seesAllOrders(r)) return sql`true`;
  const o = sql.raw(alias);
  if (r.sysrole === 2) {
    return sql`(${o}.service_user_id = ${r.id} or ${o}.id = any(array(
      select order_id from order_people where enterprise_id = ${r.enterpriseId} and user_id = ${r.id} and part = ${ORDER_PEOPLE_PARTS.collaborator})))`;
  }
  if (r.sysrole === 5) return sql`(${o}.salesperson_id = ${r.id} or ${o}.created_by = ${r.id})`;
  return sql`${o}.created_by = ${r.id}`;
}
