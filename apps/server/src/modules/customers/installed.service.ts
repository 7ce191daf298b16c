import {
  coverageOf,
  type InstalledProduct,
  type installedBody,
  type installedProductFilters,
  warrantyEnd,
  warrantyStart,
  type WarrantyStartType,
  type WarrantyUnit,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { editableCustomer, holdCustomer, optionalCustomerScope } from './common';
import { contains, gramsOf, prefixPattern, texts } from '../../platform/search';
import { and, bigints, createdBetween, dateOf, timeOf } from '../../platform/sql';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { modelDetail } from './catalogue.service';
import { countOf, windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';
import { listPageRows } from '../../platform/list.snapshot';
import { coverageStateSql } from '../commerce/coverage';
import { registrationSite } from '../../platform/registry';

type Filters = Partial<z.infer<typeof installedProductFilters>> & { ids?: number[]; qrCode?: string };

export const qrLinkOf = (code: string): string => `/productManage/qr/${code}`;

const today = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function conds(v: Actor, f: Filters): SQL[] {
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
  status: number;
  qr_code: string;
  remark: string | null;
  template_version_id: number | null;
  ext: Record<string, unknown>;
  create_time: string;
}

const num = (x: number | null) => (x == null ? null : Number(x));

function present(r: Raw, todayText: string): InstalledProduct & { remark: string | null; templateVersionId: number | null; ext: Record<string, unknown> } {
  return {
    id: Number(r.id),
    name: r.name,
    productId: Number(r.product_id),
    productName: r.product_name,
    brand: r.brand,
    model: r.model,
    serialNumber: r.serial_number,
    customerId: num(r.customer_id),
    customerName: r.customer_name,
    addressId: num(r.address_id),
    address: r.address,
    installDate: r.install_date,
    purchaseDate: r.purchase_date,
    warrantyStartType: Number(r.warranty_start_type),
    warrantyEnd: r.warranty_end,
    warrantyState: coverageOf(r.warranty_end, r.extended_end, todayText).state,
    extendedEnd: r.extended_end,
    status: Number(r.status),
    qrCode: r.qr_code,
    qrLink: qrLinkOf(r.qr_code),
    create_time: r.create_time,
    remark: r.remark,
    templateVersionId: num(r.template_version_id),
    ext: r.ext ?? {},
  };
}

async function select(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  const list = await rows<Raw>(
    ex,
    sql`select p.id, p.name, p.product_id, m.name as product_name, m.brand, m.model, p.serial_number, p.customer_id, c.name as customer_name,
        p.address_id, a.full_address as address, ${dateOf(sql`p.install_date`)} as install_date, ${dateOf(sql`p.purchase_date`)} as purchase_date,
        m.warranty_start_type, ${dateOf(sql`p.warranty_end`)} as warranty_end, ${dateOf(sql`p.extended_end`)} as extended_end, p.status, p.qr_code, p.remark, p.template_version_id, p.ext,
        ${timeOf(sql`p.created_at`, v)} as create_time
      from (${await listPageRows(ex, Boolean(f.keyword), 'installed_products', 'p', v.enterpriseId, and(conds(v, f)), sql`p.created_at desc, p.id desc`, page)}) p
      join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
      left join customers c on c.enterprise_id = p.enterprise_id and c.id = p.customer_id
      left join customer_addresses a on a.enterprise_id = p.enterprise_id and a.id = p.address_id
      order by p.created_at desc, p.id desc`,
  );
  const t = today(v.timeZone);
  return list.map((r) => present(r, t));
}

export async function listInstalled(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await countOf(ex, sql`installed_products p`, and(conds(v, f))) };
}

/** One installed product by id or QR code, with its model and custom fields; NOT_FOUND outside the viewer's scope. */
export async function installedDetail(ex: Executor, v: Actor, by: { id?: number; qrCode?: string }) {
  const [row] = await select(ex, v, by.id ? { ids: [by.id] } : { qrCode: by.qrCode }, { pageIndex: 0, pageSize: 1 });
  if (!row) throw new AppError('NOT_FOUND');
  const { installedCount: _n, ...productModel } = await modelDetail(ex, v, row.productId);
  const extFields = await presentExtOf(ex, v.enterpriseId, FORM_KIND.customerProduct, row.templateVersionId, row.ext, v.sysrole);
  return { ...row, extFields: extFields as never[], productModel };
}

type Body = z.infer<typeof installedBody>;

/** Customer and address must be the viewer's to edit, and the address the customer's. */
async function checkPlace(ex: Executor, v: Actor, b: Body): Promise<void> {
  if (b.addressId && !b.customerId) throw new AppError('VALIDATION', { detail: '地址：请先选择客户' });
  if (b.customerId) await editableCustomer(ex, v, b.customerId);
  if (b.addressId) {
    const [a] = await rows<{ id: number }>(
      ex,
      sql`select id from customer_addresses where enterprise_id = ${v.enterpriseId} and id = ${b.addressId} and customer_id = ${b.customerId}`,
    );
    if (!a) throw new AppError('VALIDATION', { detail: '地址：该地址不属于所选客户' });
  }
}

/** Creates or updates an installed product; the warranty end follows the model's start type and period. */
export async function saveInstalled(db: Db, v: Actor, b: Body): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [m] = await rows<{ name: string; model: string | null; period: number | null; unit: number; start_type: number }>(
        tx,
        sql`select name, model, warranty_period as period, warranty_unit as unit, warranty_start_type as start_type
          from product_models where enterprise_id = ${v.enterpriseId} and id = ${b.productId} for key share`,
      );
      if (!m) throw new AppError('VALIDATION', { detail: '产品：产品不存在或已被删除' });
      if (b.customerId) await holdCustomer(tx, v.enterpriseId, b.customerId);
      await checkPlace(tx, v, b);
      let version: number | null = null;
      let previous: Record<string, unknown> | null = null;
      if (b.id) {
        const [cur] = await select(tx, v, { ids: [b.id] }, { pageIndex: 0, pageSize: 1 });
        if (!cur) throw new AppError('NOT_FOUND');
        if (cur.customerId) await editableCustomer(tx, v, cur.customerId);
        version = cur.templateVersionId;
        previous = cur.ext;
      }
      const { templateVersionId, ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.customerProduct, version, b.ext, { sysrole: v.sysrole, previous });
      const name = b.name ?? [m.name, m.model].filter(Boolean).join(' ');
      const start = warrantyStart(Number(m.start_type) as WarrantyStartType, b);
      const end = warrantyEnd(start, m.period, Number(m.unit) as WarrantyUnit);
      const grams = texts(gramsOf(name, b.serialNumber));
      if (b.id) {
        await tx.execute(sql`update installed_products set product_id = ${b.productId}, name = ${name}, serial_number = ${b.serialNumber},
            customer_id = ${b.customerId ?? null}, address_id = ${b.addressId ?? null}, install_date = ${b.installDate ?? null},
            purchase_date = ${b.purchaseDate ?? null}, warranty_end = ${end}, status = ${b.status}, remark = ${b.remark},
            ext = ${JSON.stringify(ext)}::jsonb, search_grams = ${grams}, updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${b.id}`);
        return b.id;
      }
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, address_id, install_date,
            purchase_date, warranty_end, status, qr_code, remark, template_version_id, ext, search_grams, created_by)
          values (${v.enterpriseId}, ${b.productId}, ${name}, ${b.serialNumber}, ${b.customerId ?? null}, ${b.addressId ?? null},
            ${b.installDate ?? null}, ${b.purchaseDate ?? null}, ${end}, ${b.status}, ${randomToken(12)}, ${b.remark}, ${templateVersionId},
            ${JSON.stringify(ext)}::jsonb, ${grams}, ${v.id}) returning id`,
      );
      return Number(r?.id);
    });
  } catch (err) {
    if (isUniqueViolation(err) && b.serialNumber) throw new AppError('SERIAL_TAKEN');
    throw err;
  }
}

export async function deleteInstalled(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await rows<{ id: number; customer_id: number | null }>(
      tx,
      sql`select p.id, p.customer_id from installed_products p where ${and(conds(v, { ids: unique }))}`,
    );
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    for (const c of new Set(found.map((r) => r.customer_id).filter((x): x is number => x != null))) await editableCustomer(tx, v, Number(c));
    const [served] = await rows<{ name: string }>(
      tx,
      sql`select p.name from installed_products p where p.enterprise_id = ${v.enterpriseId} and p.id = any(${bigints(unique)})
        and exists (select 1 from orders o where o.enterprise_id = p.enterprise_id and o.installed_product_id = p.id) limit 1`,
    );
    if (served) throw new AppError('INSTALLED_HAS_ORDERS', { name: served.name });
    await tx.execute(sql`delete from installed_products where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)})`);
  });
}

/** Service history sources: orders, events and parts register theirs as those areas arrive. */
export type HistorySource = (
  ex: Executor,
  v: Actor,
  product: { id: number; serialNumber: string | null },
) => Promise<{ type: string; id: number; no: string; title: string; state: string; time: string }[]>;
const historySources: { name: string | null; source: HistorySource; site: string }[] = [];
/** Adds a source of a product's history; with a `name`, adding the name again replaces it where it stands. */
export const addProductHistorySource = (s: HistorySource, name?: string): void => {
  const entry = { name: name ?? null, source: s, site: registrationSite() };
  const same = name ? historySources.findIndex((e) => e.name === name) : -1;
  if (same >= 0) historySources[same] = entry;
  else historySources.push(entry);
};
/** The sources in the order they are asked, with where each was added (the wiring snapshot). */
export const historySourceEntries = (): { name: string | null; site: string }[] => historySources.map((e) => ({ name: e.name, site: e.site }));

export async function productHistory(ex: Executor, v: Actor, id: number) {
  const p = await installedDetail(ex, v, { id });
  const all = (await Promise.all(historySources.map((e) => e.source(ex, v, { id: p.id, serialNumber: p.serialNumber })))).flat();
  return all.sort((a, b) => b.time.localeCompare(a.time));
}
