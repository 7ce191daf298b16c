// Creating orders: the reads the checks need (one statement for createOrder, one per kind for a set), the customer's
// saved address, product and service items as the create and edit pages name them, createOrder's one write and the
// set's own inserts.
import type { CreateOrderBody, ExamineType, FieldDef } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { gramsWithSql } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { type LogRow, stateLogOfInserted } from '../../platform/state';
import type { CustomerAddressRaw } from '../customers/index';
import type { ResolvedArea } from '../customers/index';
import { customerRowScope } from '../customers/index';
import type { PinnedProcess, ProcessResolverSql } from './orders.types';
import { ORDER_STATE } from './order.state';

/** The order form kind of the form engine (forms.constants: 1 工单). */
export const ORDER_FORM_KIND = 1;

/** A customer address as an order copies it (a raw select or its row_to_json: ids and coordinates are numbers). */
export type CustomerAddressRow = Pick<
  CustomerAddressRaw,
  'id' | 'province_code' | 'city_code' | 'district_code' | 'province' | 'city' | 'district' | 'detail' | 'full_address' | 'latitude' | 'longitude'
>;

/** The service address of an order. */
export interface Address extends ResolvedArea {
  addressId: number | null;
  detail: string | null;
  fullAddress: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** A saved address as the order's address (none: all null). */
export function toAddress(a: CustomerAddressRow | null | undefined): Address {
  return {
    addressId: a?.id ?? null,
    provinceCode: a?.province_code ?? null,
    cityCode: a?.city_code ?? null,
    districtCode: a?.district_code ?? null,
    province: a?.province ?? null,
    city: a?.city ?? null,
    district: a?.district ?? null,
    detail: a?.detail ?? null,
    fullAddress: a?.full_address ?? null,
    latitude: a?.latitude ?? null,
    longitude: a?.longitude ?? null,
  };
}

/** The chosen address of the customer, else its default one. */
export async function addressOrDefault(
  ex: Executor,
  enterpriseId: number,
  customerId: number,
  addressId: number | null | undefined,
): Promise<CustomerAddressRow | undefined> {
  const [a] = await rows<CustomerAddressRow>(
    ex,
    sql`select id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
      from customer_addresses where enterprise_id = ${enterpriseId} and customer_id = ${customerId}
      and ${addressId ? sql`id = ${addressId}` : sql`true`} order by is_default desc, id limit 1`,
  );
  return a;
}

/** An installed product's warranty ends and today, as dates in the zone. */
export type ProductDates = { warranty_end: string | null; extended_end: string | null; today: string };

/** The dates of the customer's installed product, or undefined when it is not the customer's. */
export async function productDates(ex: Executor, v: Actor, customerId: number, productId: number): Promise<ProductDates | undefined> {
  const [p] = await rows<ProductDates>(
    ex,
    sql`select to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end,
        to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
      from installed_products where enterprise_id = ${v.enterpriseId} and id = ${productId} and customer_id = ${customerId}`,
  );
  return p;
}

/** How many of the ids are rows of `table` in the enterprise where `extra` holds. */
export async function countIds(ex: Executor, enterpriseId: number, table: string, ids: readonly number[], extra = sql`true`): Promise<number | undefined> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and ${extra}`,
  );
  return r?.n;
}

/** A service item as read: price is numeric (text from a select, a number inside JSON). */
export type ServiceItemRow = { id: number; name: string; price: string | number };
/** A service item as an order's line takes it. */
export type ServiceItem = { id: number; name: string; price: number };

export const toServiceItem = (s: ServiceItemRow): ServiceItem => ({ id: s.id, name: s.name, price: Number(s.price) });

/** The service items among the ids, in the catalogue's order. */
export function serviceItemRows(ex: Executor, enterpriseId: number, ids: readonly number[]): Promise<ServiceItemRow[]> {
  return rows<ServiceItemRow>(
    ex,
    sql`select id, name, price from service_items where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) order by sort, id`,
  );
}

/** The enterprise's sale channels setting (text), or undefined. */
export async function saleChannelsText(ex: Executor, enterpriseId: number): Promise<string | undefined> {
  const [e] = await rows<{ sale_channels: string }>(ex, sql`select sale_channels from enterprises where id = ${enterpriseId}`);
  return e?.sale_channels;
}

/** What createOrder's checks read in one statement; a part the request does not name is null. */
export type CreateChecks = {
  customer: { id: number; name: string } | null;
  tpl: { id: number; enabled: boolean; version_id: number | null; fields: FieldDef[] | null; process: unknown } | null;
  contact: { id: number; name: string; phone: string } | null;
  address: CustomerAddressRow | null;
  product: ProductDates | null;
  items: ServiceItemRow[] | null;
  people: number | null;
  groups: number | null;
  tags: number | null;
  channels: string | null;
};

/**
 * Every read createOrder's checks need, as one statement over the ids the request names (scoped by the enterprise):
 * the customer (in the viewer's scope), the order type with its latest field version and (`inline`) its published
 * process, the contact, the saved address, the product, the service items, and the counts of the people, service team
 * and tags found.
 */
export async function readCreateChecks(
  tx: Tx,
  v: Actor,
  b: CreateOrderBody,
  inline: ProcessResolverSql | null,
  ids: { people: number[]; tags: number[]; itemIds: number[] },
): Promise<CreateChecks> {
  const ep = v.enterpriseId;
  const { people, tags, itemIds } = ids;
  const count = (table: string, ids: number[], extra = sql`true`) =>
    ids.length
      ? sql`(select count(*)::int from ${sql.identifier(table)} where enterprise_id = ${ep} and id = any(${bigints(ids)}) and ${extra})`
      : sql`null::int`;
  const [r] = await rows<CreateChecks>(
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
  return r as CreateChecks;
}

/** The default resolver's process read (order.hooks.ts): none published, so the built-in default. */
export const NO_PROCESS: SQL = sql`null`;

/** What createOrder writes: the order's columns as the checks decided them, and the rows written with it. */
export interface OrderInsert {
  tpl: { templateId: number; templateVersionId: number };
  pin: PinnedProcess;
  start: { state: number; examineType: ExamineType | null };
  customerId: number;
  contact: { contactId: number | null; name: string | null; phone: string | null };
  addr: Address;
  geo: { latitude: number | null; longitude: number | null; precision: string };
  ext: unknown;
  /** The grams of the texts the service knows; the number's are added by the insert. */
  grams: readonly string[];
  serviceAmount: number;
  items: ServiceItem[];
  /** order_people rows: a part and its users. */
  people: [part: number, userIds: number[]][];
  tags: number[];
  /** The first log row. */
  log: Omit<LogRow, 'id'>;
  /** The created hooks' probes as a select list over the new order `n` (createdProbes), or null. */
  probes: SQL | null;
}

/** The inserted order's id and number, with the probes' answers. */
export type InsertedOrder = { id: number; order_no: string } & Record<string, unknown>;

/** The writes after the order's insert, each a CTE over the inserted row `o`. */
function writesOf(ep: number, w: OrderInsert): SQL[] {
  const writes: SQL[] = [];
  if (w.items.length) {
    const lines = w.items.map((i, ord) => ({ s: i.id, n: i.name, p: i.price, ord }));
    writes.push(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
        select ${ep}, o.id, x.s, x.n, x.p, 1, x.p from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(s bigint, n text, p numeric, ord int) order by x.ord`);
  }
  for (const [part, ids] of w.people) {
    if (ids.length === 0) continue;
    writes.push(sql`insert into order_people (enterprise_id, order_id, part, user_id)
        select ${ep}, o.id, ${part}, u from o, unnest(${bigints([...new Set(ids)])}) u`);
  }
  if (w.tags.length) {
    writes.push(sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) select ${ep}, 3, o.id, t from o, unnest(${bigints(w.tags)}) t`);
  }
  writes.push(stateLogOfInserted(ORDER_STATE, w.log, sql`o.id`, sql`o`));
  return writes;
}

/**
 * createOrder's one write: the order with its number (`number`, a row source `(select … as order_no)`), its service
 * items, people, tags and first log row, answering the created hooks' probes over the new row.
 */
export async function insertOrder(tx: Tx, v: Actor, b: CreateOrderBody, w: OrderInsert, number: SQL): Promise<InsertedOrder> {
  const ep = v.enterpriseId;
  const { tpl, pin, start, contact, addr, geo } = w;
  const applyTime = b.customApplyTime ? sql`(${b.customApplyTime})::timestamp at time zone ${v.timeZone}` : sql`null`;
  const [o] = await rows<InsertedOrder>(
    tx,
    sql`with o as (insert into orders (enterprise_id, order_no, template_id, template_version_id, process_version_id, process, state, examine_type, examine_result,
          title, customer_id, contact_id, custom_link_person, custom_phone, custom_enterprise_name, address_id,
          province_code, city_code, district_code, province, city, district, address_detail, full_address, latitude, longitude,
          installed_product_id, appointment_at, priority, service_level, detail_desc, attachments,
          service_group_id, source, sale_channel, ext, search_grams, created_by, salesperson_id, service_amount, receivable_amount, geo_precision)
        select ${ep}, no.order_no, ${tpl.templateId}, ${tpl.templateVersionId}, ${pin.processVersionId}, ${JSON.stringify(pin.process)}::jsonb, ${start.state},
          ${start.examineType}, ${start.examineType ? 0 : null},
          ${b.title}, ${w.customerId}, ${contact.contactId}, ${contact.name}, ${contact.phone}, ${b.customEnterpriseName ?? null}, ${addr.addressId},
          ${addr.provinceCode}, ${addr.cityCode}, ${addr.districtCode}, ${addr.province}, ${addr.city}, ${addr.district}, ${addr.detail},
          ${addr.fullAddress}, ${geo.latitude}, ${geo.longitude},
          ${b.productId ?? null}, ${applyTime}, ${b.priority}, ${b.serviceLevel ?? null}, ${b.detailDesc ?? null},
          ${bigints(b.attachments ?? [])}, ${b.serviceGroupId ?? null}, ${b.source ?? 1}, ${b.saleChannel ?? null},
          ${JSON.stringify(w.ext)}::jsonb, ${gramsWithSql(w.grams, sql`no.order_no`)}, ${v.id}, ${b.salespersonId ?? null}, ${w.serviceAmount}, ${w.serviceAmount}, ${geo.precision}
        from ${number} as no
        returning *),
        ${sql.join(
          writesOf(ep, w).map((q, i) => sql`${sql.identifier(`w${i}`)} as (${q})`),
          sql`, `,
        )}
        select n.id, n.order_no${w.probes ? sql`, ${w.probes}` : sql``} from o as n`,
  );
  // The insert returns its one row.
  return o as InsertedOrder;
}

/** A CTE body that writes nothing: the created hooks' probes asked over the order alone (runCreatedHooksProbed). */
export const NOTHING_WRITTEN: SQL = sql`select 1`;

/** The customers among the ids the viewer may see, by id. */
export async function visibleCustomerNames(tx: Tx, v: Actor, ids: readonly number[]): Promise<Map<number, string>> {
  const found = await rows<{ id: number; name: string }>(
    tx,
    sql`select c.id, c.name from customers c where c.enterprise_id = ${v.enterpriseId} and c.id = any(${bigints(ids)}) and ${customerRowScope(v)}`,
  );
  return new Map(found.map((c) => [c.id, c.name]));
}

/** The primary contact of each of the customers, by customer id. */
export async function primaryContacts(tx: Tx, enterpriseId: number, customerIds: readonly number[]) {
  const found = await rows<{ customer_id: number; id: number; name: string; phone: string }>(
    tx,
    sql`select distinct on (customer_id) customer_id, id, name, phone from customer_contacts
          where enterprise_id = ${enterpriseId} and customer_id = any(${bigints(customerIds)}) order by customer_id, is_primary desc, id`,
  );
  return new Map(found.map((c) => [c.customer_id, c]));
}

/** The default address of each of the customers, by customer id. */
export async function defaultAddresses(tx: Tx, enterpriseId: number, customerIds: readonly number[]): Promise<Map<number, CustomerAddressRow>> {
  const found = await rows<CustomerAddressRow & { customer_id: number }>(
    tx,
    sql`select distinct on (customer_id) customer_id, id, province_code, city_code, district_code, province, city, district, detail, full_address, latitude, longitude
          from customer_addresses where enterprise_id = ${enterpriseId} and customer_id = any(${bigints(customerIds)}) order by customer_id, is_default desc, id`,
  );
  return new Map(found.map((a) => [a.customer_id, a]));
}

/** The dates of each of the installed products with its customer, by product id. */
export async function productsDates(tx: Tx, v: Actor, productIds: readonly number[]): Promise<Map<number, ProductDates & { customer_id: number }>> {
  const found = await rows<ProductDates & { id: number; customer_id: number }>(
    tx,
    sql`select id, customer_id, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end,
            to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
          from installed_products where enterprise_id = ${v.enterpriseId} and id = any(${bigints(productIds)})`,
  );
  return new Map(found.map((p) => [p.id, p]));
}

/** The service items among the ids with their sort, by id. */
export async function serviceItemsById(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<Map<number, ServiceItem & { sort: number }>> {
  const found = await rows<ServiceItemRow & { sort: number }>(
    tx,
    sql`select id, name, price, sort from service_items where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`,
  );
  return new Map(found.map((s) => [s.id, { ...toServiceItem(s), sort: s.sort }]));
}

/** Inserts a set's orders from their rows (createOrdersSet's `row`s as JSON, `ord` their order); answers ids by number. */
export async function insertOrderRows(tx: Tx, v: Actor, json: string): Promise<Map<string, number>> {
  const inserted = await rows<{ id: number; order_no: string }>(
    tx,
    sql`insert into orders (enterprise_id, order_no, template_id, template_version_id, process_version_id, process, state, examine_type, examine_result,
        title, customer_id, contact_id, custom_link_person, custom_phone, custom_enterprise_name, address_id,
        province_code, city_code, district_code, province, city, district, address_detail, full_address, latitude, longitude,
        installed_product_id, appointment_at, priority, service_level, detail_desc, attachments,
        service_group_id, source, sale_channel, ext, search_grams, created_by, salesperson_id, service_amount, receivable_amount)
      select ${v.enterpriseId}, x.order_no, x.template_id, x.template_version_id, x.process_version_id, x.process, x.state, x.examine_type, x.examine_result,
        x.title, x.customer_id, x.contact_id, x.custom_link_person, x.custom_phone, null, x.address_id,
        x.province_code, x.city_code, x.district_code, x.province, x.city, x.district, x.address_detail, x.full_address, x.latitude, x.longitude,
        x.installed_product_id, x.apply::timestamp at time zone ${v.timeZone}, x.priority, null, x.detail_desc, '{}'::bigint[],
        null, 1, null, x.ext, array(select jsonb_array_elements_text(x.search_grams)), ${v.id}, null, x.amount, x.amount
      from jsonb_to_recordset(${json}::jsonb) as x(order_no text, template_id bigint, template_version_id bigint,
        process_version_id bigint, process jsonb, state smallint, examine_type smallint, examine_result smallint, title text, customer_id bigint,
        contact_id bigint, custom_link_person text, custom_phone text, address_id bigint, province_code text, city_code text, district_code text,
        province text, city text, district text, address_detail text, full_address text, latitude double precision, longitude double precision,
        installed_product_id bigint, apply text, priority smallint, detail_desc text, ext jsonb, search_grams jsonb,
        amount numeric, ord bigint)
      order by x.ord
      returning id, order_no`,
  );
  return new Map(inserted.map((o) => [o.order_no, o.id]));
}

/** Inserts a set's service item lines (`o` order, `s` item, `n` name, `p` price, `ord` their order). */
export async function insertSetLines(tx: Tx, enterpriseId: number, lines: { o: number | undefined; s: number; n: string; p: number; ord: number }[]) {
  await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
      select ${enterpriseId}, x.o, x.s, x.n, x.p, 1, x.p from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(o bigint, s bigint, n text, p numeric, ord bigint)
      order by x.ord`);
}
