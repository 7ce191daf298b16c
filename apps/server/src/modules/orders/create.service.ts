import { type CreateOrderBody, coverageOf, type FieldDef, initialOrderState, ORDER_PEOPLE_PARTS, ORDER_SOURCES, saleChannelsOf } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLogs, stateLogOfInserted } from '../../platform/state';
import { fullAddressOf, type ResolvedArea, resolveArea } from '../customers/areas';
import { customerRowScope } from '../customers/common';
import { gramsOf, gramsWithSql } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { checkFiles } from '../customers/integrations';
import { cleanExtWith, currentVersionOf, validateAndComputeExt } from '../forms/ext.service';
import { linkEventToOrder, lockEventForOrder } from '../events/to-order';
import { createdProbes, runCreatedHooksBatch, runCreatedHooksProbed } from '../../platform/signals';
import { type PinnedProcess, processForNewOrder, processForNewOrderSql } from './order.hooks';
import type { Actor } from '../../platform/actor';
import { ORDER_STATE } from './order.state';
import { geocodeSaved, geoColumnsOf, refineSaved } from '../geo/geo.service';
import { recordOrderFault } from '../quality/fault.service';
import { allocateOrderNumbers, orderNoSql } from './order-numbers';

/** The order form kind of the form engine (forms.constants: 1 工单). */
const ORDER_FORM_KIND = 1;
const invalid = (detail: string) => new AppError('VALIDATION', { detail });

export interface Address extends ResolvedArea {
  addressId: number | null;
  detail: string | null;
  fullAddress: string | null;
  latitude: number | null;
  longitude: number | null;
}

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
  const [a] = await rows<Record<string, string | number | null>>(
    ex,
    sql`select id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
      from customer_addresses where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId}
      and ${b.addressId ? sql`id = ${b.addressId}` : sql`true`} order by is_default desc, id limit 1`,
  );
  if (b.addressId && !a) throw invalid('服务地址：地址不存在或不属于该客户');
  return savedAddress(a ?? null);
}

/** The installed product (of this customer) and its warranty state today. */
export async function productOf(ex: Executor, v: Actor, customerId: number, productId: number | null | undefined) {
  if (!productId) return { productId: null, warranty: null };
  const [p] = await rows<{ warranty_end: string | null; extended_end: string | null; today: string }>(
    ex,
    sql`select to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end,
        to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
      from installed_products where enterprise_id = ${v.enterpriseId} and id = ${productId} and customer_id = ${customerId}`,
  );
  if (!p) throw invalid('产品：设备不存在或不属于该客户');
  // The one warranty status (commerce coverageOf): 1 在保, 3 延保 (an extension in force), 2 过保, 0 unknown.
  return { productId, warranty: coverageOf(p.warranty_end, p.extended_end, p.today).state };
}

/** Refuses ids that are not rows of `table` in this enterprise (users: enabled and not deleted). */
export async function checkIds(ex: Executor, v: Actor, table: 'users' | 'service_groups' | 'tags', ids: number[], message: string, extra = sql`true`) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) and ${extra}`,
  );
  if (Number(r?.n) !== unique.length) throw invalid(message);
}

export async function serviceItemsOf(ex: Executor, v: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await rows<{ id: number; name: string; price: string | number }>(
    ex,
    sql`select id, name, price from service_items where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) order by sort, id`,
  );
  if (found.length !== unique.length) throw invalid('服务项目：服务项目不存在或已被删除');
  return found.map((s) => ({ id: Number(s.id), name: s.name, price: Number(s.price) }));
}

/** Source (1 客服/内部创建, 2 经销商案例转化) and sale channel: a channel the enterprise's sale_channels allow. */
export async function checkChannel(ex: Executor, v: Actor, b: Pick<CreateOrderBody, 'source' | 'saleChannel'>): Promise<void> {
  if (b.source != null && !(b.source in ORDER_SOURCES)) throw invalid('来源：来源不正确');
  if (b.saleChannel == null) return;
  const [e] = await rows<{ sale_channels: string }>(ex, sql`select sale_channels from enterprises where id = ${v.enterpriseId}`);
  if (!saleChannelsOf(e?.sale_channels).some((c) => c.id === b.saleChannel)) throw invalid('销售渠道：不可选择该销售渠道');
}

/** The order type (default when absent), which must be enabled, and the field version new orders pin. */
async function templateOf(ex: Executor, v: Actor, orderType: number | null | undefined) {
  const cur = await currentVersionOf(ex, v.enterpriseId, ORDER_FORM_KIND, orderType ?? undefined);
  if (!cur.enabled) throw invalid('工单类型：该工单类型已停用');
  return cur;
}

type Json = Record<string, unknown>;

/**
 * Every read createOrder's checks need, as one statement over the ids the request names (scoped by the enterprise):
 * the customer (in the viewer's scope), the order type with its latest field version and published process, the
 * contact, the saved address, the product, the service items, and the counts of the people, service team and tags
 * found. A part the request does not name is not read (null). The checks themselves stay in createOrder, in their order.
 */
async function readChecks(tx: Tx, v: Actor, b: CreateOrderBody, pinned: PinnedProcess | undefined) {
  const ep = v.enterpriseId;
  const inline = pinned ? null : processForNewOrderSql();
  const people = [...new Set([...(b.coordinationUserId ?? []), ...(b.duplicateUserId ?? []), ...(b.salespersonId ? [b.salespersonId] : [])])];
  const tags = [...new Set(b.orderLabel ?? [])];
  const itemIds = [...new Set(b.serviceId ?? [])];
  const count = (table: string, ids: number[], extra = sql`true`) =>
    ids.length
      ? sql`(select count(*)::int from ${sql.identifier(table)} where enterprise_id = ${ep} and id = any(${bigints(ids)}) and ${extra})`
      : sql`null::int`;
  const [r] = await rows<{
    customer: { id: number; name: string } | null;
    tpl: { id: number; enabled: boolean; version_id: number | null; fields: FieldDef[] | null; process: unknown } | null;
    contact: { id: number; name: string; phone: string } | null;
    address: Json | null;
    product: { warranty_end: string | null; extended_end: string | null; today: string } | null;
    items: { id: number; name: string; price: string | number }[] | null;
    people: number | null;
    groups: number | null;
    tags: number | null;
    channels: string | null;
  }>(
    tx,
    sql`select
      (select json_build_object('id', c.id, 'name', c.name) from customers c where c.enterprise_id = ${ep} and c.id = ${b.customerId} and ${customerRowScope(v)}) as customer,
      (select json_build_object('id', t.id, 'enabled', t.enabled, 'version_id', fv.id, 'fields', fv.fields, 'process', ${inline ? inline.select(ep, sql`t.id`) : sql`null`})
        from form_templates t
        left join lateral (select id, fields from form_template_versions where enterprise_id = t.enterprise_id and template_id = t.id order by version_no desc limit 1) fv on true
        where t.enterprise_id = ${ep} and t.form_kind = ${ORDER_FORM_KIND} and ${b.orderType == null ? sql`t.is_default` : sql`t.id = ${b.orderType}`}) as tpl,
      (select json_build_object('id', k.id, 'name', k.name, 'phone', k.phone) from customer_contacts k
        where k.enterprise_id = ${ep} and k.customer_id = ${b.customerId} and ${b.contactId ? sql`k.id = ${b.contactId}` : sql`true`}
        order by k.is_primary desc, k.id limit 1) as contact,
      ${
        b.gpsAddr
          ? sql`null::json`
          : sql`(select row_to_json(a) from (select id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
        from customer_addresses where enterprise_id = ${ep} and customer_id = ${b.customerId} and ${b.addressId ? sql`id = ${b.addressId}` : sql`true`}
        order by is_default desc, id limit 1) a)`
      } as address,
      ${
        b.productId
          ? sql`(select json_build_object('warranty_end', to_char(warranty_end, 'YYYY-MM-DD'), 'extended_end', to_char(extended_end, 'YYYY-MM-DD'),
          'today', to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD'))
        from installed_products where enterprise_id = ${ep} and id = ${b.productId} and customer_id = ${b.customerId})`
          : sql`null::json`
      } as product,
      ${
        itemIds.length
          ? sql`(select json_agg(json_build_object('id', s.id, 'name', s.name, 'price', s.price) order by s.sort, s.id) from service_items s
        where s.enterprise_id = ${ep} and s.id = any(${bigints(itemIds)}))`
          : sql`null::json`
      } as items,
      ${count('users', people, sql`enabled and deleted_at is null`)} as people,
      ${count('service_groups', b.serviceGroupId ? [b.serviceGroupId] : [])} as groups,
      ${count('tags', tags, sql`code = 3`)} as tags,
      ${b.saleChannel == null ? sql`null::text` : sql`(select sale_channels from enterprises where id = ${ep})`} as channels`,
  );
  return { r: r as NonNullable<typeof r>, people, tags, itemIds, inline };
}

/** A saved address as addressOf answers it (the customer's chosen or default one; none: all null). */
function savedAddress(a: Json | null): Address {
  const s = (k: string) => (a?.[k] == null ? null : String(a[k]));
  const n = (k: string) => (a?.[k] == null ? null : Number(a[k]));
  return {
    addressId: n('id'),
    provinceCode: s('province_code'),
    cityCode: s('city_code'),
    districtCode: s('district_code'),
    province: s('province'),
    city: s('city'),
    district: s('district'),
    detail: s('detail'),
    fullAddress: s('full_address'),
    latitude: n('latitude'),
    longitude: n('longitude'),
  };
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
    const customer = { id: Number(r.customer.id), name: r.customer.name };
    let tpl: { templateId: number; templateVersionId: number; fields: FieldDef[]; enabled: boolean };
    let pin = pinned;
    if (r.tpl) {
      if (r.tpl.version_id == null) throw new AppError('NOT_FOUND');
      tpl = { templateId: Number(r.tpl.id), templateVersionId: Number(r.tpl.version_id), fields: r.tpl.fields ?? [], enabled: r.tpl.enabled };
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
      contactId: r.contact ? Number(r.contact.id) : null,
      name: b.customLinkPerson ?? r.contact?.name ?? null,
      phone: b.customPhone ?? r.contact?.phone ?? null,
    };
    if (b.addressId && !b.gpsAddr && !r.address) throw invalid('服务地址：地址不存在或不属于该客户');
    const addr = b.gpsAddr ? await addressOf(tx, v, customer.id, b) : savedAddress(r.address);
    let warranty: number | null = null;
    if (b.productId) {
      if (!r.product) throw invalid('产品：设备不存在或不属于该客户');
      warranty = coverageOf(r.product.warranty_end, r.product.extended_end, r.product.today).state;
    }
    const items = (r.items ?? []).map((i) => ({ id: Number(i.id), name: i.name, price: Number(i.price) }));
    if (items.length !== itemIds.length) throw invalid('服务项目：服务项目不存在或已被删除');
    if (r.people != null && Number(r.people) !== people.length) throw invalid('人员：人员不存在或已停用');
    if (r.groups != null && Number(r.groups) !== 1) throw invalid('服务团队：服务团队不存在或已被删除');
    if (r.tags != null && Number(r.tags) !== tags.length) throw invalid('工单标签：标签不存在或已被删除');
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
    const applyTime = b.customApplyTime ? sql`(${b.customApplyTime})::timestamp at time zone ${v.timeZone}` : sql`null`;
    const writes: SQL[] = [];
    if (items.length) {
      const lines = items.map((i, ord) => ({ s: i.id, n: i.name, p: i.price, ord }));
      writes.push(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
        select ${ep}, o.id, x.s, x.n, x.p, 1, x.p from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(s bigint, n text, p numeric, ord int) order by x.ord`);
    }
    const parts: [number, number[]][] = [
      [ORDER_PEOPLE_PARTS.collaborator, b.coordinationUserId ?? []],
      [ORDER_PEOPLE_PARTS.copied, b.duplicateUserId ?? []],
    ];
    for (const [part, ids] of parts) {
      if (ids.length === 0) continue;
      writes.push(sql`insert into order_people (enterprise_id, order_id, part, user_id)
        select ${ep}, o.id, ${part}, u from o, unnest(${bigints([...new Set(ids)])}) u`);
    }
    if (tags.length) {
      writes.push(sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) select ${ep}, 3, o.id, t from o, unnest(${bigints(tags)}) t`);
    }
    // The first log row (before the event's link writes its own).
    writes.push(stateLogOfInserted(ORDER_STATE, { enterpriseId: ep, from: null, to: start.state, action: 'create', actorId: v.id }, sql`o.id`, sql`o`));
    // With nothing written after the insert that a probe could read (a conversion's link, a fault mode, a refined pin),
    // the created hooks' probes are asked over the inserted row itself.
    const probeNow = !event && !b.faultModeId && !geo.placed;
    const hook = { enterpriseId: ep, state: start.state, actorId: v.id, assignee: opts.assignee };
    const probes = probeNow ? createdProbes(hook) : null;
    const [o] = await rows<{ id: number; order_no: string } & Json>(
      tx,
      sql`with o as (insert into orders (enterprise_id, order_no, template_id, template_version_id, process_version_id, process, state, examine_type, examine_result,
          title, customer_id, contact_id, custom_link_person, custom_phone, custom_enterprise_name, address_id,
          province_code, city_code, district_code, province, city, district, address_detail, full_address, latitude, longitude,
          installed_product_id, warranty_state, appointment_at, priority, service_level, detail_desc, attachments,
          service_group_id, source, sale_channel, ext, search_grams, created_by, salesperson_id, service_amount, receivable_amount, geo_precision)
        select ${ep}, no.order_no, ${tpl.templateId}, ${tpl.templateVersionId}, ${processVersionId}, ${JSON.stringify(process)}::jsonb, ${start.state},
          ${start.examineType}, ${start.examineType ? 0 : null},
          ${b.title}, ${customer.id}, ${contact.contactId}, ${contact.name}, ${contact.phone}, ${b.customEnterpriseName ?? null}, ${addr.addressId},
          ${addr.provinceCode}, ${addr.cityCode}, ${addr.districtCode}, ${addr.province}, ${addr.city}, ${addr.district}, ${addr.detail},
          ${addr.fullAddress}, ${geo.latitude}, ${geo.longitude},
          ${b.productId ?? null}, ${warranty}, ${applyTime}, ${b.priority}, ${b.serviceLevel ?? null}, ${b.detailDesc ?? null},
          ${bigints(b.attachments ?? [])}, ${b.serviceGroupId ?? null}, ${b.source ?? null}, ${b.saleChannel ?? null},
          ${JSON.stringify(ext)}::jsonb, ${gramsWithSql(grams, sql`no.order_no`)}, ${v.id}, ${b.salespersonId ?? null}, ${serviceAmount}, ${serviceAmount}, ${geo.precision}
        from ${orderNoSql(ep, v.timeZone)} as no
        returning *),
        ${sql.join(
          writes.map((w, i) => sql`${sql.identifier(`w${i}`)} as (${w})`),
          sql`, `,
        )}
        select n.id, n.order_no${probes ? sql`, ${probes.columns}` : sql``} from o as n`,
    );
    const id = Number(o?.id);
    const orderNo = String(o?.order_no);
    const created = { tx, ...hook, orderId: id };
    if (probes) {
      await probes.run(created, o);
      return { id, orderNo, state: start.state };
    }
    if (geo.placed) await refineSaved(tx, 'orders', ep, [id]);
    // The fault mode chosen on the create page (a remedy of the product's category, or the whole order is refused).
    if (b.faultModeId) await recordOrderFault(tx, v, id, b.faultModeId);
    if (event) await linkEventToOrder(tx, ev ?? v, event, { id, orderNo });
    await runCreatedHooksProbed(created, sql`select 1`);
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
  const customers = new Map(
    (
      await rows<{ id: number; name: string }>(
        tx,
        sql`select c.id, c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${bigints(customerIds)}) and ${customerRowScope(v)}`,
      )
    ).map((c) => [Number(c.id), c.name]),
  );
  if (customers.size !== customerIds.length) throw new AppError('NOT_FOUND');
  // The primary contact and the default address of each customer (contactOf / addressOf without a choice).
  const contacts = new Map(
    (
      await rows<{ customer_id: number; id: number; name: string; phone: string }>(
        tx,
        sql`select distinct on (customer_id) customer_id, id, name, phone from customer_contacts
          where enterprise_id = ${ep} and customer_id = any(${bigints(customerIds)}) order by customer_id, is_primary desc, id`,
      )
    ).map((c) => [Number(c.customer_id), c]),
  );
  const addresses = new Map(
    (
      await rows<Record<string, string | number | null>>(
        tx,
        sql`select distinct on (customer_id) customer_id, id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
          from customer_addresses where enterprise_id = ${ep} and customer_id = any(${bigints(customerIds)}) order by customer_id, is_default desc, id`,
      )
    ).map((a) => [Number(a.customer_id), a]),
  );
  const productIds = [...new Set(bodies.flatMap((b) => (b.productId ? [b.productId] : [])))];
  const products = new Map(
    (
      await rows<{ id: number; customer_id: number; warranty_end: string | null; extended_end: string | null; today: string }>(
        tx,
        sql`select id, customer_id, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end,
            to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
          from installed_products where enterprise_id = ${ep} and id = any(${bigints(productIds)})`,
      )
    ).map((p) => [Number(p.id), p]),
  );
  const itemIds = [...new Set(bodies.flatMap((b) => b.serviceId ?? []))];
  const items = new Map(
    (
      await rows<{ id: number; name: string; price: string | number; sort: number }>(
        tx,
        sql`select id, name, price, sort from service_items where enterprise_id = ${ep} and id = any(${bigints(itemIds)})`,
      )
    ).map((s) => [Number(s.id), { id: Number(s.id), name: s.name, price: Number(s.price), sort: Number(s.sort) }]),
  );

  // The numbers: the set's size drawn at once from the enterprise's sequence, ascending in the bodies' order.
  const numbers = await allocateOrderNumbers(tx, ep, v.timeZone, bodies.length);

  const made = bodies.map((b, i) => {
    const t = types.get(String(b.orderType ?? '')) as NonNullable<ReturnType<typeof types.get>>;
    const customerName = customers.get(b.customerId) as string;
    const c = contacts.get(b.customerId);
    const a = addresses.get(b.customerId);
    let warranty: number | null = null;
    if (b.productId) {
      const p = products.get(b.productId);
      if (!p || Number(p.customer_id) !== b.customerId) throw invalid('产品：设备不存在或不属于该客户');
      warranty = coverageOf(p.warranty_end, p.extended_end, p.today).state;
    }
    const own = [...new Set(b.serviceId ?? [])].map((id) => items.get(id));
    if (own.some((x) => !x)) throw invalid('服务项目：服务项目不存在或已被删除');
    const mine = (own as NonNullable<(typeof own)[number]>[]).sort((x, y) => x.sort - y.sort || x.id - y.id);
    const orderNo = numbers[i] as string;
    const s = (k: string) => (a?.[k] == null ? null : String(a[k]));
    const n = (k: string) => (a?.[k] == null ? null : Number(a[k]));
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
        contact_id: c ? Number(c.id) : null,
        custom_link_person: contactName,
        custom_phone: contactPhone,
        address_id: n('id'),
        province_code: s('province_code'),
        city_code: s('city_code'),
        district_code: s('district_code'),
        province: s('province'),
        city: s('city'),
        district: s('district'),
        address_detail: s('detail'),
        full_address: s('full_address'),
        latitude: n('latitude'),
        longitude: n('longitude'),
        installed_product_id: b.productId ?? null,
        warranty_state: warranty,
        apply: b.customApplyTime ?? null,
        priority: b.priority,
        detail_desc: b.detailDesc ?? null,
        ext: t.ext,
        search_grams: gramsOf(b.title, orderNo, customerName, contactName, contactPhone, s('full_address')),
        amount,
      },
    };
  });
  const inserted = await rows<{ id: number; order_no: string }>(
    tx,
    sql`insert into orders (enterprise_id, order_no, template_id, template_version_id, process_version_id, process, state, examine_type, examine_result,
        title, customer_id, contact_id, custom_link_person, custom_phone, custom_enterprise_name, address_id,
        province_code, city_code, district_code, province, city, district, address_detail, full_address, latitude, longitude,
        installed_product_id, warranty_state, appointment_at, priority, service_level, detail_desc, attachments,
        service_group_id, source, sale_channel, ext, search_grams, created_by, salesperson_id, service_amount, receivable_amount)
      select ${ep}, x.order_no, x.template_id, x.template_version_id, x.process_version_id, x.process, x.state, x.examine_type, x.examine_result,
        x.title, x.customer_id, x.contact_id, x.custom_link_person, x.custom_phone, null, x.address_id,
        x.province_code, x.city_code, x.district_code, x.province, x.city, x.district, x.address_detail, x.full_address, x.latitude, x.longitude,
        x.installed_product_id, x.warranty_state, x.apply::timestamp at time zone ${v.timeZone}, x.priority, null, x.detail_desc, '{}'::bigint[],
        null, null, null, x.ext, array(select jsonb_array_elements_text(x.search_grams)), ${v.id}, null, x.amount, x.amount
      from jsonb_to_recordset(${JSON.stringify(made.map((m, i) => ({ ...m.row, ord: i })))}::jsonb) as x(order_no text, template_id bigint, template_version_id bigint,
        process_version_id bigint, process jsonb, state smallint, examine_type smallint, examine_result smallint, title text, customer_id bigint,
        contact_id bigint, custom_link_person text, custom_phone text, address_id bigint, province_code text, city_code text, district_code text,
        province text, city text, district text, address_detail text, full_address text, latitude double precision, longitude double precision,
        installed_product_id bigint, warranty_state smallint, apply text, priority smallint, detail_desc text, ext jsonb, search_grams jsonb,
        amount numeric, ord bigint)
      order by x.ord
      returning id, order_no`,
  );
  const idOf = new Map(inserted.map((o) => [o.order_no, Number(o.id)]));
  const out = made.map((m) => ({ id: idOf.get(m.row.order_no) as number, orderNo: m.row.order_no, state: m.row.state }));
  const ids = out.map((o) => o.id);
  await geocodeSaved(tx, 'orders', ep, ids);
  const lines = made.flatMap((m, i) => m.items.map((x) => ({ o: ids[i], s: x.id, n: x.name, p: x.price }))).map((l, ord) => ({ ...l, ord }));
  if (lines.length) {
    await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
      select ${ep}, x.o, x.s, x.n, x.p, 1, x.p from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(o bigint, s bigint, n text, p numeric, ord bigint)
      order by x.ord`);
  }
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
