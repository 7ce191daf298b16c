import {
  type CustomerImportResult,
  describeIssue,
  formatError,
  installedBody,
  PRODUCT_STATUS,
  warrantyEnd,
  warrantyStart,
  type WarrantyStartType,
  type WarrantyUnit,
} from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { randomToken } from '../../platform/crypto';
import { visibleCustomerIds } from './common';
import { gramsOf } from '../../platform/search';
import { cleanExt, FORM_KIND } from './integrations';
import type { Column, SheetRow } from './xlsx';
import type { Actor } from '../../platform/actor';
import * as repo from './import.repo';
import type { Model } from './import.repo';

export const PRODUCT_COLUMNS: Column[] = [
  { key: 'productName', header: '产品名称', required: true, example: '商用中央空调', width: 20 },
  { key: 'model', header: '型号', example: 'KFR-120W' },
  { key: 'serialNumber', header: '序列号', example: 'SN20240001', width: 20 },
  { key: 'name', header: '设备名称', example: '' },
  { key: 'customerName', header: '客户名称', example: '上海星河科技有限公司', width: 26 },
  { key: 'installDate', header: '安装日期', example: '2024-03-01' },
  { key: 'purchaseDate', header: '购买日期', example: '2024-02-20' },
  { key: 'status', header: '设备状态', example: '正常使用' },
];

export const PRODUCT_NOTES = [
  '1. 带*的列必填。产品名称（和型号）须与产品库中的产品一致；序列号在本企业内不能重复。',
  '2. 客户名称须与已有客户一致（可不填）；日期格式 YYYY-MM-DD。',
  `3. 设备状态可填：${Object.values(PRODUCT_STATUS).join('、')}，不填为正常使用。保修截止日期按产品的保修期自动计算。`,
];

type Body = z.infer<typeof installedBody>;

async function lookups(ex: Executor, v: Actor, data: SheetRow[]) {
  const ep = v.enterpriseId;
  const names = [...new Set(data.map((d) => d.values.productName).filter(Boolean))] as string[];
  const serials = [...new Set(data.map((d) => d.values.serialNumber).filter(Boolean))] as string[];
  const customers = [...new Set(data.map((d) => d.values.customerName).filter(Boolean))] as string[];
  const models = await repo.modelsByName(ex, ep, names);
  const taken = await repo.takenSerials(ex, ep, serials);
  const found = await repo.customersByName(ex, ep, customers);
  const editable = new Set(
    await visibleCustomerIds(
      ex,
      v,
      found.map((c) => c.id),
      true,
    ),
  );
  const byName = new Map<string, number[]>();
  for (const c of found) if (editable.has(c.id)) byName.set(c.name, [...(byName.get(c.name) ?? []), c.id]);
  return { models, taken, byName };
}

/** Every row checked; good rows become installed-product bodies with their model. */
export async function checkProducts(ex: Executor, v: Actor, data: SheetRow[]) {
  const { models, taken, byName } = await lookups(ex, v, data);
  const errors: { row: number; reason: string }[] = [];
  const good: { body: Body; model: Model }[] = [];
  const inFile = new Set<string>();
  for (const r of data) {
    const x = r.values;
    const fail = (reason: string) => errors.push({ row: r.row, reason });
    const candidates = models.filter((m) => m.name === x.productName && (!x.model || m.model === x.model));
    if (!x.productName) fail('产品名称：请输入产品名称');
    else if (candidates.length !== 1)
      fail(candidates.length ? `产品“${x.productName}”有多个型号，请填写型号` : `产品“${[x.productName, x.model].filter(Boolean).join(' ')}”不在产品库中`);
    else if (x.serialNumber && (taken.has(x.serialNumber) || inFile.has(x.serialNumber))) fail(formatError('SERIAL_TAKEN'));
    else if (x.customerName && (byName.get(x.customerName)?.length ?? 0) !== 1)
      fail(byName.get(x.customerName)?.length ? `客户“${x.customerName}”重名，无法确定` : `客户“${x.customerName}”不存在`);
    else {
      const status = x.status ? Number(Object.entries(PRODUCT_STATUS).find(([, n]) => n === x.status)?.[0] ?? 0) : 1;
      const parsed = installedBody.safeParse({
        productId: candidates[0]?.id,
        name: x.name || null,
        serialNumber: x.serialNumber || null,
        customerId: x.customerName ? byName.get(x.customerName)?.[0] : null,
        installDate: x.installDate || null,
        purchaseDate: x.purchaseDate || null,
        status: status || -1,
      });
      if (!parsed.success) fail(describeIssue(installedBody, parsed.error));
      else good.push({ body: parsed.data, model: candidates[0] as Model });
    }
    if (x.serialNumber) inFile.add(x.serialNumber);
  }
  return { good, errors };
}

export async function importProducts(db: Db, v: Actor, data: SheetRow[], write: boolean): Promise<CustomerImportResult> {
  const run = async (ex: Executor) => {
    const { good, errors } = await checkProducts(ex, v, data);
    if (!write) return { total: data.length, valid: good.length, imported: 0, errors };
    const { templateVersionId } = await cleanExt(ex, v.enterpriseId, FORM_KIND.customerProduct, null, {}, { skip: true });
    for (const { body: b, model: m } of good) {
      const name = b.name ?? [m.name, m.model].filter(Boolean).join(' ');
      const end = warrantyEnd(warrantyStart(m.start_type as WarrantyStartType, b), m.period, m.unit as WarrantyUnit);
      await repo.insertImportedProduct(ex, v, {
        productId: b.productId,
        name,
        serialNumber: b.serialNumber,
        customerId: b.customerId ?? null,
        installDate: b.installDate ?? null,
        purchaseDate: b.purchaseDate ?? null,
        warrantyEnd: end,
        status: b.status,
        qrCode: randomToken(12),
        templateVersionId,
        grams: gramsOf(name, b.serialNumber),
      });
    }
    return { total: data.length, valid: good.length, imported: good.length, errors };
  };
  return write ? db.transaction((tx) => run(tx)) : run(db);
}
