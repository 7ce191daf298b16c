import { OWN_CUSTOMERS_ONLY_ROLES } from '@sk/shared';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { windowOf } from '../../platform/list';

import { gramsOf } from '../../platform/search';
import type { Actor } from '../../platform/actor';
import * as scope from './scope.repo';

/** The page a list asks for, refused early when it starts past the list window (paid-only sizes are checked in endpoint.ts). */
export function pageFor<Q extends { pageIndex: number; pageSize: number }>(_u: Actor, q: Q): Q {
  windowOf(q);
  return q;
}

/** Roles limited to their own customers (OWN_CUSTOMERS_ONLY_ROLES), by the current role as powers are. */
export const ownOnly = (v: Actor): boolean => v.sysrole != null && OWN_CUSTOMERS_ONLY_ROLES.includes(v.sysrole);

/** Condition on a customers row (alias `c` by default) keeping only customers the viewer may see. */
export const customerRowScope = (v: Actor, alias = 'c'): SQL => (ownOnly(v) ? scope.ownCustomerRow(v, alias) : scope.allCustomers());

/** A condition on another table's customer id keeping only customers the viewer may see (`true` for unlimited roles). */
export const customerScope = (v: Actor, idCol: AnyColumn | SQL): SQL => (ownOnly(v) ? scope.inOwnCustomers(v, idCol) : scope.allCustomers());

/** Like customerScope for records whose customer is optional: a limited viewer also sees the ones they created. */
export const optionalCustomerScope = (v: Actor, customerCol: AnyColumn | SQL, createdByCol: AnyColumn | SQL): SQL =>
  ownOnly(v) ? scope.inOwnCustomersOrOwnRecord(v, customerCol, createdByCol) : scope.allCustomers();

/** A limited viewer edits customers they are responsible for, created, or were granted edit on. */
const editCondition = (v: Actor): SQL => (ownOnly(v) ? scope.ownEditableRow(v) : scope.allCustomers());

/** The customer if it exists in the viewer's enterprise and the viewer may see it; NOT_FOUND otherwise. */
export async function visibleCustomer(ex: Executor, v: Actor, id: number): Promise<{ id: number; name: string; canEdit: boolean }> {
  const r = await scope.scopedCustomer(ex, v, id, customerRowScope(v), editCondition(v));
  if (!r) throw new AppError('NOT_FOUND');
  return { id: r.id, name: r.name, canEdit: r.can_edit };
}

/**
 * Holds the customer until the transaction ends, before a record is added to it: a concurrent delete
 * (which takes the row first) then either waits for us or has already won, and we answer NOT_FOUND.
 */
export async function holdCustomer(tx: Executor, enterpriseId: number, id: number): Promise<void> {
  if (!(await scope.shareCustomerKey(tx, enterpriseId, id))) throw new AppError('NOT_FOUND');
}

/** Visible and editable: a limited viewer edits customers they are responsible for, created, or were granted edit (2) on. */
export async function editableCustomer(ex: Executor, v: Actor, id: number): Promise<{ id: number; name: string }> {
  const c = await visibleCustomer(ex, v, id);
  if (!c.canEdit) throw new AppError('NO_POWER');
  return c;
}

/** Of `ids`, those visible to the viewer (tag targets, batch actions). */
export async function visibleCustomerIds(ex: Executor, v: Actor, ids: number[], editable = false): Promise<number[]> {
  if (ids.length === 0) return [];
  return scope.scopedCustomerIds(ex, v, ids, customerRowScope(v), editable ? editCondition(v) : scope.allCustomers());
}

/** A contact's search grams: its name and its phone, so the contact search finds either. */
export const contactGrams = (name: string, phone: string | null | undefined): string[] => gramsOf(name, phone);
