import { type ExtField, type FieldDef, FIXED_FIELDS, ORDER_TABS, type OrderDetail, type OrderTab, type RelatedOrder } from '@sk/shared';
import type { Executor } from '../../db/client';
import { uploadsOf } from '../files/index';
import { presentWith } from '../forms/index';
import { versionById } from '../forms/index';
import { type OrderReader, orderScope, visibleOrderDetail } from './detail.access';
import { type DetailRaw, relatedRows, tabCounts, toOrderDetail } from './detail.repo';
import { orderAbilities } from './order.state';
import { orderWarranty } from './warranty';
import type { OrderRecord } from './orders.repo';

/** The order field group of each custom field, by id. */
const groupsOf = (fields: FieldDef[]) => new Map(fields.map((f) => [f.id, f.group ?? null]));

/** The order's custom values with their groups, read with the version the order pinned. */
export async function orderExtFields(ex: Executor, r: OrderReader, versionId: number | null, ext: unknown): Promise<(ExtField & { group: string | null })[]> {
  if (versionId == null) return [];
  const v = await versionById(ex, r.enterpriseId, versionId);
  if (!v) return [];
  const roles = r.sysrole == null ? undefined : [r.sysrole];
  const groups = groupsOf(v.fields);
  return (await presentWith(ex, r.enterpriseId, v.fields, (ext ?? {}) as Record<string, unknown>, { roles })).map((f) => ({
    ...f,
    group: groups.get(f.id) ?? null,
  }));
}

/** Custom values presented against a version's fields (none: no version), with the groups when asked. */
async function presented(ex: Executor, r: OrderReader, fields: FieldDef[] | null, ext: unknown): Promise<(ExtField & { group: string | null })[]> {
  if (!Array.isArray(fields)) return [];
  const fs = fields;
  const groups = groupsOf(fs);
  const roles = r.sysrole == null ? undefined : [r.sysrole];
  return (await presentWith(ex, r.enterpriseId, fs, (ext ?? {}) as Record<string, unknown>, { roles })).map((f) => ({ ...f, group: groups.get(f.id) ?? null }));
}

/**
 * GET /order/orderDetail: the row, the reader's parts and everything the page shows beside the row in one statement
 * (visibleOrderDetail); then the files, and the abilities' approval reads when an examine is pending, side by side.
 */
export async function orderDetailOf(ex: Executor, r: OrderReader, id: number): Promise<OrderDetail> {
  const { o, n } = await visibleOrderDetail(ex, r, id);
  return presentDetail(ex, r, o, n);
}

async function presentDetail(ex: Executor, r: OrderReader, o: OrderRecord, n: DetailRaw): Promise<OrderDetail> {
  // The parts are independent reads: asked together, the page waits for the slowest, not the sum (none when the order
  // has no files and no pending examine).
  const fileIds = [...o.attachments.map(Number), ...(o.signature_id == null ? [] : [o.signature_id])];
  const [files, abilities, extFields, receiptWithGroups, warranty] = await Promise.all([
    uploadsOf(ex, r.enterpriseId, fileIds),
    orderAbilities(ex, r, o),
    o.template_version_id == null ? [] : presented(ex, r, n.ext_fields, o.ext),
    o.receipted_at == null || o.receipt_version_id == null ? [] : presented(ex, r, n.receipt_fields, o.receipt_ext),
    orderWarranty(ex, r.enterpriseId, r.timeZone, o),
  ]);
  const receipt: ExtField[] = receiptWithGroups.map(({ group: _g, ...f }) => f);
  return toOrderDetail(o, n, { files, abilities, extFields, receipt, warranty });
}

/** GET /order/getOrderTab: every tab, always in the same order, with counts where a number helps. */
export async function orderTabs(ex: Executor, r: OrderReader, o: OrderRecord): Promise<OrderTab[]> {
  const c = await tabCounts(ex, r, o, orderScope(r));
  const count: Partial<Record<keyof typeof ORDER_TABS, number | null>> = {
    fees: c.fees,
    receipt: o.receipted_at == null ? 0 : 1,
    evaluation: o.evaluation == null && o.evaluated_at == null ? 0 : 1,
    messages: c.messages,
    logs: c.logs,
    related: c.history,
  };
  return (Object.keys(ORDER_TABS) as (keyof typeof ORDER_TABS)[]).map((key) => ({ key, name: ORDER_TABS[key], count: count[key] ?? null }));
}

/** The fixed fields of the order kind, then the custom fields of a version, with their groups. */
export function orderFieldNames(fields: FieldDef[]) {
  const fixed = FIXED_FIELDS[1].map((f) => ({ key: f.key, name: f.name, type: f.type, system: true, group: null as string | null }));
  return [...fixed, ...fields.map((f) => ({ key: String(f.id), name: f.name, type: f.type, system: false, group: f.group ?? null }))];
}

/** GET /v2/order/relatedList: the other orders of the customer or product, newest first, that the reader may open. */
export function relatedOrders(ex: Executor, r: OrderReader, o: OrderRecord): Promise<RelatedOrder[]> {
  return relatedRows(ex, r, o, orderScope(r));
}
