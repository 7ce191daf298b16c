import { type CreateEventBody, EVENT_KIND, eventStateOf, NEW_EVENT_FLAGS } from '@sk/shared';
import { syncEventClocks } from '../sla/index';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { fullAddressOf, resolveArea } from '../customers/index';
import { visibleCustomer } from '../customers/index';
import { gramsOf } from '../../platform/search';
import { checkFiles } from '../customers/index';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import { EVENT_STATE } from './event.state';
import {
  customerAddress,
  customerContact,
  customerProductExists,
  type EventAddress,
  enabledUserCount,
  eventTagCount,
  insertEvent,
  insertEventTags,
  liveEventExists,
  nextEventCounter,
  productModelExists,
  serviceItemExists,
  templateEnabled,
} from './create.repo';
import { geocodeSaved } from '../geo/index';
import { eventCreated } from './events.signals';
import type { Actor } from '../../platform/actor';

const invalid = (detail: string) => new AppError('VALIDATION', { detail });

/** SJ20240501-0001: the day in the enterprise's zone and the enterprise's event counter. */
async function nextEventNo(tx: Tx, v: Actor): Promise<string> {
  const value = await nextEventCounter(tx, v.enterpriseId);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `SJ${day}-${String(value).padStart(4, '0')}`;
}

/** The customer's contact (chosen or primary) and address (typed, chosen or default); typed values win. */
async function customerParts(ex: Executor, v: Actor, customerId: number, b: CreateEventBody) {
  const ep = v.enterpriseId;
  const c = await customerContact(ex, ep, customerId, b.contactId);
  if (b.contactId && !c) throw invalid('联系人：联系人不存在或不属于该客户');
  const a = b.address ? undefined : await customerAddress(ex, ep, customerId, b.addressId);
  if (b.addressId && !b.address && !a) throw invalid('服务地址：地址不存在或不属于该客户');
  return { contact: c, address: a };
}

async function checkUsers(ex: Executor, ep: number, ids: number[], message: string): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  if ((await enabledUserCount(ex, ep, unique)) !== unique.length) throw invalid(message);
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
    if (!(await templateEnabled(tx, ep, cur.templateId))) throw invalid('事件模板：该事件模板已停用');
    const ext = await validateAndComputeExt(tx, ep, EVENT_KIND, cur.templateVersionId, b.ext ?? {}, {
      isNew: true,
      roles: v.sysrole == null ? undefined : [v.sysrole],
    });

    const customer = b.customerId ? await visibleCustomer(tx, { ...v }, b.customerId) : null;
    const parts = customer ? await customerParts(tx, v, customer.id, b) : { contact: undefined, address: undefined };
    if (!customer && (b.contactId || b.addressId || b.customerProductId)) throw invalid('客户：请先选择客户');
    let addr: EventAddress = {};
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

    if (b.customerProductId && !(await customerProductExists(tx, ep, b.customerProductId, customer?.id ?? 0))) {
      throw invalid('客户产品：设备不存在或不属于该客户');
    }
    if (b.productId && !(await productModelExists(tx, ep, b.productId))) throw invalid('产品：产品不存在或已被删除');
    if (b.serviceId && !(await serviceItemExists(tx, ep, b.serviceId))) throw invalid('服务项目：服务项目不存在或已被删除');
    await checkUsers(tx, ep, b.collaboratorIds ?? [], '协作人：人员不存在或已停用');
    const labels = [...new Set(b.eventLabel ?? [])];
    if (labels.length && (await eventTagCount(tx, ep, labels)) !== labels.length) throw invalid('事件标签：标签不存在或已被删除');
    await checkFiles(tx, ep, b.attachments ?? []);
    if (b.copiedFrom && !(await liveEventExists(tx, ep, b.copiedFrom))) throw new AppError('NOT_FOUND');

    const linkperson = b.customLinkPerson ?? parts.contact?.name ?? null;
    const phone = b.customPhone ?? parts.contact?.phone ?? null;
    const mapName = b.mapName ?? addr.map_name ?? null;
    const eventNo = await nextEventNo(tx, v);
    const state = eventStateOf(NEW_EVENT_FLAGS);
    const grams = gramsOf(b.title, eventNo, customer?.name, linkperson, addr.full_address, mapName);
    const id = await insertEvent(tx, {
      enterpriseId: ep,
      eventNo,
      templateId: cur.templateId,
      templateVersionId: cur.templateVersionId,
      state,
      title: b.title,
      description: b.description ?? null,
      customerId: customer?.id ?? null,
      customName: customer?.name ?? null,
      contactId: parts.contact?.id ?? null,
      linkperson,
      phone,
      address: addr,
      addressId: b.address ? null : (addr.id ?? null),
      mapName,
      customerProductId: b.customerProductId ?? null,
      productId: b.productId ?? null,
      priority: b.priority,
      serviceId: b.serviceId ?? null,
      attachments: b.attachments ?? [],
      collaboratorIds: [...new Set(b.collaboratorIds ?? [])],
      ext,
      grams,
      callRecordId: b.belongCallRecordId ?? null,
      copiedFrom: b.copiedFrom ?? null,
      createdBy: v.id,
    });
    // 新建事件 from a call's pop: the calls module links the call record back (another enterprise's call is refused there).
    await eventCreated.publish(tx, { enterpriseId: ep, eventId: id, callRecordId: b.belongCallRecordId ?? null, actorId: v.id });
    await geocodeSaved(tx, 'events', ep, [id]);
    if (labels.length) await insertEventTags(tx, ep, id, labels);
    await insertStateLog(tx, EVENT_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'create', actorId: v.id });
    await syncEventClocks(tx, ep, id, cur.templateId, NEW_EVENT_FLAGS);
    return { id, eventNo, state };
  });
}
