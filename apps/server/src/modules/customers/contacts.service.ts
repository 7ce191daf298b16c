import type { Contact } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { contactGrams, customerScope, editableCustomer } from './common';
import { contains, prefixPattern, texts } from '../../platform/search';
import { and, timeOf } from '../../platform/sql';
import { lockCustomer, syncPrimary } from './parts.common';
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

const toContact = (r: Raw): Contact => ({
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

/** One customer's contacts (the caller has checked the customer is visible). */
export const contactsOf = (ex: Executor, v: Actor, customerId: number): Promise<Contact[]> =>
  listContacts(ex, v, { customerId }, { pageIndex: 0, pageSize: 500 });

export interface ContactBody {
  id?: number | null;
  customerId: number;
  name: string;
  phone: string;
  position: string | null;
  isPrimary?: boolean;
}

/** The same person (same name and phone) once per customer. */
async function refuseDuplicate(tx: Executor, enterpriseId: number, b: ContactBody): Promise<void> {
  const [same] = await rows<{ id: number }>(
    tx,
    sql`select id from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${b.customerId}
      and name = ${b.name} and phone = ${b.phone} and id <> ${b.id ?? 0} limit 1`,
  );
  if (same) throw new AppError('CONTACT_TAKEN', { name: b.name, phone: b.phone });
}

/** Creates or updates a contact; making it primary moves the flag from the previous primary. */
export async function saveContact(db: Db, v: Actor, b: ContactBody): Promise<number> {
  return db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.customerId);
    // The customer's row lock makes the duplicate check below safe against a parallel save of the same person.
    await lockCustomer(tx, v.enterpriseId, b.customerId);
    await refuseDuplicate(tx, v.enterpriseId, b);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from customer_contacts where enterprise_id = ${v.enterpriseId} and customer_id = ${b.customerId}`,
    );
    const primary = b.isPrimary === true || Number(n) === 0;
    if (primary) {
      await tx.execute(sql`update customer_contacts set is_primary = false
        where enterprise_id = ${v.enterpriseId} and customer_id = ${b.customerId} and is_primary and id <> ${b.id ?? 0}`);
    }
    const grams = contactGrams(b.name, b.phone);
    let id = b.id ?? 0;
    if (b.id) {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`update customer_contacts set name = ${b.name}, phone = ${b.phone}, position = ${b.position},
            is_primary = is_primary or ${primary}, search_grams = ${texts(grams)}, updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${b.id} and customer_id = ${b.customerId} returning id`,
      );
      if (!r) throw new AppError('NOT_FOUND');
    } else {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, position, is_primary, search_grams)
          values (${v.enterpriseId}, ${b.customerId}, ${b.name}, ${b.phone}, ${b.position}, ${primary}, ${texts(grams)}) returning id`,
      );
      id = Number(r?.id);
    }
    await syncPrimary(tx, v.enterpriseId, b.customerId);
    return id;
  });
}

/** Deletes a contact; the last one is kept, and a deleted primary hands the flag to the oldest remaining. */
export async function deleteContact(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [k] = await rows<{ customer_id: number; is_primary: boolean }>(
      tx,
      sql`select customer_id, is_primary from customer_contacts where enterprise_id = ${v.enterpriseId} and id = ${id}`,
    );
    if (!k) throw new AppError('NOT_FOUND');
    const customerId = Number(k.customer_id);
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from customer_contacts where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId}`,
    );
    if (Number(n) <= 1) throw new AppError('LAST_CONTACT');
    await tx.execute(sql`update home_accounts set link_person_id = null where enterprise_id = ${v.enterpriseId} and link_person_id = ${id}`);
    // Orders and events keep their copy of the contact's name and phone; only the link goes.
    await tx.execute(sql`update orders set contact_id = null where enterprise_id = ${v.enterpriseId} and contact_id = ${id}`);
    await tx.execute(sql`update events set contact_id = null where enterprise_id = ${v.enterpriseId} and contact_id = ${id}`);
    await tx.execute(sql`delete from customer_contacts where enterprise_id = ${v.enterpriseId} and id = ${id}`);
    if (k.is_primary) {
      await tx.execute(sql`update customer_contacts set is_primary = true where enterprise_id = ${v.enterpriseId} and id = (
        select id from customer_contacts where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId} order by created_at, id limit 1)`);
    }
    await syncPrimary(tx, v.enterpriseId, customerId);
  });
}
