import { type EditOrderBody, type EmployeeEditBody, type ExtValues, type LinkCustomerBody, ORDER_PEOPLE_PARTS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { invalid } from '../../platform/errors';
import type { PatchValue } from '../../platform/state';
import { fullAddressOf, resolveArea } from '../customers/areas';
import { bigints, gramsOf, texts, visibleCustomer } from '../customers/common';
import { checkFiles } from '../customers/integrations';
import { type ActionResult, type ActionViewer, instantOf, orderExtOf, setPeople, withOrder } from './actions.service';
import { moveOrder } from './order.state';

/**
 * Editing an order (/v2/order/edit by staff and the creator, /v2/order/employee/edit by the engineer
 * and collaborators) and changing its customer (/sh/order/linkCustomer). Only the columns whose value
 * really changes go into the update, so the log's changed fields are the changes.
 */

type Row = Record<string, unknown>;
type Patch = Record<string, PatchValue>;

/** A stable text of a value for comparison (ids as numbers, keys sorted, instants as milliseconds). */
function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === undefined || v === '') return null;
    if (v instanceof Date) return v.getTime();
    // Instants: ISO ('…T…Z') from us, '2026-12-01 01:30:00+00' from a raw select.
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v)) return new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime();
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
    if (Array.isArray(v)) return v.map(norm);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, norm((v as Row)[k])]));
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** Adds `col` to the patch when its new value differs from the row's (`as` is what to write when it is not the value itself). */
function put(patch: Patch, row: Row, col: string, value: unknown, as?: PatchValue): void {
  if (value === undefined || same(row[col], value)) return;
  patch[col] = as ?? (value as PatchValue);
}

async function checkUsers(ex: Executor, v: ActionViewer, ids: number[], label: string, role?: number): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from users where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) and enabled and deleted_at is null
      and ${role ? sql`${role} = any(roles)` : sql`true`}`,
  );
  if (found.length !== unique.length) throw invalid(`${label}：人员不存在或已停用`);
  return new Map(found.map((u) => [Number(u.id), u.name]));
}

async function peopleOf(ex: Executor, v: ActionViewer, orderId: number, part: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(ex, sql`select user_id from order_people where enterprise_id = ${v.enterpriseId} and order_id = ${orderId} and part = ${part} order by user_id`);
  return r.map((x) => Number(x.user_id));
}

/** Replaces the people of a part when the list changes; answers the log note's part ('协作人员：甲、乙'). */
async function changePeople(tx: Tx, v: ActionViewer, orderId: number, part: number, ids: number[] | undefined, label: string, role?: number): Promise<string | null> {
  if (ids === undefined) return null;
  const next = [...new Set(ids)].sort((a, b) => a - b);
  if (same(await peopleOf(tx, v, orderId, part), next)) return null;
  const names = await checkUsers(tx, v, next, label, role);
  await setPeople(tx, v, orderId, part, next);
  return `${label}：${next.map((id) => names.get(id)).join('、') || '无'}`;
}

/** The search grams follow the title, contact, phone and address (as at creation). */
async function gramsPatch(ex: Executor, v: ActionViewer, row: Row, patch: Patch): Promise<void> {
  const keys = ['title', 'custom_link_person', 'custom_phone', 'full_address', 'customer_id'];
  if (!keys.some((k) => k in patch)) return;
  const next = { ...row, ...patch };
  const [c] = await rows<{ name: string }>(ex, sql`select name from customers where enterprise_id = ${v.enterpriseId} and id = ${next.customer_id}`);
  const s = (k: string) => (next[k] == null ? null : String(next[k]));
  patch.search_grams = texts(gramsOf(s('title'), s('order_no'), c?.name, s('custom_link_person'), s('custom_phone'), s('full_address')));
}

/** The typed service address (gpsAddr) as columns. */
function addressPatch(patch: Patch, row: Row, g: NonNullable<EditOrderBody['gpsAddr']>): void {
  const area = resolveArea(g.provinceCode, g.cityCode, g.districtCode);
  if (!area) throw invalid('服务地址：省市区不正确');
  const cols: Row = {
    address_id: null,
    province_code: area.provinceCode,
    city_code: area.cityCode,
    district_code: area.districtCode,
    province: area.province,
    city: area.city,
    district: area.district,
    address_detail: g.detail,
    full_address: fullAddressOf(area, g.detail),
    latitude: g.latitude ?? null,
    longitude: g.longitude ?? null,
  };
  for (const [k, val] of Object.entries(cols)) put(patch, row, k, val);
}

/** Saves the patch (and the people notes) as one logged action; nothing changed writes nothing. */
async function save(tx: Tx, v: ActionViewer, row: Row, action: 'edit' | 'employeeEdit', patch: Patch, notes: (string | null)[], note: string | null | undefined): Promise<ActionResult> {
  const said = notes.filter(Boolean);
  const id = Number(row.id);
  if (Object.keys(patch).length === 0 && said.length === 0) return { id, state: Number(row.state) };
  await gramsPatch(tx, v, row, patch);
  const r = await moveOrder(tx, v, id, action, { patch, note: [...said, note].filter(Boolean).join('；') || null });
  return { id, state: r.to };
}

async function sharedFields(tx: Tx, v: ActionViewer, row: Row, b: EmployeeEditBody | EditOrderBody, patch: Patch): Promise<void> {
  put(patch, row, 'detail_desc', b.detailDesc);
  if (b.attachments) {
    await checkFiles(tx, v.enterpriseId, b.attachments);
    put(patch, row, 'attachments', b.attachments, bigints(b.attachments));
  }
  if (b.ext) put(patch, row, 'ext', await orderExtOf(tx, v, row, b.ext as ExtValues));
}

/** Staff and the creator: the order's own fields, its people and its custom fields; a key left out is kept. */
export async function editOrder(db: Db, v: ActionViewer, b: EditOrderBody): Promise<ActionResult> {
  return withOrder(db, v, 'edit', b, async (tx, row) => {
    const patch: Patch = {};
    put(patch, row, 'title', b.title);
    put(patch, row, 'custom_link_person', b.customLinkPerson);
    put(patch, row, 'custom_phone', b.customPhone);
    put(patch, row, 'custom_enterprise_name', b.customEnterpriseName);
    put(patch, row, 'priority', b.priority);
    put(patch, row, 'service_level', b.serviceLevel);
    if (b.gpsAddr) addressPatch(patch, row, b.gpsAddr);
    if (b.customApplyTime !== undefined) put(patch, row, 'appointment_at', b.customApplyTime === null ? null : await instantOf(tx, v.timeZone, b.customApplyTime));
    if (b.serviceGroupId !== undefined && !same(row.service_group_id, b.serviceGroupId)) {
      if (b.serviceGroupId) {
        const [g] = await rows(tx, sql`select id from service_groups where enterprise_id = ${v.enterpriseId} and id = ${b.serviceGroupId}`);
        if (!g) throw invalid('服务团队：服务团队不存在或已被删除');
      }
      patch.service_group_id = b.serviceGroupId;
    }
    if (b.salespersonId !== undefined && !same(row.salesperson_id, b.salespersonId)) {
      if (b.salespersonId) await checkUsers(tx, v, [b.salespersonId], '销售人员');
      patch.salesperson_id = b.salespersonId;
    }
    await sharedFields(tx, v, row, b, patch);
    const notes = [
      await changePeople(tx, v, b.orderId, ORDER_PEOPLE_PARTS.collaborator, b.coordinationUserId, '协作人员', 2),
      await changePeople(tx, v, b.orderId, ORDER_PEOPLE_PARTS.copied, b.duplicateUserId, '抄送人'),
    ];
    return save(tx, v, row, 'edit', patch, notes, b.note);
  });
}

/** The engineer and collaborators: custom fields, photos and attachments, the description. */
export async function employeeEdit(db: Db, v: ActionViewer, b: EmployeeEditBody): Promise<ActionResult> {
  return withOrder(db, v, 'employeeEdit', b, async (tx, row) => {
    const patch: Patch = {};
    await sharedFields(tx, v, row, b, patch);
    return save(tx, v, row, 'employeeEdit', patch, [], b.note);
  });
}

/** The order's customer changes: its contact and address follow (the chosen ones, else the primary and default). */
export async function linkCustomer(db: Db, v: ActionViewer, b: LinkCustomerBody): Promise<ActionResult> {
  return withOrder(db, v, 'edit', b, async (tx, row) => {
    const customer = await visibleCustomer(tx, v, b.customerId);
    const [c] = await rows<{ id: number; name: string; phone: string }>(
      tx,
      sql`select id, name, phone from customer_contacts where enterprise_id = ${v.enterpriseId} and customer_id = ${customer.id}
        and ${b.contactId ? sql`id = ${b.contactId}` : sql`true`} order by is_primary desc, id limit 1`,
    );
    if (b.contactId && !c) throw invalid('联系人：联系人不存在或不属于该客户');
    const [a] = await rows<Row>(
      tx,
      sql`select id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
        from customer_addresses where enterprise_id = ${v.enterpriseId} and customer_id = ${customer.id}
        and ${b.addressId ? sql`id = ${b.addressId}` : sql`true`} order by is_default desc, id limit 1`,
    );
    if (b.addressId && !a) throw invalid('服务地址：地址不存在或不属于该客户');
    const patch: Patch = {};
    const changed = !same(row.customer_id, customer.id);
    put(patch, row, 'customer_id', customer.id);
    put(patch, row, 'contact_id', c ? Number(c.id) : null);
    if (c) {
      put(patch, row, 'custom_link_person', c.name);
      put(patch, row, 'custom_phone', c.phone);
    }
    if (a) {
      put(patch, row, 'address_id', Number(a.id));
      for (const k of ['province_code', 'city_code', 'district_code', 'province', 'city', 'district', 'full_address', 'latitude', 'longitude']) put(patch, row, k, a[k] ?? null);
      put(patch, row, 'address_detail', a.detail ?? null);
    }
    // The installed product belonged to the old customer.
    if (changed) {
      put(patch, row, 'installed_product_id', null);
      put(patch, row, 'warranty_state', null);
    }
    return save(tx, v, row, 'edit', patch, [changed ? `关联客户：${customer.name}` : null], null);
  });
}
