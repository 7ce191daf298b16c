// A true duplicate customer: the same name and the same phone in one enterprise. The form asks before saving
// (duplicateCheck), and every write that sets a name or a primary phone refuses one (add, import, edit, contacts).
import type { CustomerDuplicate } from '@sk/shared';
import type { Executor } from '../../db/client';
import { duplicateRows, firstDuplicate, lockCustomerName } from './customers.repo';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';

/** Advisory lock class of "a customer named …" (the second key is the enterprise and name's hash). */
const LOCK_CUSTOMER_NAME = 73_10;

/**
 * The ways one phone may be stored: as typed, digits only, and a landline or 400 line with its dashes
 * ('0571-88886666' = '057188886666', '400-820-8820' = '4008208820'). Each is an equality on customers_phone_idx.
 */
export function phoneForms(phone: string): string[] {
  const d = phone.replace(/[\s-]/g, '');
  const forms = [phone.trim(), d];
  if (/^0\d{9,11}$/.test(d)) forms.push(`${d.slice(0, 3)}-${d.slice(3)}`, `${d.slice(0, 4)}-${d.slice(4)}`);
  if (/^400\d{7}$/.test(d)) forms.push(`400-${d.slice(3, 6)}-${d.slice(6)}`, `400-${d.slice(3)}`, `400${d.slice(3, 6)}-${d.slice(6)}`);
  return [...new Set(forms)].filter(Boolean);
}

/**
 * Customers of the enterprise with this name and phone (customers_phone_idx finds the phone, the name is checked on
 * those rows). `id` is null for one the viewer may not open.
 */
export async function findDuplicates(ex: Executor, v: Actor, name: string, phone: string, exceptId?: number | null): Promise<CustomerDuplicate[]> {
  const found = await duplicateRows(ex, v, name.trim(), phoneForms(phone), exceptId);
  return found.map(({ visible, ...r }) => ({ ...r, id: visible ? r.id : null }));
}

/**
 * Refuses to write a customer `name` with `phone` when another one of the enterprise has both. Writers of the same
 * name queue on an advisory lock until commit, so two saves at once cannot both pass the check.
 */
export async function refuseDuplicateCustomer(ex: Executor, enterpriseId: number, name: string, phone: string | null, exceptId?: number | null): Promise<void> {
  if (!phone?.trim()) return;
  await lockCustomerName(ex, LOCK_CUSTOMER_NAME, enterpriseId, name.trim());
  const dup = await firstDuplicate(ex, enterpriseId, name.trim(), phoneForms(phone), exceptId);
  if (dup) throw new AppError('CUSTOMER_DUPLICATE', { name: dup.name, phone: dup.phone });
}
