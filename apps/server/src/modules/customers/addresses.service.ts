import type { Address, AddressInput } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { customerScope, editableCustomer } from './common';
import { contains, texts } from '../../platform/search';
import { and, timeOf } from '../../platform/sql';
import { addressValues, lockCustomer } from './parts.common';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { geocodeSaved } from '../geo/geo.service';
import type { Actor } from '../../platform/actor';

interface Raw {
  id: number;
  customer_id: number;
  customer_name: string;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  detail: string;
  full_address: string;
  map_name: string | null;
  latitude: number | null;
  longitude: number | null;
  is_default: boolean;
  create_time: string;
}

const toAddress = (r: Raw): Address => ({
  id: r.id,
  customerId: r.customer_id,
  customerName: r.customer_name,
  provinceCode: r.province_code,
  cityCode: r.city_code,
  districtCode: r.district_code,
  province: r.province,
  city: r.city,
  district: r.district,
  detail: r.detail,
  mapName: r.map_name,
  latitude: r.latitude,
  longitude: r.longitude,
  isDefault: r.is_default,
  fullAddress: r.full_address,
  create_time: r.create_time,
});

export interface AddressFilters {
  customerId?: number | null;
  customerName?: string;
  mapName?: string;
  provinceCode?: string;
  cityCode?: string;
  districtCode?: string;
}

function conds(v: Actor, f: AddressFilters): SQL[] {
  const c: SQL[] = [sql`a.enterprise_id = ${v.enterpriseId}`, customerScope(v, sql`a.customer_id`)];
  if (f.customerId) c.push(sql`a.customer_id = ${f.customerId}`);
  if (f.mapName) c.push(contains(sql`a.search_grams`, sql`concat_ws(' ', a.full_address, a.map_name)`, f.mapName));
  if (f.provinceCode) c.push(sql`a.province_code = ${f.provinceCode}`);
  if (f.cityCode) c.push(sql`a.city_code = ${f.cityCode}`);
  if (f.districtCode) c.push(sql`a.district_code = ${f.districtCode}`);
  if (f.customerName) {
    c.push(
      sql`a.customer_id in (select c.id from customers c where c.enterprise_id = ${v.enterpriseId} and ${contains(sql`c.search_grams`, sql`c.name`, f.customerName)})`,
    );
  }
  return c;
}

/** Addresses across the viewer's customers (AddressManage) or of one customer (its default first). */
export async function listAddresses(ex: Executor, v: Actor, f: AddressFilters, page: { pageIndex: number; pageSize: number }): Promise<Address[]> {
  const order = f.customerId ? sql`a.is_default desc, a.created_at asc, a.id asc` : sql`a.created_at desc, a.id desc`;
  const list = await rows<Raw>(
    ex,
    sql`select a.*, c.name as customer_name, ${timeOf(sql`a.created_at`, v)} as create_time
      from (${await listPageRows(ex, Boolean(f.mapName || f.customerName), 'customer_addresses', 'a', v.enterpriseId, and(conds(v, f)), order, page)}) a
      join customers c on c.enterprise_id = a.enterprise_id and c.id = a.customer_id
      order by ${order}`,
  );
  return list.map(toAddress);
}

export async function countAddresses(ex: Executor, v: Actor, f: AddressFilters): Promise<number> {
  return countOf(ex, sql`customer_addresses a`, and(conds(v, f)));
}

export const addressesOf = (ex: Executor, v: Actor, customerId: number): Promise<Address[]> =>
  listAddresses(ex, v, { customerId }, { pageIndex: 0, pageSize: 500 });

/** The address's customer, if the address is this enterprise's; NOT_FOUND otherwise. */
async function ownerOf(ex: Executor, v: Actor, id: number): Promise<{ customerId: number; isDefault: boolean }> {
  const [a] = await rows<{ customer_id: number; is_default: boolean }>(
    ex,
    sql`select customer_id, is_default from customer_addresses where enterprise_id = ${v.enterpriseId} and id = ${id}`,
  );
  if (!a) throw new AppError('NOT_FOUND');
  return { customerId: Number(a.customer_id), isDefault: a.is_default };
}

/** Creates or updates an address. A customer's first address is its default; `isDefault` moves the flag here. */
export async function saveAddress(db: Db, v: Actor, b: AddressInput & { id?: number | null; customerId: number; isDefault?: boolean }): Promise<number> {
  const values = addressValues(b);
  return db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.customerId);
    if (b.id && (await ownerOf(tx, v, b.id)).customerId !== b.customerId) throw new AppError('NOT_FOUND');
    await lockCustomer(tx, v.enterpriseId, b.customerId);
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from customer_addresses where enterprise_id = ${v.enterpriseId} and customer_id = ${b.customerId}`,
    );
    const makeDefault = b.isDefault === true || Number(n) === 0;
    if (makeDefault) {
      await tx.execute(sql`update customer_addresses set is_default = false
        where enterprise_id = ${v.enterpriseId} and customer_id = ${b.customerId} and is_default and id <> ${b.id ?? 0}`);
    }
    const cols = sql`province_code = ${values.provinceCode}, city_code = ${values.cityCode}, district_code = ${values.districtCode},
      province = ${values.province}, city = ${values.city}, district = ${values.district}, detail = ${values.detail},
      full_address = ${values.fullAddress}, map_name = ${values.mapName}, latitude = ${values.latitude}, longitude = ${values.longitude},
      search_grams = ${texts(values.searchGrams)}`;
    if (b.id) {
      await tx.execute(sql`update customer_addresses set ${cols}, is_default = is_default or ${makeDefault}, updated_at = now()
        where enterprise_id = ${v.enterpriseId} and id = ${b.id}`);
      await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [b.id]);
      return b.id;
    }
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into customer_addresses (enterprise_id, customer_id, province_code, city_code, district_code, province, city, district,
          detail, full_address, map_name, latitude, longitude, search_grams, is_default)
        values (${v.enterpriseId}, ${b.customerId}, ${values.provinceCode}, ${values.cityCode}, ${values.districtCode}, ${values.province},
          ${values.city}, ${values.district}, ${values.detail}, ${values.fullAddress}, ${values.mapName}, ${values.latitude}, ${values.longitude},
          ${texts(values.searchGrams)}, ${makeDefault}) returning id`,
    );
    await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [Number(r?.id)]);
    return Number(r?.id);
  });
}

/** Makes one address its customer's default, taking the flag from the previous one in the same transaction. */
export async function setDefaultAddress(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { customerId } = await ownerOf(tx, v, id);
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    await tx.execute(sql`update customer_addresses set is_default = false
      where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId} and is_default and id <> ${id}`);
    await tx.execute(sql`update customer_addresses set is_default = true, updated_at = now() where enterprise_id = ${v.enterpriseId} and id = ${id}`);
  });
}

/** Deletes an address; equipment there keeps its customer, and a deleted default hands the flag to the newest remaining. */
export async function deleteAddress(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { customerId, isDefault } = await ownerOf(tx, v, id);
    await editableCustomer(tx, v, customerId);
    await lockCustomer(tx, v.enterpriseId, customerId);
    await tx.execute(sql`update installed_products set address_id = null where enterprise_id = ${v.enterpriseId} and address_id = ${id}`);
    // Orders and events keep their copy of the address; only the link goes.
    await tx.execute(sql`update orders set address_id = null where enterprise_id = ${v.enterpriseId} and address_id = ${id}`);
    await tx.execute(sql`update events set address_id = null where enterprise_id = ${v.enterpriseId} and address_id = ${id}`);
    await tx.execute(sql`delete from customer_addresses where enterprise_id = ${v.enterpriseId} and id = ${id}`);
    if (isDefault) {
      await tx.execute(sql`update customer_addresses set is_default = true where enterprise_id = ${v.enterpriseId} and id = (
        select id from customer_addresses where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId} order by created_at desc, id desc limit 1)`);
    }
  });
}
