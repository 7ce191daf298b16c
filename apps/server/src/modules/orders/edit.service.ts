import {
  type EditOrderBody,
  type EmployeeEditBody,
  type ExtValues,
  editableFields,
  type LinkCustomerBody,
  ORDER_EDIT_FIELDS,
  ORDER_PEOPLE_PARTS,
  type OrderEditField,
} from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { invalid } from '../../platform/errors';
import type { PatchValue } from '../../platform/state';
import { visibleCustomer } from '../customers/index';
import { gramsOf, texts } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { checkFiles } from '../customers/index';
import { type ActionResult, instantOf, orderExtOf, setPeople, withOrder } from './actions.service';
import { addressOf, checkChannel, checkIds, productOf, serviceItemsOf } from './create.service';
import { recomputeReceivable } from './fees.service';
import { moveOrder } from './order.state';
import { geocodeSaved } from '../geo/index';
import type { Actor } from '../../platform/actor';
import type { OrderRecord } from './orders.repo';
import { addressOrDefault } from './create.repo';
import {
  contactOrPrimary,
  customerHasContact,
  customerName,
  enabledUsers,
  orderTagIds,
  orderTagNames,
  peopleIds,
  replaceOrderTags,
  replaceServiceItems,
  serviceAmount,
  serviceItemIds,
} from './edit.repo';

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
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, norm((v as Row)[k])]),
      );
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/** Adds `col` to the patch when its new value differs from the row's (`as` is what to write when it is not the value itself). */
function put(patch: Patch, row: Row, col: string, value: unknown, as?: PatchValue): void {
  if (value === undefined || same(row[col], value)) return;
  patch[col] = as ?? (value as PatchValue);
}

async function checkUsers(ex: Executor, v: Actor, ids: number[], label: string, role?: number): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await enabledUsers(ex, v.enterpriseId, unique, role);
  if (found.length !== unique.length) throw invalid(`${label}：人员不存在或已停用`);
  return new Map(found.map((u) => [u.id, u.name]));
}

/** Replaces the people of a part when the list changes; answers the log note's part ('协作人员：甲、乙'). */
async function changePeople(tx: Tx, v: Actor, orderId: number, part: number, ids: number[] | undefined, label: string, role?: number): Promise<string | null> {
  if (ids === undefined) return null;
  const next = [...new Set(ids)].sort((a, b) => a - b);
  if (same(await peopleIds(tx, v.enterpriseId, orderId, part), next)) return null;
  const names = await checkUsers(tx, v, next, label, role);
  await setPeople(tx, v, orderId, part, next);
  return `${label}：${next.map((id) => names.get(id)).join('、') || '无'}`;
}

/** The search grams follow the title, contact, phone and address (as at creation). */
async function gramsPatch(ex: Executor, v: Actor, row: Row, patch: Patch): Promise<void> {
  const keys = ['title', 'custom_link_person', 'custom_phone', 'full_address', 'customer_id'];
  if (!keys.some((k) => k in patch)) return;
  const next = { ...row, ...patch };
  const name = await customerName(ex, v.enterpriseId, next.customer_id);
  const s = (k: string) => (next[k] == null ? null : String(next[k]));
  patch.search_grams = texts(gramsOf(s('title'), s('order_no'), name, s('custom_link_person'), s('custom_phone'), s('full_address')));
}

/** The service address as columns: typed (gpsAddr, with region and coordinates) or a saved one of the order's customer. */
async function addressPatch(ex: Executor, v: Actor, patch: Patch, row: OrderRecord, b: Pick<EditOrderBody, 'gpsAddr' | 'addressId'>): Promise<void> {
  if (!b.gpsAddr && !b.addressId) return;
  const a = await addressOf(ex, v, row.customer_id, { gpsAddr: b.gpsAddr, addressId: b.gpsAddr ? null : b.addressId });
  const cols: Row = {
    address_id: a.addressId,
    province_code: a.provinceCode,
    city_code: a.cityCode,
    district_code: a.districtCode,
    province: a.province,
    city: a.city,
    district: a.district,
    address_detail: a.detail,
    full_address: a.fullAddress,
    latitude: a.latitude,
    longitude: a.longitude,
  };
  for (const [k, val] of Object.entries(cols)) put(patch, row, k, val);
}

/** Saves the patch (and the notes of what is not a column) as one logged action; nothing changed writes nothing. */
async function save(
  tx: Tx,
  v: Actor,
  row: OrderRecord,
  action: 'edit' | 'employeeEdit',
  patch: Patch,
  notes: (string | null)[],
  note: string | null | undefined,
): Promise<ActionResult> {
  const said = notes.filter(Boolean);
  const id = row.id;
  if (Object.keys(patch).length === 0 && said.length === 0) return { id, state: row.state };
  await gramsPatch(tx, v, row, patch);
  const r = await moveOrder(tx, v, id, action, { patch, note: [...said, note].filter(Boolean).join('；') || null });
  if (['full_address', 'province_code', 'city_code', 'district_code', 'latitude', 'longitude'].some((k) => k in patch)) {
    await geocodeSaved(tx, 'orders', v.enterpriseId, [id]);
  }
  return { id, state: r.to };
}

/**
 * The order's service items become `ids`: lines of items kept stay as they are (price, quantity), removed ones go,
 * new ones come at the catalogue's price; the receivable is recomputed. Answers the log note, or null when unchanged.
 */
async function changeServiceItems(tx: Tx, v: Actor, orderId: number, ids: number[] | undefined, patch: Patch): Promise<string | null> {
  if (ids === undefined) return null;
  const next = [...new Set(ids)].sort((a, b) => a - b);
  if (same(await serviceItemIds(tx, v.enterpriseId, orderId), next)) return null;
  const items = await serviceItemsOf(tx, v, next);
  await replaceServiceItems(tx, v.enterpriseId, orderId, next);
  await recomputeReceivable(tx, v.enterpriseId, orderId);
  // The new total goes into the patch too, so the log names 服务项目 among the changed fields.
  patch.service_amount = await serviceAmount(tx, v.enterpriseId, orderId);
  return `服务项目：${items.map((i) => i.name).join('、') || '无'}`;
}

/** The order's tags (code 3) become `ids`; answers the log note, or null when unchanged. */
async function changeTags(tx: Tx, v: Actor, orderId: number, ids: number[] | undefined): Promise<string | null> {
  if (ids === undefined) return null;
  const next = [...new Set(ids)].sort((a, b) => a - b);
  if (same(await orderTagIds(tx, v.enterpriseId, orderId), next)) return null;
  const names = await orderTagNames(tx, v.enterpriseId, next);
  if (names.length !== next.length) throw invalid('工单标签：标签不存在或已被删除');
  await replaceOrderTags(tx, v.enterpriseId, orderId, next);
  return `工单标签：${names.join('、') || '无'}`;
}

/**
 * Runs each field's change, noting which fields changed; a changed field the state does not allow is refused
 * (the transaction rolls back whatever was written). Answers the notes of the changes that are not columns.
 */
class Changes {
  readonly patch: Patch = {};
  readonly notes: (string | null)[] = [];
  private readonly changed: OrderEditField[] = [];
  constructor(private readonly allowed: readonly OrderEditField[]) {}

  /** `run` adds its columns to the patch, or writes its rows and answers a note naming the change. */
  async field(key: OrderEditField, run: () => unknown): Promise<void> {
    const before = JSON.stringify(this.patch);
    const r = await run();
    const note = typeof r === 'string' ? r : null;
    if (note) this.notes.push(note);
    if (note || JSON.stringify(this.patch) !== before) this.changed.push(key);
  }

  /** The fields changed that this state does not allow, refused by name. */
  check(): void {
    const refused = this.changed.filter((k) => !this.allowed.includes(k));
    if (refused.length) throw invalid(`当前工单状态不能修改：${refused.map((k) => ORDER_EDIT_FIELDS[k]).join('、')}`);
  }
}

const editableOf = (who: 'staff' | 'engineer', row: OrderRecord) =>
  editableFields(who, { state: row.state, examineType: row.examine_type, placeState: row.place_state, invalid: row.invalid });

/** Contact, address, product, service items, description, attachments, custom fields: what both edits may send. */
async function onSiteChanges(tx: Tx, v: Actor, row: OrderRecord, b: EmployeeEditBody, c: Changes): Promise<void> {
  const customerId = row.customer_id;
  await c.field('customLinkPerson', async () => {
    if (b.contactId && !(await customerHasContact(tx, v.enterpriseId, customerId, b.contactId))) throw invalid('联系人：联系人不存在或不属于该客户');
    put(c.patch, row, 'contact_id', b.contactId);
    put(c.patch, row, 'custom_link_person', b.customLinkPerson);
  });
  await c.field('customPhone', () => put(c.patch, row, 'custom_phone', b.customPhone));
  await c.field('gpsAddr', () => addressPatch(tx, v, c.patch, row, b));
  await c.field('productId', async () => {
    if (b.productId === undefined || same(row.installed_product_id, b.productId)) return;
    const p = await productOf(tx, v, customerId, b.productId);
    c.patch.installed_product_id = p.productId;
  });
  await c.field('serviceId', () => changeServiceItems(tx, v, row.id, b.serviceId, c.patch));
  await c.field('detailDesc', () => put(c.patch, row, 'detail_desc', b.detailDesc));
  await c.field('attachments', async () => {
    if (!b.attachments || same(row.attachments, b.attachments)) return;
    await checkFiles(tx, v.enterpriseId, b.attachments);
    c.patch.attachments = bigints(b.attachments);
  });
  await c.field('ext', async () => {
    if (b.ext) put(c.patch, row, 'ext', await orderExtOf(tx, v, row, b.ext as ExtValues));
  });
}

/** Staff and the creator: every field of the create page but the customer (`editableFields('staff', …)`); a key left out is kept. */
export async function editOrder(db: Db, v: Actor, b: EditOrderBody): Promise<ActionResult> {
  return withOrder(db, v, 'edit', b, async (tx, row) => {
    const c = new Changes(editableOf('staff', row));
    await c.field('title', () => put(c.patch, row, 'title', b.title));
    await c.field('customEnterpriseName', () => put(c.patch, row, 'custom_enterprise_name', b.customEnterpriseName));
    await c.field('priority', () => put(c.patch, row, 'priority', b.priority));
    await c.field('serviceLevel', () => put(c.patch, row, 'service_level', b.serviceLevel));
    await c.field('customApplyTime', async () => {
      if (b.customApplyTime !== undefined)
        put(c.patch, row, 'appointment_at', b.customApplyTime === null ? null : await instantOf(tx, v.timeZone, b.customApplyTime));
    });
    await c.field('serviceGroupId', async () => {
      if (b.serviceGroupId === undefined || same(row.service_group_id, b.serviceGroupId)) return;
      await checkIds(tx, v, 'service_groups', b.serviceGroupId ? [b.serviceGroupId] : [], '服务团队：服务团队不存在或已被删除');
      c.patch.service_group_id = b.serviceGroupId;
    });
    await c.field('source', async () => {
      if (b.source === undefined || same(row.source, b.source)) return;
      await checkChannel(tx, v, { source: b.source });
      c.patch.source = b.source;
    });
    await c.field('saleChannel', async () => {
      if (b.saleChannel === undefined || same(row.sale_channel, b.saleChannel)) return;
      await checkChannel(tx, v, { saleChannel: b.saleChannel });
      c.patch.sale_channel = b.saleChannel;
    });
    await c.field('salespersonId', async () => {
      if (b.salespersonId === undefined || same(row.salesperson_id, b.salespersonId)) return;
      if (b.salespersonId) await checkUsers(tx, v, [b.salespersonId], '销售人员');
      c.patch.salesperson_id = b.salespersonId;
    });
    await onSiteChanges(tx, v, row, b, c);
    await c.field('orderLabel', () => changeTags(tx, v, b.orderId, b.orderLabel));
    await c.field('coordinationUserId', () => changePeople(tx, v, b.orderId, ORDER_PEOPLE_PARTS.collaborator, b.coordinationUserId, '协作人员', 2));
    await c.field('duplicateUserId', () => changePeople(tx, v, b.orderId, ORDER_PEOPLE_PARTS.copied, b.duplicateUserId, '抄送人'));
    c.check();
    return save(tx, v, row, 'edit', c.patch, c.notes, b.note);
  });
}

/** The engineer and collaborators: what they correct on site (`editableFields('engineer', …)`). */
export async function employeeEdit(db: Db, v: Actor, b: EmployeeEditBody): Promise<ActionResult> {
  return withOrder(db, v, 'employeeEdit', b, async (tx, row) => {
    const c = new Changes(editableOf('engineer', row));
    await onSiteChanges(tx, v, row, b, c);
    c.check();
    return save(tx, v, row, 'employeeEdit', c.patch, c.notes, b.note);
  });
}

/** The order's customer changes: its contact and address follow (the chosen ones, else the primary and default). */
export async function linkCustomer(db: Db, v: Actor, b: LinkCustomerBody): Promise<ActionResult> {
  return withOrder(db, v, 'edit', b, async (tx, row) => {
    const customer = await visibleCustomer(tx, v, b.customerId);
    const c = await contactOrPrimary(tx, v.enterpriseId, customer.id, b.contactId);
    if (b.contactId && !c) throw invalid('联系人：联系人不存在或不属于该客户');
    const a = await addressOrDefault(tx, v.enterpriseId, customer.id, b.addressId);
    if (b.addressId && !a) throw invalid('服务地址：地址不存在或不属于该客户');
    const patch: Patch = {};
    const changed = !same(row.customer_id, customer.id);
    put(patch, row, 'customer_id', customer.id);
    put(patch, row, 'contact_id', c ? c.id : null);
    if (c) {
      put(patch, row, 'custom_link_person', c.name);
      put(patch, row, 'custom_phone', c.phone);
    }
    if (a) {
      put(patch, row, 'address_id', a.id);
      for (const k of ['province_code', 'city_code', 'district_code', 'province', 'city', 'district', 'full_address', 'latitude', 'longitude'] as const)
        put(patch, row, k, a[k] ?? null);
      put(patch, row, 'address_detail', a.detail ?? null);
    }
    // The installed product belonged to the old customer.
    if (changed) {
      put(patch, row, 'installed_product_id', null);
    }
    return save(tx, v, row, 'edit', patch, [changed ? `关联客户：${customer.name}` : null], null);
  });
}
