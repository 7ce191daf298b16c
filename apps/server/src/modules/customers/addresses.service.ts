import type { Address, AddressInput } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { editableCustomer } from './common';
import { addressValues, lockCustomer } from './parts.common';
import { geocodeSaved } from '../geo/index';
import type { Actor } from '../../platform/actor';
import * as repo from './addresses.repo';
import { type AddressFilters, countAddresses, listAddresses } from './addresses.repo';

export { type AddressFilters, countAddresses, listAddresses };

export const addressesOf = (ex: Executor, v: Actor, customerId: number): Promise<Address[]> =>
  listAddresses(ex, v, { customerId }, { pageIndex: 0, pageSize: 500 });

/** The address's customer, if the address is this enterprise's; NOT_FOUND otherwise. */
async function ownerOf(ex: Executor, v: Actor, id: number): Promise<{ customerId: number; isDefault: boolean }> {
  const a = await repo.addressOwner(ex, v.enterpriseId, id);
  if (!a) throw new AppError('NOT_FOUND');
  return { customerId: a.customer_id, isDefault: a.is_default };
}

/** Creates or updates an address. A customer's first address is its default; `isDefault` moves the flag here. */
export async function saveAddress(db: Db, v: Actor, b: AddressInput & { id?: number | null; customerId: number; isDefault?: boolean }): Promise<number> {
  const values = addressValues(b);
  return db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.customerId);
    if (b.id && (await ownerOf(tx, v, b.id)).customerId !== b.customerId) throw new AppError('NOT_FOUND');
    await lockCustomer(tx, v.enterpriseId, b.customerId);
    const makeDefault = b.isDefault === true || (await repo.addressCount(tx, v.enterpriseId, b.customerId)) === 0;
    if (makeDefault) await repo.clearDefault(tx, v.enterpriseId, b.customerId, b.id ?? 0);
    if (b.id) {
      await repo.updateAddress(tx, v.enterpriseId, b.id, values, makeDefault);
      await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [b.id]);
      return b.id;
    }
    const id = await repo.insertAddress(tx, v.enterpriseId, b.customerId, values, makeDefault);
    await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [id]);
    return id;
  });
}

/** Makes one address its customer's default, taking the flag from the previous one in the same transaction. */
export async function setDefaultAddress(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { customerId } = await ownerOf(tx, v, id);
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    await repo.clearDefault(tx, v.enterpriseId, customerId, id);
    await repo.markDefault(tx, v.enterpriseId, id);
  });
}

/** Deletes an address; equipment there keeps its customer, and a deleted default hands the flag to the newest remaining. */
export async function deleteAddress(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { customerId } = await ownerOf(tx, v, id);
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    // Orders and events keep their copy of the address; only the link goes.
    // Whether it was the default one is read by the delete, under the customer's lock: a 设为默认 just before counts.
    if (await repo.deleteAddressRow(tx, v.enterpriseId, id)) await repo.newestBecomesDefault(tx, v.enterpriseId, customerId);
  });
}
