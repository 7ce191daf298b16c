import { EVENT_OBJ_TYPE, type ExtValues, type EventDetail, type EventMessage } from '@sk/shared';
import type { z } from 'zod';
import { type addEventMessageBody, EVENT_MESSAGE_FILE_KINDS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { eventClocksDeleteSql } from '../sla/event.clocks';
import { bigints } from '../../platform/sql';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { stateLogsOfUpdated } from '../../platform/state';
import { timeOf } from '../../platform/sql';
import { checkFiles } from '../customers/integrations';
import { presentExt } from '../forms/ext.service';
import { uploadsOf } from '../files/uploads.repo';
import { EVENT_STATE, eventAbilities, eventFlagsOf, eventScope } from './event.state';
import { presentRows } from './events.repo';
import { allowedEventActions } from './settings';
import { orderOfEvent } from './to-order';
import type { Actor } from '../../platform/actor';

type Row = Record<string, unknown>;
const n = (x: unknown): number | null => (x == null ? null : Number(x));
const s = (x: unknown): string | null => (x == null ? null : String(x));

/** The machine's abilities less the actions the event's template switched off. */
async function allowedAbilities(ex: Executor, v: Actor, r: Row) {
  const allowed = await allowedEventActions(ex, v.enterpriseId, Number(r.template_id));
  return eventAbilities(v, r).filter((a) => allowed.has(a));
}

/** The event as the viewer may see it (another enterprise's, a deleted or an unrelated one: not found). */
export async function eventRowOf(ex: Executor, v: Actor, id: number): Promise<Row> {
  const [r] = await rows(ex, sql`select e.* from events e where e.enterprise_id = ${v.enterpriseId} and e.id = ${id} and ${eventScope(v)}`);
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
  const userIds = [
    ...new Set([...PEOPLE.map(([, col]) => n(r[col])), ...((r.collaborator_ids as number[]) ?? []).map(Number)].filter((x): x is number => x != null)),
  ];
  const names = new Map(
    (userIds.length
      ? await rows<{ id: number; name: string }>(
          ex,
          sql`select id, name from users where enterprise_id = ${ep} and id in (${sql.join(
            userIds.map((u) => sql`${u}`),
            sql`, `,
          )})`,
        )
      : []
    ).map((u) => [Number(u.id), u.name]),
  );
  const [times] = await rows<Record<string, string | null>>(
    ex,
    sql`select ${timeOf(sql`created_at`, v)} as created_at, ${timeOf(sql`dispatched_at`, v)} as dispatched_at, ${timeOf(sql`upgraded_at`, v)} as upgraded_at,
      ${timeOf(sql`started_at`, v)} as started_at, ${timeOf(sql`closed_at`, v)} as closed_at, ${timeOf(sql`completed_at`, v)} as completed_at
      from events where enterprise_id = ${ep} and id = ${id}`,
  );
  const person = (col: string, timeCol: string) => {
    const uid = n(r[col]);
    return uid == null ? null : { id: uid, name: names.get(uid) ?? '', time: times?.[timeCol] ?? null };
  };
  const [extra] = await rows<Record<string, string | null>>(
    ex,
    sql`select t.name as template_name, ip.name as product_name, si.name as service_name, pu.name as principal_name, cu.name as creator_name
      from events e
      left join form_templates t on t.enterprise_id = e.enterprise_id and t.id = e.template_id
      left join installed_products ip on ip.enterprise_id = e.enterprise_id and ip.id = e.installed_product_id
      left join service_items si on si.enterprise_id = e.enterprise_id and si.id = e.service_item_id
      left join users pu on pu.enterprise_id = e.enterprise_id and pu.id = e.principal_id
      left join users cu on cu.enterprise_id = e.enterprise_id and cu.id = e.created_by
      where e.enterprise_id = ${ep} and e.id = ${id}`,
  );
  const [base] = await presentRows(ex, v, [
    {
      ...(r as Record<string, unknown>),
      template_name: extra?.template_name ?? null,
      principal_name: extra?.principal_name ?? null,
      creator_name: extra?.creator_name ?? null,
      create_time: times?.created_at ?? '',
    } as never,
  ]);
  const files = await uploadsOf(ex, ep, ((r.attachments as number[]) ?? []).map(Number));
  const f = eventFlagsOf(r);
  const people = Object.fromEntries(PEOPLE.map(([key, col, time]) => [key, person(col, time)])) as Record<
    (typeof PEOPLE)[number][0],
    ReturnType<typeof person>
  >;
  return {
    ...(base as EventDetail),
    templateVersionId: n(r.template_version_id),
    contactId: n(r.contact_id),
    mapName: s(r.map_name),
    customerProductId: n(r.installed_product_id),
    customerProductName: extra?.product_name ?? null,
    productId: n(r.product_model_id),
    description: s(r.description),
    attachments: files.map((u) => ({ id: u.id, name: u.name, url: u.url })),
    serviceId: n(r.service_item_id),
    serviceName: extra?.service_name ?? null,
    ext: (r.ext as Record<string, unknown>) ?? {},
    extFields:
      r.template_version_id == null
        ? []
        : ((await presentExt(ex, ep, Number(r.template_version_id), (r.ext as ExtValues) ?? {}, {
            roles: v.sysrole == null ? undefined : [v.sysrole],
          })) as unknown as Record<string, unknown>[]),
    flags: { dispatch_state: f.dispatch, process_state: f.process, upgrade_state: f.upgrade, pause_state: f.pause, close_state: f.close },
    version: Number(r.version),
    ...people,
    collaborators: ((r.collaborator_ids as number[]) ?? []).map((u) => ({ id: Number(u), name: names.get(Number(u)) ?? '' })),
    upgradeReason: s(r.upgrade_reason),
    pauseReason: s(r.pause_reason),
    closeReason: s(r.close_reason),
    orderId: n(r.order_id),
    order: await orderOfEvent(ex, ep, n(r.order_id)),
    addressId: n(r.address_id),
    area: {
      provinceCode: s(r.province_code),
      cityCode: s(r.city_code),
      districtCode: s(r.district_code),
      detail: s(r.custom_detail_addr),
      latitude: r.latitude == null ? null : Number(r.latitude),
      longitude: r.longitude == null ? null : Number(r.longitude),
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
  const ep = v.enterpriseId;
  const list = bigints(unique);
  // One statement: the ids the viewer sees; only if he sees them all, the update, the tags, the clocks and a log row each.
  await db.transaction(async (tx) => {
    const [r] = await rows<{ seen: number; done: number }>(
      tx,
      sql`with vis as (select e.id from events e where e.enterprise_id = ${ep} and e.id = any(${list}) and ${eventScope(v)}),
        u as (update events set deleted_at = now(), deleted_by = ${v.id}, version = version + 1, updated_at = now()
          where enterprise_id = ${ep} and id = any(${list}) and deleted_at is null and (select count(*) from vis) = ${unique.length}
          returning id, state),
        t as (delete from tag_links where enterprise_id = ${ep} and obj_type = ${EVENT_OBJ_TYPE} and obj_id in (select id from u)),
        c as (${eventClocksDeleteSql(ep, sql`array(select id from u)`)}),
        l as (${stateLogsOfUpdated(EVENT_STATE, { enterpriseId: ep, action: 'delete', actorId: v.id }, sql`u.id`, sql`u.state`, sql`u`)})
        select (select count(*)::int from vis) as seen, (select count(*)::int from u) as done`,
    );
    if (r?.seen !== unique.length) throw new AppError('NOT_FOUND');
    if (r.done !== unique.length) throw new AppError('STATE_CHANGED');
  });
}

/** The flow: the log's actions and the conversation entries, oldest first. */
export async function messageList(ex: Executor, v: Actor, eventId: number): Promise<EventMessage[]> {
  await eventRowOf(ex, v, eventId);
  const ep = v.enterpriseId;
  const list = await rows<{
    src: string;
    id: number;
    kind: string;
    payload: unknown;
    action: string | null;
    note: string | null;
    user_id: number | null;
    user_name: string | null;
    t: string;
    at: string;
  }>(
    ex,
    sql`select * from (
        select 'log' as src, l.id, 'action' as kind, to_jsonb(l.action) as payload, l.action, l.note, l.user_id, u.name as user_name,
          ${timeOf(sql`l.created_at`, v)} as t, l.created_at as at
        from event_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
        where l.enterprise_id = ${ep} and l.event_id = ${eventId}
        union all
        select 'msg', m.id, m.kind, m.payload, null, null, m.user_id, u.name, ${timeOf(sql`m.created_at`, v)}, m.created_at
        from event_messages m left join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
        where m.enterprise_id = ${ep} and m.event_id = ${eventId}
      ) f order by at, src, id`,
  );
  return list.map((m) => ({
    // Log rows and messages live in two tables: log ids are shown negative so the flow's keys never collide.
    id: m.src === 'log' ? -Number(m.id) : Number(m.id),
    eventType: m.kind as EventMessage['eventType'],
    payload: m.payload,
    action: m.action,
    note: m.note,
    userId: n(m.user_id),
    userName: m.user_name,
    createtime: m.t,
    mine: m.src === 'msg' && n(m.user_id) === v.id,
  }));
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
  const [m] = await rows<{ id: number; t: string }>(
    db,
    sql`insert into event_messages (enterprise_id, event_id, user_id, kind, payload) values (${v.enterpriseId}, ${b.eventId}, ${v.id}, ${b.eventType}, ${JSON.stringify(payload)}::jsonb)
      returning id, ${timeOf(sql`created_at`, v)} as t`,
  );
  const [me] = await rows<{ name: string }>(db, sql`select name from users where enterprise_id = ${v.enterpriseId} and id = ${v.id}`);
  return {
    id: Number(m?.id),
    eventType: b.eventType as EventMessage['eventType'],
    payload,
    action: null,
    note: null,
    userId: v.id,
    userName: me?.name ?? null,
    createtime: m?.t ?? '',
    mine: true,
  };
}

/** delMessage: only its author deletes a conversation entry; the log's actions are not deletable. */
export async function delMessage(db: Db, v: Actor, id: number): Promise<void> {
  const [m] = await rows<{ event_id: number; user_id: number | null }>(
    db,
    sql`select event_id, user_id from event_messages where enterprise_id = ${v.enterpriseId} and id = ${id}`,
  );
  if (!m) throw new AppError('NOT_FOUND');
  await eventRowOf(db, v, Number(m.event_id));
  if (n(m.user_id) !== v.id) throw new AppError('NO_POWER');
  await db.execute(sql`delete from event_messages where enterprise_id = ${v.enterpriseId} and id = ${id}`);
}
