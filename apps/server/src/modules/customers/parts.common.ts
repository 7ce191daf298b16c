import type { AddressInput } from '@sk/shared';
import type { Tx } from '../../db/client';
import { lockCustomerRow, primaryOf, setPrimaryCopy } from './customers.repo';
import { AppError } from '../../platform/errors';
import { fullAddressOf, resolveArea } from './areas';
import { claimCustomerPhone } from './phone';
import { gramsOf } from '../../platform/search';
import { refuseDuplicateCustomer } from './duplicates';

/** Serialises writes to one customer's contacts and addresses (one primary, one default). */
export async function lockCustomer(tx: Tx, enterpriseId: number, customerId: number): Promise<void> {
  // Deleted while we waited for the lock.
  if (!(await lockCustomerRow(tx, enterpriseId, customerId))) throw new AppError('NOT_FOUND');
}

/** Copies the primary contact's name and phone onto the customer (list column, phone filter, picker search). */
export async function syncPrimary(tx: Tx, enterpriseId: number, customerId: number): Promise<void> {
  const r = await primaryOf(tx, enterpriseId, customerId);
  if (!r) return;
  await refuseDuplicateCustomer(tx, enterpriseId, r.name, r.phone, customerId);
  // A new phone on the customer is checked against 客户电话不可重复; a phone kept from before is not.
  if (r.phone !== r.current_phone) await claimCustomerPhone(tx, enterpriseId, r.phone, customerId);
  const grams = gramsOf(r.name, r.link_name);
  await setPrimaryCopy(tx, enterpriseId, customerId, r.link_name, r.phone, grams);
}

/** Area names for the codes and the one-line address; VALIDATION when the codes do not fit together. */
export function addressValues(a: AddressInput) {
  const area = resolveArea(a.provinceCode, a.cityCode, a.districtCode);
  if (!area) throw new AppError('VALIDATION', { detail: '省市区：请按省、市、区县的顺序选择' });
  const fullAddress = fullAddressOf(area, a.detail);
  return {
    ...area,
    detail: a.detail,
    fullAddress,
    mapName: a.mapName ?? null,
    latitude: a.latitude ?? null,
    longitude: a.longitude ?? null,
    searchGrams: gramsOf(fullAddress, a.mapName),
  };
}
