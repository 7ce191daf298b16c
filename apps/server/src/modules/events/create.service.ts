import { type CreateEventBody, EVENT_KIND, EVENT_OBJ_TYPE, EVENT_TAG_CODE, eventStateOf, NEW_EVENT_FLAGS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { syncEventClocks } from '../sla/event.clocks';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { fullAddressOf, resolveArea } from '../customers/areas';
import { visibleCustomer } from '../customers/common';
import { gramsOf, texts } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { checkFiles } from '../customers/integrations';
import { currentVersionOf, validateAndComputeExt } from '../forms/ext.service';
import { EVENT_STATE } from './event.state';
import { geocodeSaved } from '../geo/geo.service';
import { linkCallEvent } from '../calls/calls.repo';
import type { Actor } from '../../platform/actor';

const invalid = (detail: string) => new AppError('VALIDATION', { detail });
type Maybe = string | null;

/** SJ20240501-0001: the day in the enterprise's zone and the enterprise's event counter. */
async function nextEventNo(tx: Tx, v: Actor): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${v.enterpriseId}, 'event', 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `SJ${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}

/** The customer's contact (chosen or primary) and address (typed, chosen or default); typed values win. */
async function customerParts(ex: Executor, v: Actor, customerId: number, b: CreateEventBody) {
  const ep = v.enterpriseId;
  const [c] = await rows<{ id: number; name: string; phone: string }>(
    ex,
    sql`select id, name, phone from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId}
      and ${b.contactId ? sql`id = ${b.contactId}` : sql`true`} order by is_primary desc, id limit 1`,
  );
  if (b.contactId && !c) throw invalid('联系人：联系人不存在或不属于该客户');
  const [a] = b.address
    ? []
    : await rows<Record<string, Maybe>>(
        ex,
        sql`select id::text, province_code, city_code, district_code, province, city, district, detail, full_address, map_name
          from customer_addresses where enterprise_id = ${ep} and customer_id = ${customerId}
          and ${b.addressId ? sql`id = ${b.addressId}` : sql`true`} order by is_default desc, id limit 1`,
      );
  if (b.addressId && !b.address && !a) throw invalid('服务地址：地址不存在或不属于该客户');
  return { contact: c, address: a };
}

async function exists(ex: Executor, table: string, ep: number, id: number, extra = sql`true`): Promise<boolean> {
  const [r] = await rows(ex, sql`select 1 from ${sql.identifier(table)} where enterprise_id = ${ep} and id = ${id} and ${extra}`);
  return !!r;
}

async function checkUsers(ex: Executor, ep: number, ids: number[], message: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from users where enterprise_id = ${ep} and id = any(${bigints(unique)}) and enabled and deleted_at is null`,
  );
  if (Number(r?.n) !== unique.length) throw invalid(message);
}

/**
 * Records an event in one transaction: every reference checked against the enterprise (and the customer),
 * the custom fields validated against the template's current version, the next number, the row, its tags
 * and the first log row. A new event waits in the pool (state 1) to be assigned or claimed.
 */
export async function createEvent(db: Db, v: Actor, b: CreateEventBody): Promise<{ id: number; eventNo: string; state: number }> {
  return db.transaction(async (tx) => {
    const ep = v.enterpriseId;
    const cur = await currentVersionOf(tx, ep, EVENT_KIND, b.templateId ?? undefined);
    const [tpl] = await rows<{ enabled: boolean }>(tx, sql`select enabled from form_templates where enterprise_id = ${ep} and id = ${cur.templateId}`);
    if (!tpl?.enabled) throw invalid('事件模板：该事件模板已停用');
    const ext = await validateAndComputeExt(tx, ep, EVENT_KIND, cur.templateVersionId, b.ext ?? {}, {
      isNew: true,
      roles: v.sysrole == null ? undefined : [v.sysrole],
    });

    const customer = b.customerId ? await visibleCustomer(tx, { ...v }, b.customerId) : null;
    const parts = customer ? await customerParts(tx, v, customer.id, b) : { contact: undefined, address: undefined };
    if (!customer && (b.contactId || b.addressId || b.customerProductId)) throw invalid('客户：请先选择客户');
    let addr: Record<string, Maybe> = {};
    if (b.address) {
      const area = resolveArea(b.address.provinceCode, b.address.cityCode, b.address.districtCode);
      if (!area) throw invalid('服务地址：省市区不正确');
      addr = {
        ...area,
        province_code: area.provinceCode,
        city_code: area.cityCode,
        district_code: area.districtCode,
        detail: b.address.detail,
        full_address: fullAddressOf(area, b.address.detail),
        map_name: b.address.mapName ?? null,
      };
    } else if (parts.address) addr = parts.address;

    if (b.customerProductId && !(await exists(tx, 'installed_products', ep, b.customerProductId, sql`customer_id = ${customer?.id ?? 0}`))) {
      throw invalid('客户产品：设备不存在或不属于该客户');
    }
    if (b.productId && !(await exists(tx, 'product_models', ep, b.productId))) throw invalid('产品：产品不存在或已被删除');
    if (b.serviceId && !(await exists(tx, 'service_items', ep, b.serviceId))) throw invalid('服务项目：服务项目不存在或已被删除');
    await checkUsers(tx, ep, b.collaboratorIds ?? [], '协作人：人员不存在或已停用');
    const labels = [...new Set(b.eventLabel ?? [])];
    if (labels.length) {
      const [n] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from tags where enterprise_id = ${ep} and id = any(${bigints(labels)}) and code = ${EVENT_TAG_CODE}`,
      );
      if (Number(n?.n) !== labels.length) throw invalid('事件标签：标签不存在或已被删除');
    }
    await checkFiles(tx, ep, b.attachments ?? []);
    if (b.copiedFrom && !(await exists(tx, 'events', ep, b.copiedFrom, sql`deleted_at is null`))) throw new AppError('NOT_FOUND');

    const linkperson = b.customLinkPerson ?? parts.contact?.name ?? null;
    const phone = b.customPhone ?? parts.contact?.phone ?? null;
    const mapName = b.mapName ?? addr.map_name ?? null;
    const eventNo = await nextEventNo(tx, v);
    const state = eventStateOf(NEW_EVENT_FLAGS);
    const grams = gramsOf(b.title, eventNo, customer?.name, linkperson, addr.full_address, mapName);
    const [e] = await rows<{ id: number }>(
      tx,
      sql`insert into events (enterprise_id, event_no, template_id, template_version_id, state, title, description,
          customer_id, custom_name, contact_id, custom_linkperson, custom_phone, address_id, province, city, district,
          province_code, city_code, district_code, custom_detail_addr, full_address, map_name,
          installed_product_id, product_model_id, priority, service_item_id, attachments, collaborator_ids, ext, search_grams,
          call_record_id, copied_from, created_by)
        values (${ep}, ${eventNo}, ${cur.templateId}, ${cur.templateVersionId}, ${state}, ${b.title}, ${b.description ?? null},
          ${customer?.id ?? null}, ${customer?.name ?? null}, ${parts.contact ? Number(parts.contact.id) : null}, ${linkperson}, ${phone},
          ${b.address ? null : addr.id ? Number(addr.id) : null}, ${addr.province ?? null}, ${addr.city ?? null}, ${addr.district ?? null},
          ${addr.province_code ?? null}, ${addr.city_code ?? null}, ${addr.district_code ?? null}, ${addr.detail ?? null}, ${addr.full_address ?? null}, ${mapName},
          ${b.customerProductId ?? null}, ${b.productId ?? null}, ${b.priority}, ${b.serviceId ?? null}, ${bigints(b.attachments ?? [])},
          ${bigints([...new Set(b.collaboratorIds ?? [])])}, ${JSON.stringify(ext)}::jsonb, ${texts(grams)},
          ${b.belongCallRecordId ?? null}, ${b.copiedFrom ?? null}, ${v.id})
        returning id`,
    );
    const id = Number(e?.id);
    // 新建事件 from a call's pop: the call record links back to the event (modules/calls); another enterprise's call is refused.
    if (b.belongCallRecordId && !(await linkCallEvent(tx, ep, b.belongCallRecordId, id))) throw invalid('通话记录：通话记录不存在或已被删除');
    await geocodeSaved(tx, 'events', ep, [id]);
    if (labels.length) {
      await tx.execute(
        sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) select ${ep}, ${EVENT_OBJ_TYPE}, ${id}, t from unnest(${bigints(labels)}) t`,
      );
    }
    await insertStateLog(tx, EVENT_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'create', actorId: v.id });
    await syncEventClocks(tx, ep, id, cur.templateId, NEW_EVENT_FLAGS);
    return { id, eventNo, state };
  });
}
