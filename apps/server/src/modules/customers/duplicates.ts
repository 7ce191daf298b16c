// A true duplicate customer: the same name and the same phone in one enterprise. The form asks before saving
// (duplicateCheck), and every write that sets a name or a primary phone refuses one (add, import, edit, contacts).
import type { CustomerDuplicate } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { texts } from '../../platform/search';
import { customerRowScope } from './common';
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
  const found = await rows<CustomerDuplicate & { visible: boolean }>(
    ex,
    sql`select c.id::int, c.name, c.link_name as linkperson, c.phone, a.full_address as address, ${customerRowScope(v)} as visible
      from customers c
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where c.enterprise_id = ${v.enterpriseId} and c.phone = any(${texts(phoneForms(phone))}) and c.name = ${name.trim()}
        ${exceptId ? sql`and c.id <> ${exceptId}` : sql``}
      order by c.id limit 5`,
  );
  return found.map(({ visible, ...r }) => ({ ...r, id: visible ? r.id : null }));
}

/**
 * Refuses to write a customer `name` with `phone` when another one of the enterprise has both. Writers of the same
 * name queue on an advisory lock until commit, so two saves at once cannot both pass the check.
 */
export async function refuseDuplicateCustomer(ex: Executor, enterpriseId: number, name: string, phone: string | null, exceptId?: number | null): Promise<void> {
  if (!phone?.trim()) return;
  await ex.execute(sql`select pg_advisory_xact_lock(${LOCK_CUSTOMER_NAME}, hashtext(${`${enterpriseId}:${name.trim()}`}))`);
  const [dup] = await rows<{ name: string; phone: string }>(
    ex,
    sql`select c.name, c.phone from customers c where c.enterprise_id = ${enterpriseId} and c.phone = any(${texts(phoneForms(phone))})
      and c.name = ${name.trim()} ${exceptId ? sql`and c.id <> ${exceptId}` : sql``} limit 1`,
  );
  if (dup) throw new AppError('CUSTOMER_DUPLICATE', { name: dup.name, phone: dup.phone });
}
