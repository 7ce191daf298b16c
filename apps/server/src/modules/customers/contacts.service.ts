import type { Contact } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { contactGrams, editableCustomer } from './common';
import { lockCustomer, syncPrimary } from './parts.common';
import type { Actor } from '../../platform/actor';
import * as repo from './contacts.repo';
import { type ContactFilters, countContacts, listContacts } from './contacts.repo';

export { type ContactFilters, countContacts, listContacts };

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
  if (await repo.sameContact(tx, enterpriseId, b)) throw new AppError('CONTACT_TAKEN', { name: b.name, phone: b.phone });
}

/** Creates or updates a contact; making it primary moves the flag from the previous primary. */
export async function saveContact(db: Db, v: Actor, b: ContactBody): Promise<number> {
  return db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.customerId);
    // The customer's row lock makes the duplicate check below safe against a parallel save of the same person.
    await lockCustomer(tx, v.enterpriseId, b.customerId);
    await refuseDuplicate(tx, v.enterpriseId, b);
    const primary = b.isPrimary === true || (await repo.contactCount(tx, v.enterpriseId, b.customerId)) === 0;
    if (primary) await repo.clearPrimary(tx, v.enterpriseId, b.customerId, b.id ?? 0);
    const values = { customerId: b.customerId, name: b.name, phone: b.phone, position: b.position, primary, grams: contactGrams(b.name, b.phone) };
    let id = b.id ?? 0;
    if (b.id) {
      if (!(await repo.updateContact(tx, v.enterpriseId, b.id, values))) throw new AppError('NOT_FOUND');
    } else id = await repo.insertContact(tx, v.enterpriseId, values);
    await syncPrimary(tx, v.enterpriseId, b.customerId);
    return id;
  });
}

/** Deletes a contact; the last one is kept, and a deleted primary hands the flag to the oldest remaining. */
export async function deleteContact(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const k = await repo.contactRow(tx, v.enterpriseId, id);
    if (!k) throw new AppError('NOT_FOUND');
    const customerId = k.customer_id;
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    if ((await repo.contactCount(tx, v.enterpriseId, customerId)) <= 1) throw new AppError('LAST_CONTACT');
    // Orders and events keep their copy of the contact's name and phone; only the link goes.
    // Whether it was the primary one is read by the delete, under the customer's lock: a 设为主联系人 just before counts.
    if (await repo.deleteContactRow(tx, v.enterpriseId, id)) await repo.oldestBecomesPrimary(tx, v.enterpriseId, customerId);
    await syncPrimary(tx, v.enterpriseId, customerId);
  });
}
