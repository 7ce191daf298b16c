// The SQL of which customers a viewer sees and edits; common.ts chooses which condition applies to whom.
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { bigints } from '../../platform/sql';

/** No limit: every customer of the enterprise. */
export const allCustomers = (): SQL => sql`true`;

/**
 * The viewer's own customers, as a condition on a customers row: responsible for, created, or granted.
 * Written as ORs of indexed columns (a BitmapOr, or a filtered scan of the newest rows), not a join.
 */
export const ownCustomerRow = (v: Actor, alias: string): SQL => {
  const c = sql.raw(alias);
  return sql`(${c}.business_user_id = ${v.id} or ${c}.created_by = ${v.id} or ${c}.id = any(array(
    select customer_id from customer_permissions where enterprise_id = ${v.enterpriseId} and user_id = ${v.id})))`;
};

const ownCustomerIds = (v: Actor): SQL => sql`select s.id from customers s where s.enterprise_id = ${v.enterpriseId} and ${ownCustomerRow(v, 's')}`;

/** Another table's customer id is one of the viewer's own customers. */
export const inOwnCustomers = (v: Actor, idCol: AnyColumn | SQL): SQL => sql`${idCol} in (${ownCustomerIds(v)})`;

/** An optional customer id is one of the viewer's own customers, or none and the record is the viewer's. */
export const inOwnCustomersOrOwnRecord = (v: Actor, customerCol: AnyColumn | SQL, createdByCol: AnyColumn | SQL): SQL =>
  sql`(${customerCol} in (${ownCustomerIds(v)}) or (${customerCol} is null and ${createdByCol} = ${v.id}))`;

/** The customers row `c` is one the viewer is responsible for, created, or was granted edit (2) on. */
export const ownEditableRow = (v: Actor): SQL =>
  sql`(c.business_user_id = ${v.id} or c.created_by = ${v.id} or exists (select 1 from customer_permissions p
    where p.enterprise_id = c.enterprise_id and p.customer_id = c.id and p.user_id = ${v.id} and p.permission = 2))`;

/** The customer within `scope` (on `c`), with `canEdit` as the condition says. */
export async function scopedCustomer(
  ex: Executor,
  v: Actor,
  id: number,
  scope: SQL,
  canEdit: SQL,
): Promise<{ id: number; name: string; can_edit: boolean } | undefined> {
  const [r] = await rows<{ id: number; name: string; can_edit: boolean }>(
    ex,
    sql`select c.id, c.name, ${canEdit} as can_edit from customers c
        where c.enterprise_id = ${v.enterpriseId} and c.id = ${id} and ${scope}`,
  );
  return r;
}

/** Takes the customer row (for key share) until the transaction ends; false when there is none. */
export async function shareCustomerKey(tx: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${enterpriseId} and id = ${id} for key share`);
  return !!r;
}

/** Of `ids`, the customers within `scope` that also meet `edit` (both on `c`). */
export async function scopedCustomerIds(ex: Executor, v: Actor, ids: number[], scope: SQL, edit: SQL): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select c.id from customers c where c.enterprise_id = ${v.enterpriseId} and c.id = any(${bigints(ids)})
        and ${scope} and ${edit}`,
  );
  return found.map((r) => r.id);
}
