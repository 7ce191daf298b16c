import type { ExtValues, EventDetail, EventMessage } from '@sk/shared';
import type { z } from 'zod';
import { type addEventMessageBody, EVENT_MESSAGE_FILE_KINDS } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkFiles } from '../customers/index';
import { presentExt } from '../forms/index';
import { uploadsOf } from '../files/index';
import { eventAbilities, eventFlagsOf } from './event.state';
import {
  deleteMessage,
  deleteVisibleEvents,
  type EventRecord,
  eventFlow,
  eventNames,
  eventRecord,
  eventTimes,
  insertMessage,
  messageOf,
  presentRows,
  toEventMessage,
  userNames,
} from './events.repo';
import { allowedEventActions } from './settings';
import { orderOfEvent } from './to-order';
import type { Actor } from '../../platform/actor';

/** The machine's abilities less the actions the event's template switched off. */
async function allowedAbilities(ex: Executor, v: Actor, r: EventRecord) {
  const allowed = await allowedEventActions(ex, v.enterpriseId, r.template_id);
  return eventAbilities(v, r).filter((a) => allowed.has(a));
}

/** The event as the viewer may see it (another enterprise's, a deleted or an unrelated one: not found). */
export async function eventRowOf(ex: Executor, v: Actor, id: number): Promise<EventRecord> {
  const r = await eventRecord(ex, v, id);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

const PEOPLE = [
  ['creator', 'created_by', 'created_at'],
  ['dispatcher', 'dispatcher_id', 'dispatched_at'],
  ['principal', 'principal_id', 'dispatched_at'],
  ['upgrade', 'upgrade_user_id', 'upgraded_at'],
  ['start', 'start_user_id', 'started_at'],
  ['closed', 'closed_user_id', 'closed_at'],
  ['complete', 'complete_user_id', 'completed_at'],
] as const;

/** GET /v2/event/detailed: the record, its people with their times, the flags and the viewer's abilities. */
export async function eventDetail(ex: Executor, v: Actor, id: number): Promise<EventDetail> {
  const r = await eventRowOf(ex, v, id);
  const ep = v.enterpriseId;
  const userIds = [...new Set([...PEOPLE.map(([, col]) => r[col]), ...r.collaborator_ids].filter((x): x is number => x != null))];
  const names = await userNames(ex, ep, userIds);
  const times = await eventTimes(ex, v, id);
  const person = (col: (typeof PEOPLE)[number][1], timeCol: (typeof PEOPLE)[number][2]) => {
    const uid = r[col];
    return uid == null ? null : { id: uid, name: names.get(uid) ?? '', time: times?.[timeCol] ?? null };
  };
  const extra = await eventNames(ex, ep, id);
  const [base] = await presentRows(ex, v, [
    {
      ...r,
      template_name: extra?.template_name ?? null,
      principal_name: extra?.principal_name ?? null,
      creator_name: extra?.creator_name ?? null,
      create_time: times?.created_at ?? '',
    },
  ]);
  const files = await uploadsOf(ex, ep, r.attachments);
  const f = eventFlagsOf(r);
  const people = Object.fromEntries(PEOPLE.map(([key, col, time]) => [key, person(col, time)])) as Record<
    (typeof PEOPLE)[number][0],
    ReturnType<typeof person>
  >;
  return {
    ...(base as EventDetail),
    templateVersionId: r.template_version_id,
    contactId: r.contact_id,
    mapName: r.map_name,
    customerProductId: r.installed_product_id,
    customerProductName: extra?.product_name ?? null,
    productId: r.product_model_id,
    description: r.description,
    attachments: files.map((u) => ({ id: u.id, name: u.name, url: u.url })),
    serviceId: r.service_item_id,
    serviceName: extra?.service_name ?? null,
    ext: r.ext ?? {},
    extFields:
      r.template_version_id == null
        ? []
        : ((await presentExt(ex, ep, r.template_version_id, (r.ext as ExtValues) ?? {}, {
            roles: v.sysrole == null ? undefined : [v.sysrole],
          })) as unknown as Record<string, unknown>[]),
    flags: { dispatch_state: f.dispatch, process_state: f.process, upgrade_state: f.upgrade, pause_state: f.pause, close_state: f.close },
    version: r.version,
    ...people,
    collaborators: r.collaborator_ids.map((u) => ({ id: u, name: names.get(u) ?? '' })),
    upgradeReason: r.upgrade_reason,
    pauseReason: r.pause_reason,
    closeReason: r.close_reason,
    orderId: r.order_id,
    order: await orderOfEvent(ex, ep, r.order_id),
    addressId: r.address_id,
    area: {
      provinceCode: r.province_code,
      cityCode: r.city_code,
      districtCode: r.district_code,
      detail: r.custom_detail_addr,
      latitude: r.latitude,
      longitude: r.longitude,
    },
    abilities: await allowedAbilities(ex, v, r),
  };
}

/**
 * DELETE /v2/event/del: staff move the events they see to the recycle state (deleted_at), each with a log row;
 * ids the viewer cannot see are refused as a whole (not found), so nothing is half-deleted.
 */
export async function deleteEvents(db: Db, v: Actor, ids: number[], staff: boolean): Promise<void> {
  if (!staff) throw new AppError('NO_POWER');
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const r = await deleteVisibleEvents(tx, v, unique);
    if (r?.seen !== unique.length) throw new AppError('NOT_FOUND');
    if (r.done !== unique.length) throw new AppError('STATE_CHANGED');
  });
}

/** The flow: the log's actions and the conversation entries, oldest first. */
export async function messageList(ex: Executor, v: Actor, eventId: number): Promise<EventMessage[]> {
  await eventRowOf(ex, v, eventId);
  return (await eventFlow(ex, v, eventId)).map((m) => toEventMessage(m, v.id));
}

/** A conversation entry on an event the viewer sees; image and file entries carry an upload of the enterprise. */
export async function addMessage(db: Db, v: Actor, b: z.infer<typeof addEventMessageBody>): Promise<EventMessage> {
  await eventRowOf(db, v, b.eventId);
  let payload: unknown = b.payload;
  // The contract checked the payload's shape; an upload must be one of this enterprise's.
  if (EVENT_MESSAGE_FILE_KINDS.includes(b.eventType)) {
    const id = Number(b.payload);
    await checkFiles(db, v.enterpriseId, [id]);
    const [u] = await uploadsOf(db, v.enterpriseId, [id]);
    payload = { id, name: u?.name ?? '', url: u?.url ?? '' };
  }
  const m = await insertMessage(db, v, b.eventId, b.eventType, payload);
  return {
    id: m?.id ?? 0,
    eventType: b.eventType as EventMessage['eventType'],
    payload,
    action: null,
    note: null,
    userId: v.id,
    userName: m?.user_name ?? null,
    createtime: m?.t ?? '',
    mine: true,
  };
}

/** delMessage: only its author deletes a conversation entry; the log's actions are not deletable. */
export async function delMessage(db: Db, v: Actor, id: number): Promise<void> {
  const m = await messageOf(db, v.enterpriseId, id);
  if (!m) throw new AppError('NOT_FOUND');
  await eventRowOf(db, v, m.event_id);
  if (m.user_id !== v.id) throw new AppError('NO_POWER');
  await deleteMessage(db, v.enterpriseId, id);
}
