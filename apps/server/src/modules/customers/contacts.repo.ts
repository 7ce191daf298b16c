// The contacts' statements: typed rows, one presenter (toContact). The service holds the rules.
import type { Contact } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { customerScope } from './common';
import { contains, prefixPattern, texts } from '../../platform/search';
import { and, timeOf } from '../../platform/sql';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';

interface Raw {
  id: number;
  customer_id: number;
  customer_name: string;
  name: string;
  phone: string;
  position: string | null;
  is_primary: boolean;
  create_time: string;
}

export const toContact = (r: Raw): Contact => ({
  id: r.id,
  customerId: r.customer_id,
  customerName: r.customer_name,
  name: r.name,
  phone: r.phone,
  position: r.position,
  isPrimary: r.is_primary,
  create_time: r.create_time,
});

export interface ContactFilters {
  customerId?: number | null;
  /** Name or phone (the list's search box), like the person picker. */
  keyword?: string;
  name?: string;
  phone?: string;
  customerName?: string;
}

function conds(v: Actor, f: ContactFilters): SQL[] {
  const c: SQL[] = [sql`k.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`k.customer_id`)];
  if (f.customerId) c.push(sql`k.customer_id = ${f.customerId}`);
  if (f.keyword) c.push(contains(sql`k.search_grams`, sql`(k.name || ' ' || k.phone)`, f.keyword));
  if (f.name) c.push(contains(sql`k.search_grams`, sql`k.name`, f.name));
  if (f.phone) c.push(sql`k.phone like ${prefixPattern(f.phone)}`);
  if (f.customerName) {
    c.push(
      sql`k.customer_id in (select c.id from customers c where c.enterprise_id = ${v.enterpriseId} and ${contains(sql`c.search_grams`, sql`c.name`, f.customerName)})`,
    );
  }
  return c;
}

/** Contacts across the viewer's customers (ContactManage) or of one customer, newest first (a customer's primary first). */
export async function listContacts(ex: Executor, v: Actor, f: ContactFilters, page: { pageIndex: number; pageSize: number }): Promise<Contact[]> {
  const order = f.customerId ? sql`k.is_primary desc, k.created_at asc, k.id asc` : sql`k.created_at desc, k.id desc`;
  const list = await rows<Raw>(
    ex,
    sql`select k.id, k.customer_id, c.name as customer_name, k.name, k.phone, k.position, k.is_primary, ${timeOf(sql`k.created_at`, v)} as create_time
      from (${await listPageRows(ex, Boolean(f.keyword || f.name || f.customerName), 'customer_contacts', 'k', v.enterpriseId, and(conds(v, f)), order, page)}) k
      join customers c on c.enterprise_id = k.enterprise_id and c.id = k.customer_id
      order by ${order}`,
  );
  return list.map(toContact);
}

export async function countContacts(ex: Executor, v: Actor, f: ContactFilters): Promise<number> {
  return countOf(ex, sql`customer_contacts k`, and(conds(v, f)));
}

/** A contact of the customer with the same name and phone (the same person once per customer). */
export async function sameContact(ex: Executor, ep: number, b: { id?: number | null; customerId: number; name: string; phone: string }): Promise<boolean> {
  const [same] = await rows<{ id: number }>(
    ex,
    sql`select id from customer_contacts where enterprise_id = ${ep} and customer_id = ${b.customerId}
      and name = ${b.name} and phone = ${b.phone} and id <> ${b.id ?? 0} limit 1`,
  );
  return !!same;
}

/** How many contacts the customer has. */
export async function contactCount(ex: Executor, ep: number, customerId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId}`,
  );
  return n;
}

/** The customer's primary flag leaves every other contact (`keep`: the one that takes it). */
export const clearPrimary = (ex: Executor, ep: number, customerId: number, keep: number) =>
  ex.execute(sql`update customer_contacts set is_primary = false
        where enterprise_id = ${ep} and customer_id = ${customerId} and is_primary and id <> ${keep}`);

export interface ContactValues {
  customerId: number;
  name: string;
  phone: string;
  position: string | null;
  primary: boolean;
  grams: string[];
}

export async function updateContact(ex: Executor, ep: number, id: number, b: ContactValues): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update customer_contacts set name = ${b.name}, phone = ${b.phone}, position = ${b.position},
            is_primary = is_primary or ${b.primary}, search_grams = ${texts(b.grams)}, updated_at = now()
          where enterprise_id = ${ep} and id = ${id} and customer_id = ${b.customerId} returning id`,
  );
  return r?.id;
}

export async function insertContact(ex: Executor, ep: number, b: ContactValues): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, position, is_primary, search_grams)
          values (${ep}, ${b.customerId}, ${b.name}, ${b.phone}, ${b.position}, ${b.primary}, ${texts(b.grams)}) returning id`,
  );
  return (r as { id: number }).id;
}

export async function contactRow(ex: Executor, ep: number, id: number) {
  const [k] = await rows<{ customer_id: number; is_primary: boolean }>(
    ex,
    sql`select customer_id, is_primary from customer_contacts where enterprise_id = ${ep} and id = ${id}`,
  );
  return k;
}

/** Deletes the contact; portal accounts, orders and events keep their copy of its name and phone, only the link goes. */
/** Deletes the contact (its links first); answers whether it was the primary one as it is now, not as read before the lock. */
export async function deleteContactRow(ex: Executor, ep: number, id: number): Promise<boolean> {
  await ex.execute(sql`update home_accounts set link_person_id = null where enterprise_id = ${ep} and link_person_id = ${id}`);
  await ex.execute(sql`update orders set contact_id = null where enterprise_id = ${ep} and contact_id = ${id}`);
  await ex.execute(sql`update events set contact_id = null where enterprise_id = ${ep} and contact_id = ${id}`);
  const [gone] = await rows<{ is_primary: boolean }>(ex, sql`delete from customer_contacts where enterprise_id = ${ep} and id = ${id} returning is_primary`);
  return gone?.is_primary ?? false;
}

/** The customer's oldest contact becomes its primary. */
export const oldestBecomesPrimary = (ex: Executor, ep: number, customerId: number) =>
  ex.execute(sql`update customer_contacts set is_primary = true where enterprise_id = ${ep} and id = (
        select id from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId} order by created_at, id limit 1)`);
