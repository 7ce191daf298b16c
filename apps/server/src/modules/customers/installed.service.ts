import { type installedBody, warrantyEnd, warrantyStart, type WarrantyStartType, type WarrantyUnit } from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { editableCustomer, holdCustomer } from './common';
import { gramsOf, texts } from '../../platform/search';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { modelDetail } from './catalogue.service';
import { windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';
import { registrationSite } from '../../platform/registry';
import * as repo from './installed.repo';
import { type Filters, installedRows as select, qrLinkOf } from './installed.repo';

export { qrLinkOf };

export async function listInstalled(ex: Executor, v: Actor, f: Filters, page: { pageIndex: number; pageSize: number }) {
  windowOf(page);
  const list = (await select(ex, v, f, page)).map(({ remark: _r, templateVersionId: _t, ext: _e, ...row }) => row);
  return { list, count: await repo.countInstalled(ex, v, f) };
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
    if (!(await repo.addressOfCustomer(ex, v.enterpriseId, b.addressId, b.customerId)))
      throw new AppError('VALIDATION', { detail: '地址：该地址不属于所选客户' });
  }
}

/** Creates or updates an installed product; the warranty end follows the model's start type and period. */
export async function saveInstalled(db: Db, v: Actor, b: Body): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const m = await repo.modelWarranty(tx, v.enterpriseId, b.productId);
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
      const start = warrantyStart(m.start_type as WarrantyStartType, b);
      const end = warrantyEnd(start, m.period, m.unit as WarrantyUnit);
      const grams = texts(gramsOf(name, b.serialNumber));
      const values: repo.InstalledValues = {
        productId: b.productId,
        name,
        serialNumber: b.serialNumber,
        customerId: b.customerId ?? null,
        addressId: b.addressId ?? null,
        installDate: b.installDate ?? null,
        purchaseDate: b.purchaseDate ?? null,
        warrantyEnd: end,
        status: b.status,
        remark: b.remark,
        ext,
        grams,
      };
      if (b.id) {
        await repo.updateInstalled(tx, v.enterpriseId, b.id, values);
        return b.id;
      }
      return repo.insertInstalled(tx, v, { ...values, qrCode: randomToken(12), templateVersionId });
    });
  } catch (err) {
    if (isUniqueViolation(err) && b.serialNumber) throw new AppError('SERIAL_TAKEN');
    throw err;
  }
}

export async function deleteInstalled(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await repo.installedInScope(tx, v, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    for (const c of new Set(found.map((r) => r.customer_id).filter((x): x is number => x != null))) await editableCustomer(tx, v, c);
    const served = await repo.firstServed(tx, v.enterpriseId, unique);
    if (served) throw new AppError('INSTALLED_HAS_ORDERS', { name: served });
    await repo.deleteInstalledRows(tx, v.enterpriseId, unique);
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
