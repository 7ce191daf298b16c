// The imports' statements (customers and installed products from a sheet): typed rows.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { texts } from '../../platform/search';
import type { addressValues } from './parts.common';

/** Of the names, those customers of the enterprise already have. */
export const takenCustomerNames = async (ex: Executor, ep: number, names: string[]): Promise<Set<string>> =>
  new Set((await rows<{ name: string }>(ex, sql`select name from customers where enterprise_id = ${ep} and name = any(${texts(names)})`)).map((r) => r.name));

/** Of the codes, those customers of the enterprise already have. */
export const takenCustomerCodes = async (ex: Executor, ep: number, codes: string[]): Promise<Set<string>> =>
  new Set((await rows<{ code: string }>(ex, sql`select code from customers where enterprise_id = ${ep} and code = any(${texts(codes)})`)).map((r) => r.code));

/** Of the phones, those customers of the enterprise already have. */
export const takenCustomerPhones = async (ex: Executor, ep: number, phones: string[]): Promise<Set<string>> =>
  new Set(
    (await rows<{ phone: string }>(ex, sql`select phone from customers where enterprise_id = ${ep} and phone = any(${texts(phones)})`)).map((r) => r.phone),
  );

/** The enterprise's users (not deleted) with these mobiles. */
export const usersByMobile = (ex: Executor, ep: number, mobiles: string[]) =>
  rows<{ id: number; mobile: string }>(
    ex,
    sql`select id, mobile from users where enterprise_id = ${ep} and deleted_at is null and mobile = any(${texts(mobiles)})`,
  );

/** A further contact of an imported customer; the same person twice is written once. */
export const addContactOnce = (ex: Executor, ep: number, customerId: number, k: { name: string; phone: string; position: string | null }, grams: string[]) =>
  ex.execute(sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, position, search_grams)
            select ${ep}, ${customerId}, ${k.name}, ${k.phone}, ${k.position}, ${texts(grams)}
            where not exists (select 1 from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId}
              and name = ${k.name} and phone = ${k.phone})`);

/** A further address of an imported customer. */
export const addImportedAddress = (ex: Executor, ep: number, customerId: number, a: ReturnType<typeof addressValues>) =>
  ex.execute(sql`insert into customer_addresses (enterprise_id, customer_id, province_code, city_code, district_code, province, city,
              district, detail, full_address, search_grams)
            values (${ep}, ${customerId}, ${a.provinceCode}, ${a.cityCode}, ${a.districtCode}, ${a.province}, ${a.city}, ${a.district},
              ${a.detail}, ${a.fullAddress}, ${texts(a.searchGrams)})`);

/** A product model with its warranty rule, as an import row names it. */
export interface Model {
  id: number;
  name: string;
  model: string | null;
  period: number | null;
  unit: number;
  start_type: number;
}

export const modelsByName = (ex: Executor, ep: number, names: string[]) =>
  rows<Model>(
    ex,
    sql`select id, name, model, warranty_period as period, warranty_unit as unit, warranty_start_type as start_type
      from product_models where enterprise_id = ${ep} and name = any(${texts(names)})`,
  );

/** Of the serial numbers, those installed products of the enterprise already have. */
export const takenSerials = async (ex: Executor, ep: number, serials: string[]): Promise<Set<string>> =>
  new Set(
    (
      await rows<{ s: string }>(
        ex,
        sql`select serial_number as s from installed_products where enterprise_id = ${ep} and serial_number = any(${texts(serials)})`,
      )
    ).map((r) => r.s),
  );

export const customersByName = (ex: Executor, ep: number, names: string[]) =>
  rows<{ id: number; name: string }>(ex, sql`select id, name from customers where enterprise_id = ${ep} and name = any(${texts(names)})`);

export const insertImportedProduct = (
  ex: Executor,
  a: Pick<Actor, 'id' | 'enterpriseId'>,
  b: {
    productId: number;
    name: string;
    serialNumber: string | null | undefined;
    customerId: number | null;
    installDate: string | null;
    purchaseDate: string | null;
    warrantyEnd: string | null;
    status: number;
    qrCode: string;
    templateVersionId: number | null;
    grams: string[];
  },
) =>
  ex.execute(sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, install_date, purchase_date,
          warranty_end, status, qr_code, template_version_id, search_grams, created_by)
        values (${a.enterpriseId}, ${b.productId}, ${b.name}, ${b.serialNumber}, ${b.customerId}, ${b.installDate},
          ${b.purchaseDate}, ${b.warrantyEnd}, ${b.status}, ${b.qrCode}, ${b.templateVersionId},
          ${texts(b.grams)}, ${a.id})`);
