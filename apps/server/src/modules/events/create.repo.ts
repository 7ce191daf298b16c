import { EVENT_OBJ_TYPE, EVENT_TAG_CODE } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { texts } from '../../platform/search';
import { bigints, nextCounter } from '../../platform/sql';

/** The reads and writes of an event's creation (create.service.ts holds its checks). */

/** The enterprise's next event number of its counter. */
export async function nextEventCounter(tx: Tx, enterpriseId: number): Promise<number> {
  return nextCounter(tx, enterpriseId, 'event');
}

/** The customer's contact: the one chosen, else the primary. */
export async function customerContact(
  ex: Executor,
  enterpriseId: number,
  customerId: number,
  contactId: number | null | undefined,
): Promise<{ id: number; name: string; phone: string } | undefined> {
  const [c] = await rows<{ id: number; name: string; phone: string }>(
    ex,
    sql`select id, name, phone from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${customerId}
      and ${contactId ? sql`id = ${contactId}` : sql`true`} order by is_primary desc, id limit 1`,
  );
  return c;
}

/** An address as the event records it (a customer's stored one, or the one typed). */
export interface EventAddress {
  id?: number | null;
  province_code?: string | null;
  city_code?: string | null;
  district_code?: string | null;
  province?: string | null;
  city?: string | null;
  district?: string | null;
  detail?: string | null;
  full_address?: string | null;
  map_name?: string | null;
}

/** The customer's address: the one chosen, else the default. */
export async function customerAddress(
  ex: Executor,
  enterpriseId: number,
  customerId: number,
  addressId: number | null | undefined,
): Promise<EventAddress | undefined> {
  const [a] = await rows<EventAddress>(
    ex,
    sql`select id, province_code, city_code, district_code, province, city, district, detail, full_address, map_name
      from customer_addresses where enterprise_id = ${enterpriseId} and customer_id = ${customerId}
      and ${addressId ? sql`id = ${addressId}` : sql`true`} order by is_default desc, id limit 1`,
  );
  return a;
}

/** Whether the enterprise's `table` holds the row `id` (where `extra` holds). */
async function exists(ex: Executor, table: string, enterpriseId: number, id: number, extra: SQL = sql`true`): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = ${id} and ${extra}`,
  );
  return !!r;
}

export const customerProductExists = (ex: Executor, enterpriseId: number, id: number, customerId: number) =>
  exists(ex, 'installed_products', enterpriseId, id, sql`customer_id = ${customerId}`);
export const productModelExists = (ex: Executor, enterpriseId: number, id: number) => exists(ex, 'product_models', enterpriseId, id);
export const serviceItemExists = (ex: Executor, enterpriseId: number, id: number) => exists(ex, 'service_items', enterpriseId, id);
export const liveEventExists = (ex: Executor, enterpriseId: number, id: number) => exists(ex, 'events', enterpriseId, id, sql`deleted_at is null`);

/** How many of `ids` are enabled, undeleted users of the enterprise. */
export async function enabledUserCount(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and enabled and deleted_at is null`,
  );
  return r?.n ?? 0;
}

/** How many of `ids` are event tags of the enterprise. */
export async function eventTagCount(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from tags where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and code = ${EVENT_TAG_CODE}`,
  );
  return r?.n ?? 0;
}

/** Whether the template is enabled (undefined: no such template). */
export async function templateEnabled(ex: Executor, enterpriseId: number, templateId: number): Promise<boolean | undefined> {
  const [tpl] = await rows<{ enabled: boolean }>(ex, sql`select enabled from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId}`);
  return tpl?.enabled;
}

/** A new event's columns. */
export interface NewEvent {
  enterpriseId: number;
  eventNo: string;
  templateId: number;
  templateVersionId: number;
  state: number;
  title: string;
  description: string | null;
  customerId: number | null;
  customName: string | null;
  contactId: number | null;
  linkperson: string | null;
  phone: string | null;
  address: EventAddress;
  addressId: number | null;
  mapName: string | null;
  customerProductId: number | null;
  productId: number | null;
  priority: number;
  serviceId: number | null;
  attachments: number[];
  collaboratorIds: number[];
  ext: unknown;
  grams: string[];
  callRecordId: number | null;
  copiedFrom: number | null;
  createdBy: number;
}

export async function insertEvent(tx: Tx, e: NewEvent): Promise<number> {
  const a = e.address;
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into events (enterprise_id, event_no, template_id, template_version_id, state, title, description,
          customer_id, custom_name, contact_id, custom_linkperson, custom_phone, address_id, province, city, district,
          province_code, city_code, district_code, custom_detail_addr, full_address, map_name,
          installed_product_id, product_model_id, priority, service_item_id, attachments, collaborator_ids, ext, search_grams,
          call_record_id, copied_from, created_by)
        values (${e.enterpriseId}, ${e.eventNo}, ${e.templateId}, ${e.templateVersionId}, ${e.state}, ${e.title}, ${e.description},
          ${e.customerId}, ${e.customName}, ${e.contactId}, ${e.linkperson}, ${e.phone},
          ${e.addressId}, ${a.province ?? null}, ${a.city ?? null}, ${a.district ?? null},
          ${a.province_code ?? null}, ${a.city_code ?? null}, ${a.district_code ?? null}, ${a.detail ?? null}, ${a.full_address ?? null}, ${e.mapName},
          ${e.customerProductId}, ${e.productId}, ${e.priority}, ${e.serviceId}, ${bigints(e.attachments)},
          ${bigints(e.collaboratorIds)}, ${JSON.stringify(e.ext)}::jsonb, ${texts(e.grams)},
          ${e.callRecordId}, ${e.copiedFrom}, ${e.createdBy})
        returning id`,
  );
  if (!r) throw new Error('insert into events returned no row');
  return r.id;
}

export async function insertEventTags(tx: Tx, enterpriseId: number, eventId: number, tagIds: number[]): Promise<void> {
  await tx.execute(
    sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) select ${enterpriseId}, ${EVENT_OBJ_TYPE}, ${eventId}, t from unnest(${bigints(tagIds)}) t`,
  );
}
