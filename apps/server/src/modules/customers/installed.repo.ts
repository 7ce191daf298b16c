// The installed products' statements: typed rows, one presenter (toInstalledProduct). The service holds the rules.
import { coverageOf, type InstalledProduct, type installedProductFilters, periodsOf } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { contains, prefixPattern } from '../../platform/search';
import { and, bigints, createdBetween, dateOf, timeOf } from '../../platform/sql';
import { optionalCustomerScope } from './common';

export type Filters = Partial<z.infer<typeof installedProductFilters>> & { ids?: number[]; qrCode?: string };

export const qrLinkOf = (code: string): string => `/productManage/qr/${code}`;

/** Today in the zone, as 'YYYY-MM-DD' (the warranty state's day). */
export const today = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export function conds(v: Actor, f: Filters): SQL[] {
  const c: SQL[] = [sql`p.enterprise_id = ${v.enterpriseId}`, optionalCustomerScope(v, sql`p.customer_id`, sql`p.created_by`)];
  if (f.keyword) c.push(contains(sql`p.search_grams`, sql`concat_ws(' ', p.name, p.serial_number)`, f.keyword));
  if (f.serialNumber) c.push(sql`p.serial_number like ${prefixPattern(f.serialNumber)}`);
  if (f.customerId) c.push(sql`p.customer_id = ${f.customerId}`);
  if (f.productId) c.push(sql`p.product_id = ${f.productId}`);
  if (f.status) c.push(sql`p.status = ${f.status}`);
  // 在保 counts an extension in force (commerce/coverage.ts, the same rule as coverageOf).
  if (f.warrantyState === 1) c.push(sql`${coverageStateSql('p', sql`${today(v.timeZone)}::date`)} in (1, 3)`);
  if (f.warrantyState === 2) c.push(sql`${coverageStateSql('p', sql`${today(v.timeZone)}::date`)} = 2`);
  if (f.ids?.length) c.push(sql`p.id = any(${bigints(f.ids)})`);
  if (f.qrCode) c.push(sql`p.qr_code = ${f.qrCode}`);
  c.push(...createdBetween(sql`p.created_at`, v, f.startCreateTime, f.endCreateTime));
  return c;
}

interface Raw {
  id: number;
  name: string;
  product_id: number;
  product_name: string;
  brand: string | null;
  model: string | null;
  serial_number: string | null;
  customer_id: number | null;
  customer_name: string | null;
  address_id: number | null;
  address: string | null;
  install_date: string | null;
  purchase_date: string | null;
  warranty_start_type: number;
  warranty_end: string | null;
  extended_end: string | null;
  extended_periods: unknown;
  status: number;
  qr_code: string;
  remark: string | null;
  template_version_id: number | null;
  ext: Record<string, unknown>;
  create_time: string;
}

/** An installed product as the contract shows it (its warranty state on the day `todayText`), with its custom values. */
export function toInstalledProduct(
  r: Raw,
  todayText: string,
): InstalledProduct & { remark: string | null; templateVersionId: number | null; ext: Record<string, unknown> } {
  // The one warranty answer (coverageOf): the state and the end of the coverage it names, shown together everywhere.
  const cover = coverageOf(r.warranty_end, periodsOf(r.extended_periods), todayText);
  return {
    id: r.id,
    name: r.name,
    productId: r.product_id,
    productName: r.product_name,
    brand: r.brand,
    model: r.model,
    serialNumber: r.serial_number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    addressId: r.address_id,
    address: r.address,
    installDate: r.install_date,
    purchaseDate: r.purchase_date,
    warrantyStartType: r.warranty_start_type,
    warrantyEnd: r.warranty_end,
    warrantyState: cover.state,
    coverageEnd: cover.end,
    extendedEnd: r.extended_end,
    status: r.status,
    qrCode: r.qr_code,
    qrLink: qrLinkOf(r.qr_code),
    create_time: r.create_time,
    remark: r.remark,
    templateVersionId: r.template_version_id,
    ext: r.ext ?? {},
  };
}

/** A page of installed products, newest first, with their model, customer and address. */
export async function installedRows(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  const list = await rows<Raw>(
    ex,
    sql`select p.id, p.name, p.product_id, m.name as product_name, m.brand, m.model, p.serial_number, p.customer_id, c.name as customer_name,
        p.address_id, a.full_address as address, ${dateOf(sql`p.install_date`)} as install_date, ${dateOf(sql`p.purchase_date`)} as purchase_date,
        m.warranty_start_type, ${dateOf(sql`p.warranty_end`)} as warranty_end, ${dateOf(sql`p.extended_end`)} as extended_end, p.extended_periods, p.status, p.qr_code, p.remark, p.template_version_id, p.ext,
        ${timeOf(sql`p.created_at`, v)} as create_time
      from (${await listPageRows(ex, Boolean(f.keyword), 'installed_products', 'p', v.enterpriseId, and(conds(v, f)), sql`p.created_at desc, p.id desc`, page)}) p
      join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
      left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id
      left join customer_addresses a on a.enterprise_id = p.enterprise_id and a.id = p.address_id
      order by p.created_at desc, p.id desc`,
  );
  const t = today(v.timeZone);
  return list.map((r) => toInstalledProduct(r, t));
}

export const countInstalled = (ex: Executor, v: Actor, f: Filters) => countOf(ex, sql`installed_products p`, and(conds(v, f)));

/** Whether the address is the customer's. */
export const addressOfCustomer = async (ex: Executor, ep: number, addressId: number, customerId: number | null | undefined): Promise<boolean> =>
  (await rows<{ id: number }>(ex, sql`select id from customer_addresses where enterprise_id = ${ep} and id = ${addressId} and customer_id = ${customerId}`))
    .length > 0;

/** The model's name and warranty rule, held against deletion (FOR KEY SHARE). */
export async function modelWarranty(ex: Executor, ep: number, productId: number) {
  const [m] = await rows<{ name: string; model: string | null; period: number | null; unit: number; start_type: number }>(
    ex,
    sql`select name, model, warranty_period as period, warranty_unit as unit, warranty_start_type as start_type
          from product_models where enterprise_id = ${ep} and id = ${productId} for key share`,
  );
  return m;
}

export interface InstalledValues {
  productId: number;
  name: string;
  serialNumber: string | null | undefined;
  customerId: number | null;
  addressId: number | null;
  installDate: string | null;
  purchaseDate: string | null;
  warrantyEnd: string | null;
  status: number;
  remark: string | null | undefined;
  ext: Record<string, unknown>;
  grams: SQL;
}

export const updateInstalled = (ex: Executor, ep: number, id: number, b: InstalledValues) =>
  ex.execute(sql`update installed_products set product_id = ${b.productId}, name = ${b.name}, serial_number = ${b.serialNumber},
            customer_id = ${b.customerId}, address_id = ${b.addressId}, install_date = ${b.installDate},
            purchase_date = ${b.purchaseDate}, warranty_end = ${b.warrantyEnd}, status = ${b.status}, remark = ${b.remark},
            ext = ${JSON.stringify(b.ext)}::jsonb, search_grams = ${b.grams}, updated_at = now()
          where enterprise_id = ${ep} and id = ${id}`);

export async function insertInstalled(
  ex: Executor,
  a: Pick<Actor, 'id' | 'enterpriseId'>,
  b: InstalledValues & { qrCode: string; templateVersionId: number | null },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, address_id, install_date,
            purchase_date, warranty_end, status, qr_code, remark, template_version_id, ext, search_grams, created_by)
          values (${a.enterpriseId}, ${b.productId}, ${b.name}, ${b.serialNumber}, ${b.customerId}, ${b.addressId},
            ${b.installDate}, ${b.purchaseDate}, ${b.warrantyEnd}, ${b.status}, ${b.qrCode}, ${b.remark}, ${b.templateVersionId},
            ${JSON.stringify(b.ext)}::jsonb, ${b.grams}, ${a.id}) returning id`,
  );
  return (r as { id: number }).id;
}

/** The products of `ids` in the viewer's scope, with their customers. */
export const installedInScope = (ex: Executor, v: Actor, ids: number[]) =>
  rows<{ id: number; customer_id: number | null }>(ex, sql`select p.id, p.customer_id from installed_products p where ${and(conds(v, { ids }))}`);

/** The name of the first of the products an order served. */
export async function firstServed(ex: Executor, ep: number, ids: number[]): Promise<string | undefined> {
  const [served] = await rows<{ name: string }>(
    ex,
    sql`select p.name from installed_products p where p.enterprise_id = ${ep} and p.id = any(${bigints(ids)})
        and exists (select 1 from orders o where o.enterprise_id = p.enterprise_id and o.installed_product_id = p.id) limit 1`,
  );
  return served?.name;
}

export const deleteInstalledRows = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`delete from installed_products where enterprise_id = ${ep} and id = any(${bigints(ids)})`);

/**
 * The same rule as coverageOf, for a list's WHERE (the product list's 在保 / 过保 filter): 1 in warranty, 3 extended,
 * 2 out; `today` a date expression.
 */
export function coverageStateSql(alias: string, today: SQL): SQL {
  const p = sql.identifier(alias);
  return sql`(case when ${p}.warranty_end >= ${today} then 1
    when exists (select 1 from jsonb_array_elements(${p}.extended_periods) x where (x->>'start')::date <= ${today} and (x->>'end')::date >= ${today}) then 3
    when ${p}.warranty_end is null and jsonb_array_length(${p}.extended_periods) = 0 then 0 else 2 end)`;
}
