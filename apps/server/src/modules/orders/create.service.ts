import { type CreateOrderBody, type FieldDef, initialOrderState, ORDER_PEOPLE_PARTS, ORDER_SOURCES, saleChannelsOf } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import {
  type Address,
  addressOrDefault,
  countIds,
  defaultAddresses,
  insertOrder,
  insertOrderRows,
  insertSetLines,
  NOTHING_WRITTEN,
  ORDER_FORM_KIND,
  primaryContacts,
  productDates,
  productsDates,
  readCreateChecks,
  saleChannelsText,
  serviceItemRows,
  serviceItemsById,
  toAddress,
  toServiceItem,
  visibleCustomerNames,
} from './create.repo';
import { AppError } from '../../platform/errors';
import { insertStateLogs } from '../../platform/state';
import { fullAddressOf, resolveArea } from '../customers/index';
import { gramsOf } from '../../platform/search';
import { checkFiles } from '../customers/index';
import { cleanExtWith, currentVersionOf, validateAndComputeExt } from '../forms/index';
import { linkEventToOrder, lockEventForOrder } from '../events/index';
import { createdProbes, runCreatedHooksBatch, runCreatedHooksProbed } from '../../platform/signals';
import { type PinnedProcess, processForNewOrder, processForNewOrderSql } from './order.hooks';
import type { Actor } from '../../platform/actor';
import { ORDER_STATE } from './order.state';
import { geocodeSaved, geoColumnsOf, refineSaved } from '../geo/index';
import { recordOrderFault } from '../faults/index';
import { allocateOrderNumbers, orderNoSql } from './order-numbers';
import { orderFromCall } from './orders.signals';

const invalid = (detail: string) => new AppError('VALIDATION', { detail });

export type { Address };

/** The service address: typed (gpsAddr), a saved address of the customer, or the customer's default one. */
export async function addressOf(ex: Executor, v: Actor, customerId: number, b: Pick<CreateOrderBody, 'gpsAddr' | 'addressId'>): Promise<Address> {
  if (b.gpsAddr) {
    const g = b.gpsAddr;
    const area = resolveArea(g.provinceCode, g.cityCode, g.districtCode);
    if (!area) throw invalid('服务地址：省市区不正确');
    return {
      addressId: null,
      ...area,
      detail: g.detail,
      fullAddress: fullAddressOf(area, g.detail),
      latitude: g.latitude ?? null,
      longitude: g.longitude ?? null,
    };
  }
  const a = await addressOrDefault(ex, v.enterpriseId, customerId, b.addressId);
  if (b.addressId && !a) throw invalid('服务地址：地址不存在或不属于该客户');
  return toAddress(a);
}

/**
 * The installed product, which must be this customer's. The order keeps no warranty answer of its own: it is asked of
 * customers' productWarranty on the order's day whenever shown or priced (docs/decisions.md, Commerce).
 */
export async function productOf(ex: Executor, v: Actor, customerId: number, productId: number | null | undefined) {
  if (!productId) return { productId: null };
  if (!(await productDates(ex, v, customerId, productId))) throw invalid('产品：设备不存在或不属于该客户');
  return { productId };
}

/** Refuses ids that are not rows of `table` in this enterprise (users: enabled and not deleted). */
export async function checkIds(ex: Executor, v: Actor, table: 'users' | 'service_groups' | 'tags', ids: number[], message: string, extra?: SQL) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await countIds(ex, v.enterpriseId, table, unique, extra)) !== unique.length) throw invalid(message);
}

export async function serviceItemsOf(ex: Executor, v: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await serviceItemRows(ex, v.enterpriseId, unique);
  if (found.length !== unique.length) throw invalid('服务项目：服务项目不存在或已被删除');
  return found.map(toServiceItem);
}

/** Source (1 客服/内部创建, 2 经销商案例转化) and sale channel: a channel the enterprise's sale_channels allow. */
export async function checkChannel(ex: Executor, v: Actor, b: Pick<CreateOrderBody, 'source' | 'saleChannel'>): Promise<void> {
  if (b.source != null && !(b.source in ORDER_SOURCES)) throw invalid('来源：来源不正确');
  if (b.saleChannel == null) return;
  if (!saleChannelsOf(await saleChannelsText(ex, v.enterpriseId)).some((c) => c.id === b.saleChannel)) throw invalid('销售渠道：不可选择该销售渠道');
}

/** The order type (default when absent), which must be enabled, and the field version new orders pin. */
async function templateOf(ex: Executor, v: Actor, orderType: number | null | undefined) {
  const cur = await currentVersionOf(ex, v.enterpriseId, ORDER_FORM_KIND, orderType ?? undefined);
  if (!cur.enabled) throw invalid('工单类型：该工单类型已停用');
  return cur;
}

/** The ids the request names and createOrder's checks read in one statement (readCreateChecks). */
async function readChecks(tx: Tx, v: Actor, b: CreateOrderBody, pinned: PinnedProcess | undefined) {
  const inline = pinned ? null : processForNewOrderSql();
  const people = [...new Set([...(b.coordinationUserId ?? []), ...(b.duplicateUserId ?? []), ...(b.salespersonId ? [b.salespersonId] : [])])];
  const tags = [...new Set(b.orderLabel ?? [])];
  const itemIds = [...new Set(b.serviceId ?? [])];
  const r = await readCreateChecks(tx, v, b, inline, { people, tags, itemIds });
  return { r, people, tags, itemIds, inline };
}

/**
 * Creates an order in one transaction: checks every reference against the enterprise (and the
 * customer), validates the custom fields against the pinned template version, takes the next
 * number, writes the order, its people, service items and the first log row.
 *
 * In round trips (docs/platform.md "How writes are built"): one statement reads everything the checks need
 * (readChecks), one writes the order with its number, service items, people, tags, first log row and the created
 * hooks' probes; then the hooks with something to do. A conversion (event), a fault mode, a typed address placed on
 * the map and an attachment check add their own.
 */
export async function createOrder(
  db: Db,
  v: Actor,
  b: CreateOrderBody,
  ev?: Actor,
  pinned?: PinnedProcess,
  /** `requiredLater`: an order the system makes (cycle plans) may leave required custom fields for the engineer to fill. */
  opts: { requiredLater?: boolean; assignee?: number | null } = {},
): Promise<{ id: number; orderNo: string; state: number }> {
  return db.transaction(async (tx) => {
    const ep = v.enterpriseId;
    // A conversion locks its event first: two conversions of one event make one order.
    const event = b.eventId ? await lockEventForOrder(tx, ev ?? v, b.eventId) : null;
    const { r, people, tags, itemIds, inline } = await readChecks(tx, v, b, pinned);
    // The checks, in the order (and with the messages) they always had.
    if (!r.customer) throw new AppError('NOT_FOUND');
    const customer = { id: r.customer.id, name: r.customer.name };
    let tpl: { templateId: number; templateVersionId: number; fields: FieldDef[]; enabled: boolean };
    let pin = pinned;
    if (r.tpl) {
      if (r.tpl.version_id == null) throw new AppError('NOT_FOUND');
      tpl = { templateId: r.tpl.id, templateVersionId: r.tpl.version_id, fields: r.tpl.fields ?? [], enabled: r.tpl.enabled };
      if (!tpl.enabled) throw invalid('工单类型：该工单类型已停用');
      if (inline) pin = inline.read(r.tpl.process);
    } else if (b.orderType != null) {
      throw new AppError('NOT_FOUND');
    } else {
      // No default order type yet: templateOf makes it (the enterprise's very first order).
      tpl = await templateOf(tx, v, b.orderType);
    }
    // Against the fields of the version just read (validateAndComputeExt without reading it again).
    const ext = await cleanExtWith(tx, ep, tpl.fields, b.ext ?? {}, {
      isNew: true,
      roles: v.sysrole == null ? undefined : [v.sysrole],
      requiredLater: opts.requiredLater,
    });
    if (b.contactId && !r.contact) throw invalid('联系人：联系人不存在或不属于该客户');
    const contact = {
      contactId: r.contact ? r.contact.id : null,
      name: b.customLinkPerson ?? r.contact?.name ?? null,
      phone: b.customPhone ?? r.contact?.phone ?? null,
    };
    if (b.addressId && !b.gpsAddr && !r.address) throw invalid('服务地址：地址不存在或不属于该客户');
    const addr = b.gpsAddr ? await addressOf(tx, v, customer.id, b) : toAddress(r.address);
    if (b.productId && !r.product) throw invalid('产品：设备不存在或不属于该客户');
    const items = (r.items ?? []).map(toServiceItem);
    if (items.length !== itemIds.length) throw invalid('服务项目：服务项目不存在或已被删除');
    if (r.people != null && r.people !== people.length) throw invalid('人员：人员不存在或已停用');
    if (r.groups != null && r.groups !== 1) throw invalid('服务团队：服务团队不存在或已被删除');
    if (r.tags != null && r.tags !== tags.length) throw invalid('工单标签：标签不存在或已被删除');
    await checkFiles(tx, ep, b.attachments ?? []);
    if (b.source != null && !(b.source in ORDER_SOURCES)) throw invalid('来源：来源不正确');
    if (b.saleChannel != null && !saleChannelsOf(r.channels ?? undefined).some((c) => c.id === b.saleChannel)) throw invalid('销售渠道：不可选择该销售渠道');

    // The order pins a copy of its type's process settings, so a later change never reaches an order in flight.
    // (`pinned`: a process version chosen by the caller, e.g. the demo seed's orders of an earlier version.)
    const { process, processVersionId } = pin ?? (await processForNewOrder(tx, ep, tpl.templateId));
    const start = initialOrderState(process);
    const serviceAmount = Math.round(items.reduce((s, i) => s + i.price * 100, 0)) / 100;
    // The number is drawn by the insert itself; its grams join the others there.
    const grams = gramsOf(b.title, customer.name, contact.name, contact.phone, addr.fullAddress);
    // The pin is written with the row (geocodeSaved's rule, without reading it back).
    const geo = geoColumnsOf(addr);
    // With nothing written after the insert that a probe could read (a conversion's link, a fault mode, a refined pin),
    // the created hooks' probes are asked over the inserted row itself.
    const probeNow = !event && !b.faultModeId && !geo.placed;
    const hook = { enterpriseId: ep, state: start.state, actorId: v.id, assignee: opts.assignee };
    const probes = probeNow ? createdProbes(hook) : null;
    const o = await insertOrder(
      tx,
      v,
      b,
      {
        tpl,
        pin: { process, processVersionId },
        start,
        customerId: customer.id,
        contact,
        addr,
        geo,
        ext,
        grams,
        serviceAmount,
        items,
        people: [
          [ORDER_PEOPLE_PARTS.collaborator, b.coordinationUserId ?? []],
          [ORDER_PEOPLE_PARTS.copied, b.duplicateUserId ?? []],
        ],
        tags,
        // The first log row (before the event's link writes its own).
        log: { enterpriseId: ep, from: null, to: start.state, action: 'create', actorId: v.id },
        probes: probes?.columns ?? null,
      },
      orderNoSql(ep, v.timeZone),
    );
    const { id, order_no: orderNo } = o;
    const created = { tx, ...hook, orderId: id };
    // Taken from a call: the calls module links its record to the order (a call of another enterprise refuses the order).
    if (b.belongCallRecordId) await orderFromCall.publish(tx, { enterpriseId: ep, orderId: id, callRecordId: b.belongCallRecordId, actorId: v.id });
    if (probes) {
      await probes.run(created, o);
      return { id, orderNo, state: start.state };
    }
    if (geo.placed) await refineSaved(tx, 'orders', ep, [id]);
    // The fault mode chosen on the create page (a remedy of the product's category, or the whole order is refused).
    if (b.faultModeId) await recordOrderFault(tx, v, id, b.faultModeId);
    if (event) await linkEventToOrder(tx, ev ?? v, event, { id, orderNo });
    await runCreatedHooksProbed(created, NOTHING_WRITTEN);
    return { id, orderNo, state: start.state };
  });
}

/** What the set-based create takes: the system's own orders (no event, people, tags, files, typed address or contact). */
export type SetOrderBody = Pick<
  CreateOrderBody,
  'orderType' | 'customerId' | 'title' | 'productId' | 'serviceId' | 'customApplyTime' | 'priority' | 'detailDesc'
> & {
  /** createOrder's `assignee`. */
  assignee?: number | null;
};

/**
 * createOrder for many orders in one transaction, in a few statements for the whole set (the cycle job's path): the same
 * checks (a refusal refuses the whole set: the caller then makes them one by one), the same numbers in the bodies' order,
 * the same rows, first log rows and created hooks (their batch form, `runCreatedHooksBatch`). Each body's custom fields
 * are empty (required ones left for later, as `requiredLater`).
 */
export async function createOrdersSet(tx: Tx, v: Actor, bodies: SetOrderBody[]): Promise<{ id: number; orderNo: string; state: number }[]> {
  if (bodies.length === 0) return [];
  const ep = v.enterpriseId;
  // Per order type: its template version, the empty custom fields computed once, its pinned process and first state.
  const types = new Map<
    string,
    { tpl: Awaited<ReturnType<typeof templateOf>>; ext: unknown; pin: PinnedProcess; start: ReturnType<typeof initialOrderState> }
  >();
  for (const b of bodies) {
    const key = String(b.orderType ?? '');
    if (types.has(key)) continue;
    const tpl = await templateOf(tx, v, b.orderType);
    const ext = await validateAndComputeExt(
      tx,
      ep,
      ORDER_FORM_KIND,
      tpl.templateVersionId,
      {},
      {
        isNew: true,
        roles: v.sysrole == null ? undefined : [v.sysrole],
        requiredLater: true,
      },
    );
    const pin = await processForNewOrder(tx, ep, tpl.templateId);
    types.set(key, { tpl, ext, pin, start: initialOrderState(pin.process) });
  }
  const customerIds = [...new Set(bodies.map((b) => b.customerId))];
  const customers = await visibleCustomerNames(tx, v, customerIds);
  if (customers.size !== customerIds.length) throw new AppError('NOT_FOUND');
  // The primary contact and the default address of each customer (contactOf / addressOf without a choice).
  const contacts = await primaryContacts(tx, ep, customerIds);
  const addresses = await defaultAddresses(tx, ep, customerIds);
  const productIds = [...new Set(bodies.flatMap((b) => (b.productId ? [b.productId] : [])))];
  const products = await productsDates(tx, v, productIds);
  const items = await serviceItemsById(tx, ep, [...new Set(bodies.flatMap((b) => b.serviceId ?? []))]);

  // The numbers: the set's size drawn at once from the enterprise's sequence, ascending in the bodies' order.
  const numbers = await allocateOrderNumbers(tx, ep, v.timeZone, bodies.length);

  const made = bodies.map((b, i) => {
    const t = types.get(String(b.orderType ?? '')) as NonNullable<ReturnType<typeof types.get>>;
    const customerName = customers.get(b.customerId) as string;
    const c = contacts.get(b.customerId);
    const a = addresses.get(b.customerId);
    if (b.productId) {
      const p = products.get(b.productId);
      if (!p || p.customer_id !== b.customerId) throw invalid('产品：设备不存在或不属于该客户');
    }
    const own = [...new Set(b.serviceId ?? [])].map((id) => items.get(id));
    if (own.some((x) => !x)) throw invalid('服务项目：服务项目不存在或已被删除');
    const mine = (own as NonNullable<(typeof own)[number]>[]).sort((x, y) => x.sort - y.sort || x.id - y.id);
    const orderNo = numbers[i] as string;
    const addr = toAddress(a);
    const amount = Math.round(mine.reduce((sum, x) => sum + x.price * 100, 0)) / 100;
    const contactName = c?.name ?? null;
    const contactPhone = c?.phone ?? null;
    return {
      b,
      t,
      items: mine,
      row: {
        order_no: orderNo,
        template_id: t.tpl.templateId,
        template_version_id: t.tpl.templateVersionId,
        process_version_id: t.pin.processVersionId,
        process: t.pin.process,
        state: t.start.state,
        examine_type: t.start.examineType ?? null,
        examine_result: t.start.examineType ? 0 : null,
        title: b.title,
        customer_id: b.customerId,
        contact_id: c ? c.id : null,
        custom_link_person: contactName,
        custom_phone: contactPhone,
        address_id: addr.addressId,
        province_code: addr.provinceCode,
        city_code: addr.cityCode,
        district_code: addr.districtCode,
        province: addr.province,
        city: addr.city,
        district: addr.district,
        address_detail: addr.detail,
        full_address: addr.fullAddress,
        latitude: addr.latitude,
        longitude: addr.longitude,
        installed_product_id: b.productId ?? null,
        apply: b.customApplyTime ?? null,
        priority: b.priority,
        detail_desc: b.detailDesc ?? null,
        ext: t.ext,
        search_grams: gramsOf(b.title, orderNo, customerName, contactName, contactPhone, addr.fullAddress),
        amount,
      },
    };
  });
  const idOf = await insertOrderRows(tx, v, JSON.stringify(made.map((m, i) => ({ ...m.row, ord: i }))));
  const out = made.map((m) => ({ id: idOf.get(m.row.order_no) as number, orderNo: m.row.order_no, state: m.row.state }));
  const ids = out.map((o) => o.id);
  await geocodeSaved(tx, 'orders', ep, ids);
  const lines = made.flatMap((m, i) => m.items.map((x) => ({ o: ids[i], s: x.id, n: x.name, p: x.price }))).map((l, ord) => ({ ...l, ord }));
  if (lines.length) await insertSetLines(tx, ep, lines);
  await insertStateLogs(
    tx,
    ORDER_STATE,
    out.map((o) => ({ enterpriseId: ep, id: o.id, from: null, to: o.state, action: 'create', actorId: v.id })),
  );
  await runCreatedHooksBatch({
    tx,
    enterpriseId: ep,
    actorId: v.id,
    orders: out.map((o, i) => ({ orderId: o.id, state: o.state, assignee: bodies[i]?.assignee ?? null })),
  });
  return out;
}
