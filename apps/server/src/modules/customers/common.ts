import { OWN_CUSTOMERS_ONLY_ROLES } from '@sk/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { windowOf } from '../../platform/list';

import { gramsOf } from '../../platform/search';
import { bigints } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

/** The page a list asks for, refused early when it starts past the list window (paid-only sizes are checked in endpoint.ts). */
export function pageFor<Q extends { pageIndex: number; pageSize: number }>(_u: Actor, q: Q): Q {
  windowOf(q);
  return q;
}

/** Roles limited to their own customers (OWN_CUSTOMERS_ONLY_ROLES), by the current role as powers are. */
export const ownOnly = (v: Actor): boolean => v.sysrole != null && OWN_CUSTOMERS_ONLY_ROLES.includes(v.sysrole);

/**
 * A limited viewer's customers, as a condition on a customers row: responsible for, created, or granted.
 * Written as ORs of indexed columns (a BitmapOr, or a filtered scan of the newest rows), not a join.
 */
const ownRow = (v: Actor, alias: string): SQL => {
  const c = sql.raw(alias);
  return sql`(${c}.business_user_id = ${v.id} or ${c}.created_by = ${v.id} or ${c}.id = any(array(
    select customer_id from customer_permissions where enterprise_id = ${v.enterpriseId} and user_id = ${v.id})))`;
};

/** Condition on a customers row (alias `c` by default) keeping only customers the viewer may see. */
export const customerRowScope = (v: Actor, alias = 'c'): SQL => (ownOnly(v) ? ownRow(v, alias) : sql`true`);

const visibleIds = (v: Actor): SQL => sql`select s.id from customers s where s.enterprise_id = ${v.enterpriseId} and ${ownRow(v, 's')}`;

/** A condition on another table's customer id keeping only customers the viewer may see (`true` for unlimited roles). */
export const customerScope = (v: Actor, idCol: AnyColumn | SQL): SQL => (ownOnly(v) ? sql`${idCol} in (${visibleIds(v)})` : sql`true`);

/** Like customerScope for records whose customer is optional: a limited viewer also sees the ones they created. */
export const optionalCustomerScope = (v: Actor, customerCol: AnyColumn | SQL, createdByCol: AnyColumn | SQL): SQL =>
  ownOnly(v) ? sql`(${customerCol} in (${visibleIds(v)}) or (${customerCol} is null and ${createdByCol} = ${v.id}))` : sql`true`;

/** The customer if it exists in the viewer's enterprise and the viewer may see it; NOT_FOUND otherwise. */
export async function visibleCustomer(ex: Executor, v: Actor, id: number): Promise<{ id: number; name: string; canEdit: boolean }> {
  const [r] = await rows<{ id: number; name: string; can_edit: boolean }>(
    ex,
    sql`select c.id, c.name, ${editCondition(v)} as can_edit from customers c
        where c.enterprise_id = ${v.enterpriseId} and c.id = ${id} and ${customerRowScope(v)}`,
  );
  if (!r) throw new AppError('NOT_FOUND');
  return { id: r.id, name: r.name, canEdit: r.can_edit };
}

/**
 * Holds the customer until the transaction ends, before a record is added to it: a concurrent delete
 * (which takes the row first) then either waits for us or has already won, and we answer NOT_FOUND.
 */
export async function holdCustomer(tx: Executor, enterpriseId: number, id: number): Promise<void> {
  const [r] = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${enterpriseId} and id = ${id} for key share`);
  if (!r) throw new AppError('NOT_FOUND');
}

/** Visible and editable: a limited viewer edits customers they are responsible for, created, or were granted edit (2) on. */
export async function editableCustomer(ex: Executor, v: Actor, id: number): Promise<{ id: number; name: string }> {
  const c = await visibleCustomer(ex, v, id);
  if (!c.canEdit) throw new AppError('NO_POWER');
  return c;
}

function editCondition(v: Actor): SQL {
  if (!ownOnly(v)) return sql`true`;
  return sql`(c.business_user_id = ${v.id} or c.created_by = ${v.id} or exists (select 1 from customer_permissions p
    where p.enterprise_id = c.enterprise_id and p.customer_id = c.id and p.user_id = ${v.id} and p.permission = 2))`;
}

/** Of `ids`, those visible to the viewer (tag targets, batch actions). */
export async function visibleCustomerIds(ex: Executor, v: Actor, ids: number[], editable = false): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number }>(
    ex,
    sql`select c.id from customers c where c.enterprise_id = ${v.enterpriseId} and c.id = any(${bigints(ids)})
        and ${customerRowScope(v)} and ${editable ? editCondition(v) : sql`true`}`,
  );
  return found.map((r) => r.id);
}

/** A contact's search grams: its name and its phone, so the contact search finds either. */
export const contactGrams = (name: string, phone: string | null | undefined): string[] => gramsOf(name, phone);
