// The demo month's statements (orders.month.ts plans the month): what it reads of the enterprise, and one multi-row insert
// per table, from JSON recordsets whose keys are the columns listed.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { Trail } from '../../platform/demo/time';

/** Everything an order's story leaves behind (events.demo.ts moves its converted order's with its event). */
export const orderTrail = (id: number): Trail => [
  { table: 'orders', where: sql`id = ${id}` },
  { table: 'order_logs', where: sql`order_id = ${id}` },
  { table: 'order_sla_clocks', where: sql`order_id = ${id}` },
  { table: 'order_parts', where: sql`order_id = ${id}` },
  { table: 'old_part_returns', where: sql`order_id = ${id}` },
  { table: 'stock_logs', where: sql`order_id = ${id}` },
];

/** One user of each desk role (dispatcher, administrator, service desk, return visit), the first by id. */
export async function deskStaff(tx: Tx, enterpriseId: number): Promise<{ id: number; sysrole: number; name: string }[]> {
  return rows<{ id: number; sysrole: number; name: string }>(
    tx,
    sql`select distinct on (sysrole) id::int, sysrole, name from users
      where enterprise_id = ${enterpriseId} and sysrole in (1, 3, 6, 7) and user_type = 0 and deleted_at is null order by sysrole, id`,
  );
}

/** The enterprise's zone and its clock (epoch ms). */
export async function enterpriseClock(tx: Tx, enterpriseId: number): Promise<{ tz: string; now: number } | undefined> {
  const [ep] = await rows<{ tz: string; now: number }>(
    tx,
    sql`select time_zone as tz, (extract(epoch from now()) * 1000)::float8 as now from enterprises where id = ${enterpriseId}`,
  );
  return ep;
}

/** Every user's name by id. */
export async function userNames(tx: Tx, enterpriseId: number): Promise<Map<number, string>> {
  return new Map(
    (await rows<{ id: number; name: string }>(tx, sql`select id::int, name from users where enterprise_id = ${enterpriseId}`)).map((u) => [u.id, u.name]),
  );
}

/** A customer with what a new order copies: its primary contact and default address. */
export interface MonthCustomer {
  id: number;
  name: string;
  province: string | null;
  city: string | null;
  level: number | null;
  tags: number[] | null;
  contact_id: number | null;
  contact_name: string | null;
  contact_phone: string | null;
  address_id: number | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  district: string | null;
  detail: string | null;
  full_address: string | null;
  latitude: number | null;
  longitude: number | null;
  geo_precision: string | null;
}

/** Each customer with what a new order copies (create.service.ts). */
export async function monthCustomers(tx: Tx, enterpriseId: number): Promise<MonthCustomer[]> {
  return rows<MonthCustomer>(
    tx,
    sql`select c.id::int as id, c.name, c.level, a.province, a.city, a.district, a.province_code, a.city_code, a.district_code, a.detail, a.full_address,
        a.latitude, a.longitude, a.geo_precision, a.id::int as address_id, k.id::int as contact_id, k.name as contact_name, k.phone as contact_phone,
        (select array_agg(l.tag_id::int) from tag_links l where l.enterprise_id = c.enterprise_id and l.obj_type = 4 and l.obj_id = c.id) as tags
      from customers c
      left join lateral (select * from customer_addresses a where a.enterprise_id = c.enterprise_id and a.customer_id = c.id order by a.is_default desc, a.id limit 1) a on true
      left join lateral (select * from customer_contacts k where k.enterprise_id = c.enterprise_id and k.customer_id = c.id order by k.is_primary desc, k.id limit 1) k on true
      where c.enterprise_id = ${enterpriseId} order by c.id`,
  );
}

/** The service item catalogue, its prices as numeric text. */
export async function serviceItemPrices(tx: Tx, enterpriseId: number): Promise<{ id: number; name: string; price: string }[]> {
  return rows<{ id: number; name: string; price: string }>(
    tx,
    sql`select id::int, name, price::text from service_items where enterprise_id = ${enterpriseId} order by sort, id`,
  );
}

/** What an engineer holds of a spare in his own warehouse (available and on hand), with its sale price as numeric text. */
export interface HeldStock {
  user_id: number;
  warehouse_id: number;
  spare_id: number;
  quantity: number;
  on_hand: number;
  price: string;
}

/** What each engineer holds (his requisitions, spares.docs.demo.ts). */
export async function heldStock(tx: Tx, enterpriseId: number): Promise<HeldStock[]> {
  return rows<HeldStock>(
    tx,
    sql`select w.owner_id::int as user_id, w.id::int as warehouse_id, s.spare_id::int, (s.quantity - s.reserved)::int as quantity, s.quantity::int as on_hand,
        p.sale_price::text as price from stocks s
      join warehouses w on w.enterprise_id = s.enterprise_id and w.id = s.warehouse_id
      join spares p on p.enterprise_id = s.enterprise_id and p.id = s.spare_id and not p.serialized and p.enabled
      where s.enterprise_id = ${enterpriseId} and w.owner_id is not null and s.quantity - s.reserved > 0 order by s.spare_id`,
  );
}

/** The outsourcing partner (org.provision.ts) and its first user. */
export async function demoPartner(tx: Tx, enterpriseId: number): Promise<{ id: number; name: string; user_id: number } | undefined> {
  const [partner] = await rows<{ id: number; name: string; user_id: number }>(
    tx,
    sql`select p.id::int, p.name, u.id::int as user_id from service_providers p join users u on u.enterprise_id = p.enterprise_id and u.provider_id = p.id
      where p.enterprise_id = ${enterpriseId} and u.deleted_at is null order by p.id, u.id limit 1`,
  );
  return partner;
}

/** What every order of the month shares: its type, process, required fields and creator. */
export interface MonthOrderCommon {
  templateId: number;
  templateVersionId: number;
  processVersionId: number | null;
  process: unknown;
  examineType: number | null;
  ext: Record<string, unknown>;
  desk: number;
}

/** An order's own columns (the recordset's), `key` its place in the month. */
export type MonthOrderValues = { key: number; order_no: string } & Record<string, unknown>;

/** The month's orders, in the order of their keys: their ids by number. */
export async function insertMonthOrders(
  tx: Tx,
  enterpriseId: number,
  o: MonthOrderCommon,
  values: readonly MonthOrderValues[],
): Promise<{ id: number; order_no: string }[]> {
  return rows<{ id: number; order_no: string }>(
    tx,
    sql`insert into orders (enterprise_id, order_no, template_id, template_version_id, process_version_id, process, state, version, examine_type,
        title, customer_id, contact_id, custom_link_person, custom_phone, address_id, province_code, city_code, district_code, province, city, district,
        address_detail, full_address, latitude, longitude, geo_precision, priority, detail_desc, ext, search_grams, created_by, dispatcher_id, service_user_id,
        provider_id, taken_by, place_state, signature_id, evaluation, service_amount, spare_amount, receivable_amount, created_at, updated_at,
        dispatched_at, taken_at, started_at, finished_at, signed_at, evaluated_at, archived_at, cancelled_at, appointment_at, due_at)
      select ${enterpriseId}, r.order_no, ${o.templateId}, ${o.templateVersionId}, ${o.processVersionId}, ${JSON.stringify(o.process)}::jsonb,
        r.state, r.version, ${o.examineType}, r.title, r.customer_id, r.contact_id, r.custom_link_person, r.custom_phone, r.address_id,
        r.province_code, r.city_code, r.district_code, r.province, r.city, r.district, r.address_detail, r.full_address, r.latitude, r.longitude, r.geo_precision,
        r.priority, r.detail_desc, ${JSON.stringify(o.ext)}::jsonb, r.search_grams, ${o.desk}, r.dispatcher_id, r.service_user_id, r.provider_id,
        r.taken_by, r.place_state, r.signature_id, r.evaluation, r.service_amount, r.spare_amount, r.receivable_amount, r.created_at, r.updated_at,
        r.dispatched_at, r.taken_at, r.started_at, r.finished_at, r.signed_at, r.evaluated_at, r.archived_at, r.cancelled_at, r.appointment_at, r.due_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(key int, order_no text, state smallint, version int, title text, detail_desc text,
        priority smallint, customer_id bigint, contact_id bigint, custom_link_person text, custom_phone text, address_id bigint, province_code text,
        city_code text, district_code text, province text, city text, district text, address_detail text, full_address text, latitude float8,
        longitude float8, geo_precision text, search_grams text[], dispatcher_id bigint, service_user_id bigint, provider_id bigint, taken_by bigint, place_state smallint,
        signature_id bigint, evaluation jsonb, service_amount numeric, spare_amount numeric, receivable_amount numeric, created_at timestamptz,
        updated_at timestamptz, dispatched_at timestamptz, taken_at timestamptz, started_at timestamptz, finished_at timestamptz, signed_at timestamptz,
        evaluated_at timestamptz, archived_at timestamptz, cancelled_at timestamptz, appointment_at timestamptz, due_at timestamptz)
      order by r.key
      returning id::int, order_no`,
  );
}

/** A state log row of the month; `n` its place in time. */
export interface MonthLog {
  order_id: number | undefined;
  from_state: number | null;
  to_state: number;
  action: string;
  note: string | null;
  changed: Record<string, unknown> | null;
  user_id: number;
  created_at: string | null;
  n: number;
}

export async function insertMonthLogs(tx: Tx, enterpriseId: number, logs: readonly MonthLog[]): Promise<void> {
  await tx.execute(sql`insert into order_logs (enterprise_id, order_id, from_state, to_state, action, note, changed, user_id, created_at)
    select ${enterpriseId}, l.order_id, l.from_state, l.to_state, l.action, l.note, l.changed, l.user_id, l.created_at
    from jsonb_to_recordset(${JSON.stringify(logs)}::jsonb) as l(order_id bigint, from_state smallint, to_state smallint, action text,
      note text, changed jsonb, user_id bigint, created_at timestamptz, n int) order by l.n`);
}

export async function insertMonthItems(
  tx: Tx,
  enterpriseId: number,
  items: readonly { order_id: number | undefined; id: number; name: string; price: number }[],
): Promise<void> {
  await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
      select ${enterpriseId}, i.order_id, i.id, i.name, i.price, 1, i.price
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as i(order_id bigint, id bigint, name text, price numeric)`);
}

/** The month's SLA clocks: PlannedClock's columns with their instants as ISO text. */
export async function insertMonthClocks(tx: Tx, enterpriseId: number, clocks: readonly Record<string, unknown>[]): Promise<void> {
  await tx.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_id, policy_name, type, target_ms, warn_ms, business, started_at,
        consumed_ms, running_since, paused_since, paused_ms, stopped_at, outcome, deadline_at, warn_at, breached_at, next_escalation_at, created_at)
      select ${enterpriseId}, c.order_id, c.policy_id, c.policy_name, c.type, c.target_ms, c.warn_ms, c.business, c.started_at, c.consumed_ms,
        c.running_since, c.paused_since, c.paused_ms, c.stopped_at, c.outcome, c.deadline_at, c.warn_at, c.breached_at, c.next_escalation_at, c.created_at
      from jsonb_to_recordset(${JSON.stringify(clocks)}::jsonb) as c(order_id bigint, policy_id bigint, policy_name text, type smallint, target_ms bigint,
        warn_ms bigint, business boolean, started_at timestamptz, consumed_ms bigint, running_since timestamptz, paused_since timestamptz,
        paused_ms bigint, stopped_at timestamptz, outcome smallint, deadline_at timestamptz, warn_at timestamptz, breached_at timestamptz,
        next_escalation_at timestamptz, created_at timestamptz)`);
}

/** A part an engineer used from his own stock: `before` what the stock held. */
export interface MonthPart {
  order_id: number | undefined;
  spareId: number;
  warehouseId: number;
  price: number;
  userId: number;
  at: string | null;
  before: number;
}

/** The parts (parts.service.ts usePart): the part, its movement in the ledger, the stock. */
export async function useMonthParts(tx: Tx, enterpriseId: number, parts: readonly MonthPart[]): Promise<void> {
  // The parts were drawn order by order, not by time: the balances are laid out by the times of use (what the stock
  // held first, one less per use before), so each ledger line starts where the one before it ended.
  await tx.execute(sql`with p as (
        insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, chargeable, price, user_id, created_at)
        select ${enterpriseId}, p.order_id, p.spare_id, p.warehouse_id, 1, true, p.price, p.user_id, p.at
        from jsonb_to_recordset(${JSON.stringify(parts.map((p) => ({ order_id: p.order_id, spare_id: p.spareId, warehouse_id: p.warehouseId, price: p.price, user_id: p.userId, at: p.at, before: p.before })))}::jsonb)
          as p(order_id bigint, spare_id bigint, warehouse_id bigint, price numeric, user_id bigint, at timestamptz, before int)
        returning id, order_id, spare_id, warehouse_id, user_id, created_at),
      b as (select * from jsonb_to_recordset(${JSON.stringify(parts.map((p) => ({ order_id: p.order_id, before: p.before })))}::jsonb) as b(order_id bigint, before int)),
      s as (select p.*, (max(b.before) over g - (row_number() over (g order by p.created_at, p.id) - 1))::int as before
        from p join b on b.order_id = p.order_id window g as (partition by p.warehouse_id, p.spare_id))
      insert into stock_logs (enterprise_id, warehouse_id, spare_id, type, change, before, after, doc_kind, doc_id, order_id, user_id, created_at)
      select ${enterpriseId}, s.warehouse_id, s.spare_id, 1, -1, s.before, s.before - 1, 'order_part', s.id, s.order_id, s.user_id, s.created_at
      from s order by s.created_at, s.id`);
  await tx.execute(sql`update stocks s set quantity = s.quantity - u.n, updated_at = now()
      from (select warehouse_id, spare_id, count(*)::int as n from jsonb_to_recordset(${JSON.stringify(parts.map((p) => ({ warehouse_id: p.warehouseId, spare_id: p.spareId })))}::jsonb)
        as x(warehouse_id bigint, spare_id bigint) group by 1, 2) u
      where s.enterprise_id = ${enterpriseId} and s.warehouse_id = u.warehouse_id and s.spare_id = u.spare_id`);
}

/** An engineer's in-app notice of an order given to him (assignment.notice.ts). */
export interface MonthNotice {
  user_id: number;
  title: string;
  content: string;
  link: string;
  dedupe_key: string;
  created_at: string | null;
}

export async function insertMonthNotices(tx: Tx, enterpriseId: number, notices: readonly MonthNotice[]): Promise<void> {
  await tx.execute(sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key, created_at)
      select ${enterpriseId}, n.user_id, 'order_assigned', n.title, n.content, n.link, n.dedupe_key, n.created_at
      from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb) as n(user_id bigint, title text, content text, link text, dedupe_key text, created_at timestamptz)
      order by n.created_at
      on conflict do nothing`);
}
