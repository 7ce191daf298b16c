import {
  type AddCustomerBody,
  addCustomerBody,
  CUSTOMER_LEVELS,
  CUSTOMER_SOURCES,
  type CustomerImportResult,
  describeIssue,
  formatError,
  type AddressInput,
} from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { areaCodes } from '../../platform/geo/areas';
import { contactGrams } from './common';
import { getSettingBool } from '../settings/index';
import { insertCustomer } from './customers.service';
import { PHONE_UNIQUE_SETTING } from './phone';
import { addressValues } from './parts.common';
import type { Column, SheetRow } from './xlsx';
import type { Actor } from '../../platform/actor';
import * as repo from './import.repo';

export const CUSTOMER_COLUMNS: Column[] = [
  { key: 'name', header: '客户名称', required: true, example: '上海星河科技有限公司', width: 26 },
  { key: 'code', header: '客户编号', example: 'KH0001' },
  { key: 'linkName', header: '联系人', required: true, example: '张三' },
  { key: 'phone', header: '联系电话', required: true, example: '13800138000' },
  { key: 'position', header: '职位', example: '设备科长' },
  { key: 'province', header: '省份', example: '上海市' },
  { key: 'city', header: '城市', example: '' },
  { key: 'district', header: '区县', example: '浦东新区' },
  { key: 'detail', header: '详细地址', example: '张江路88号', width: 26 },
  { key: 'source', header: '客户来源', example: '电话来电' },
  { key: 'level', header: '客户等级', example: '一级' },
  { key: 'salesMobile', header: '负责销售手机号', example: '' },
  { key: 'remark', header: '备注', example: '' },
];

export const CUSTOMER_NOTES = [
  '1. 带*的列必填；一行一个联系人。同一客户有多个联系人或地址时，写多行并填写相同的客户名称，第一行为主联系人和默认地址。',
  '2. 省份、城市、区县填写名称（如 浙江省、杭州市、西湖区）；直辖市的城市可不填。填写了省市区时详细地址必填。',
  `3. 客户来源可填：${Object.values(CUSTOMER_SOURCES).join('、')}；客户等级可填：${Object.values(CUSTOMER_LEVELS).join('、')}。`,
  '4. 负责销售填写本企业人员的手机号。已存在的客户名称和客户编号不能再次导入。',
];

const byLabel = (table: Record<number, string>, label: string): number | null | undefined => {
  if (!label) return null;
  const hit = Object.entries(table).find(([, name]) => name === label);
  return hit ? Number(hit[0]) : undefined;
};

interface Group {
  first: SheetRow;
  body?: AddCustomerBody;
  extras: { row: number; contact?: AddCustomerBody['linkPerson']; address?: AddressInput }[];
}

function toBody(r: Record<string, string>, salesIds: Map<string, number>): AddCustomerBody | string {
  const source = byLabel(CUSTOMER_SOURCES, r.source ?? '');
  if (source === undefined) return `客户来源“${r.source}”不存在`;
  const level = byLabel(CUSTOMER_LEVELS, r.level ?? '');
  if (level === undefined) return `客户等级“${r.level}”不存在`;
  const salesId = r.salesMobile ? salesIds.get(r.salesMobile) : null;
  if (salesId === undefined) return `负责销售“${r.salesMobile}”不是本企业人员`;
  const address = addressOf(r);
  if (typeof address === 'string') return address;
  const parsed = addCustomerBody.safeParse({
    name: r.name,
    code: r.code || null,
    source: source ?? undefined,
    level: level ?? undefined,
    businessUserId: salesId ?? undefined,
    remark: r.remark || null,
    linkPerson: { name: r.linkName ?? '', phone: r.phone ?? '', position: r.position || null },
    address: address ?? null,
  });
  return parsed.success ? parsed.data : describeIssue(addCustomerBody, parsed.error);
}

function addressOf(r: Record<string, string>): AddressInput | null | string {
  const any = r.province || r.city || r.district || r.detail;
  if (!any) return null;
  const codes = areaCodes(r.province ?? '', r.city ?? '', r.district ?? '');
  if (!codes) return `省市区“${[r.province, r.city, r.district].filter(Boolean).join(' ')}”不正确`;
  if (!r.detail) return '详细地址：请输入详细地址';
  return { ...codes, detail: r.detail, mapName: null, latitude: null, longitude: null };
}

async function lookups(ex: Executor, v: Actor, data: SheetRow[]) {
  const names = [...new Set(data.map((d) => d.values.name).filter(Boolean))] as string[];
  const codes = [...new Set(data.map((d) => d.values.code).filter(Boolean))] as string[];
  const mobiles = [...new Set(data.map((d) => d.values.salesMobile).filter(Boolean))] as string[];
  const ep = v.enterpriseId;
  const takenNames = await repo.takenCustomerNames(ex, ep, names);
  const takenCodes = await repo.takenCustomerCodes(ex, ep, codes);
  const sales = await repo.usersByMobile(ex, ep, mobiles);
  // 客户电话不可重复 on: the phones other customers already have (a customer's phone is its first row's contact phone).
  const phones = [...new Set(data.map((d) => d.values.phone).filter(Boolean))] as string[];
  const uniquePhones = await getSettingBool(ex, ep, PHONE_UNIQUE_SETTING);
  const takenPhones = uniquePhones ? await repo.takenCustomerPhones(ex, ep, phones) : new Set<string>();
  return { takenNames, takenCodes, uniquePhones, takenPhones, salesIds: new Map(sales.map((s) => [s.mobile, s.id])) };
}

/** Validates every row: a group's first row makes the customer, later rows of the same name add contacts and addresses. */
export async function checkCustomers(ex: Executor, v: Actor, data: SheetRow[]): Promise<{ groups: Group[]; errors: { row: number; reason: string }[] }> {
  const { takenNames, takenCodes, uniquePhones, takenPhones, salesIds } = await lookups(ex, v, data);
  const errors: { row: number; reason: string }[] = [];
  const groups = new Map<string, Group>();
  const codesInFile = new Set<string>();
  const phonesInFile = new Set<string>();
  for (const r of data) {
    const name = r.values.name ?? '';
    if (!name) {
      errors.push({ row: r.row, reason: '客户名称：请输入客户名称' });
      continue;
    }
    const group = groups.get(name);
    if (!group) {
      const g: Group = { first: r, extras: [] };
      groups.set(name, g);
      const code = r.values.code ?? '';
      const body = toBody(r.values, salesIds);
      const phone = r.values.phone ?? '';
      const reason = takenNames.has(name)
        ? '客户名称已存在'
        : code && (takenCodes.has(code) || codesInFile.has(code))
          ? formatError('CUSTOMER_CODE_TAKEN')
          : uniquePhones && phone && (takenPhones.has(phone) || phonesInFile.has(phone))
            ? formatError('CUSTOMER_PHONE_TAKEN', { phone })
            : typeof body === 'string'
              ? body
              : null;
      if (code) codesInFile.add(code);
      if (phone) phonesInFile.add(phone);
      if (reason) errors.push({ row: r.row, reason });
      else g.body = body as AddCustomerBody;
      continue;
    }
    if (!group.body) {
      errors.push({ row: r.row, reason: `所属客户的第${group.first.row}行有误` });
      continue;
    }
    const extra = extraOf(r);
    if (typeof extra === 'string') errors.push({ row: r.row, reason: extra });
    else group.extras.push({ row: r.row, ...extra });
  }
  return { groups: [...groups.values()].filter((g) => g.body), errors: errors.sort((a, b) => a.row - b.row) };
}

function extraOf(r: SheetRow): { contact?: AddCustomerBody['linkPerson']; address?: AddressInput } | string {
  const out: { contact?: AddCustomerBody['linkPerson']; address?: AddressInput } = {};
  if (r.values.linkName || r.values.phone) {
    const parsed = addCustomerBody.shape.linkPerson.safeParse({
      name: r.values.linkName ?? '',
      phone: r.values.phone ?? '',
      position: r.values.position || null,
    });
    if (!parsed.success) return describeIssue(addCustomerBody.shape.linkPerson, parsed.error);
    out.contact = parsed.data;
  }
  const address = addressOf(r.values);
  if (typeof address === 'string') return address;
  if (address) {
    try {
      addressValues(address);
    } catch {
      return '省市区不正确';
    }
    out.address = address;
  }
  return out;
}

/** Dry run, or (write) every good customer with its extra contacts and addresses in one transaction. */
export async function importCustomers(db: Db, v: Actor, data: SheetRow[], write: boolean): Promise<CustomerImportResult> {
  const run = async (ex: Executor) => {
    const { groups, errors } = await checkCustomers(ex, v, data);
    const valid = data.length - errors.length;
    if (!write) return { total: data.length, valid, imported: 0, errors };
    for (const g of groups) {
      const id = await insertCustomer(ex as Tx, v, { ...(g.body as AddCustomerBody), source: g.body?.source ?? 6 }, false, true);
      for (const x of g.extras) {
        if (x.contact) {
          // The same person twice for one customer is written once.
          const k = x.contact;
          await repo.addContactOnce(ex, v.enterpriseId, id, k, contactGrams(k.name, k.phone));
        }
        if (x.address) {
          const a = addressValues(x.address);
          await repo.addImportedAddress(ex, v.enterpriseId, id, a);
        }
      }
    }
    return { total: data.length, valid, imported: valid, errors };
  };
  return write ? db.transaction((tx) => run(tx)) : run(db);
}
