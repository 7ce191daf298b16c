// The addresses' statements: typed rows, one presenter (toAddress). The service holds the rules.
import type { Address } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { customerScope } from './common';
import { contains, texts } from '../../platform/search';
import { and, timeOf } from '../../platform/sql';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import type { Actor } from '../../platform/actor';
import type { addressValues } from './parts.common';

/** A customer_addresses row as its reads give it (with the customer's name). */
export interface CustomerAddressRaw {
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

export const toAddress = (r: CustomerAddressRaw): Address => ({
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
  const list = await rows<CustomerAddressRaw>(
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

/** The address's customer and whether it is the default. */
export async function addressOwner(ex: Executor, ep: number, id: number) {
  const [a] = await rows<{ customer_id: number; is_default: boolean }>(
    ex,
    sql`select customer_id, is_default from customer_addresses where enterprise_id = ${ep} and id = ${id}`,
  );
  return a;
}

/** How many addresses the customer has. */
export async function addressCount(ex: Executor, ep: number, customerId: number): Promise<number> {
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from customer_addresses where enterprise_id = ${ep} and customer_id = ${customerId}`,
  );
  return n;
}

/** The default flag leaves the customer's other addresses (`keep`: the one that takes it). */
export const clearDefault = (ex: Executor, ep: number, customerId: number, keep: number) =>
  ex.execute(sql`update customer_addresses set is_default = false
        where enterprise_id = ${ep} and customer_id = ${customerId} and is_default and id <> ${keep}`);

type AddressValues = ReturnType<typeof addressValues>;

const addressCols = (
  values: AddressValues,
) => sql`province_code = ${values.provinceCode}, city_code = ${values.cityCode}, district_code = ${values.districtCode},
      province = ${values.province}, city = ${values.city}, district = ${values.district}, detail = ${values.detail},
      full_address = ${values.fullAddress}, map_name = ${values.mapName}, latitude = ${values.latitude}, longitude = ${values.longitude},
      search_grams = ${texts(values.searchGrams)}`;

export const updateAddress = (ex: Executor, ep: number, id: number, values: AddressValues, makeDefault: boolean) =>
  ex.execute(sql`update customer_addresses set ${addressCols(values)}, is_default = is_default or ${makeDefault}, updated_at = now()
        where enterprise_id = ${ep} and id = ${id}`);

export async function insertAddress(ex: Executor, ep: number, customerId: number, values: AddressValues, makeDefault: boolean): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into customer_addresses (enterprise_id, customer_id, province_code, city_code, district_code, province, city, district,
          detail, full_address, map_name, latitude, longitude, search_grams, is_default)
        values (${ep}, ${customerId}, ${values.provinceCode}, ${values.cityCode}, ${values.districtCode}, ${values.province},
          ${values.city}, ${values.district}, ${values.detail}, ${values.fullAddress}, ${values.mapName}, ${values.latitude}, ${values.longitude},
          ${texts(values.searchGrams)}, ${makeDefault}) returning id`,
  );
  return (r as { id: number }).id;
}

export const markDefault = (ex: Executor, ep: number, id: number) =>
  ex.execute(sql`update customer_addresses set is_default = true, updated_at = now() where enterprise_id = ${ep} and id = ${id}`);

/** Deletes the address; equipment, orders and events there keep their copy, only the link goes. */
/** Deletes the address (its links first); answers whether it was the default one as it is now, not as read before the lock. */
export async function deleteAddressRow(ex: Executor, ep: number, id: number): Promise<boolean> {
  await ex.execute(sql`update installed_products set address_id = null where enterprise_id = ${ep} and address_id = ${id}`);
  await ex.execute(sql`update orders set address_id = null where enterprise_id = ${ep} and address_id = ${id}`);
  await ex.execute(sql`update events set address_id = null where enterprise_id = ${ep} and address_id = ${id}`);
  const [gone] = await rows<{ is_default: boolean }>(ex, sql`delete from customer_addresses where enterprise_id = ${ep} and id = ${id} returning is_default`);
  return gone?.is_default ?? false;
}

/** The customer's newest address becomes its default. */
export const newestBecomesDefault = (ex: Executor, ep: number, customerId: number) =>
  ex.execute(sql`update customer_addresses set is_default = true where enterprise_id = ${ep} and id = (
        select id from customer_addresses where enterprise_id = ${ep} and customer_id = ${customerId} order by created_at desc, id desc limit 1)`);
