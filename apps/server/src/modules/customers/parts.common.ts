import type { AddressInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { fullAddressOf, resolveArea } from './areas';
import { claimCustomerPhone } from './phone';
import { gramsOf, texts } from '../../platform/search';
import { refuseDuplicateCustomer } from './duplicates';

/** Serialises writes to one customer's contacts and addresses (one primary, one default). */
export async function lockCustomer(tx: Tx, enterpriseId: number, customerId: number): Promise<void> {
  const [r] = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${enterpriseId} and id = ${customerId} for update`);
  // Deleted while we waited for the lock.
  if (!r) throw new AppError('NOT_FOUND');
}

/** Copies the primary contact's name and phone onto the customer (list column, phone filter, picker search). */
export async function syncPrimary(tx: Tx, enterpriseId: number, customerId: number): Promise<void> {
  const [r] = await rows<{ name: string; link_name: string | null; phone: string | null; current_phone: string | null }>(
    tx,
    sql`select c.name, k.name as link_name, k.phone, c.phone as current_phone from customers c
        left join customer_contacts k on k.enterprise_id = c.enterprise_id and k.customer_id = c.id and k.is_primary
        where c.enterprise_id = ${enterpriseId} and c.id = ${customerId}`,
  );
  if (!r) return;
  await refuseDuplicateCustomer(tx, enterpriseId, r.name, r.phone, customerId);
  // A new phone on the customer is checked against 客户电话不可重复; a phone kept from before is not.
  if (r.phone !== r.current_phone) await claimCustomerPhone(tx, enterpriseId, r.phone, customerId);
  const grams = gramsOf(r.name, r.link_name);
  await tx.execute(sql`update customers set link_name = ${r.link_name}, phone = ${r.phone},
      search_grams = ${texts(grams)}, updated_at = now()
    where enterprise_id = ${enterpriseId} and id = ${customerId}`);
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
