import { EVENT_OBJ_TYPE, EVENT_TAG_CODE, type EventFilters, type EventMessage, type EventRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { preparedRows, rows } from '../../db/client';
import { countOf, listPage, type PageRequest, sortOf } from '../../platform/list';
import { listPageIds, rowsWithIds } from '../../platform/list.snapshot';
import { contains, prefixPattern } from '../../platform/search';
import { and, bigints, createdBetween, nameOf, timeOf } from '../../platform/sql';
import { stateLogsOfUpdated } from '../../platform/state';
import { eventClocksDeleteSql } from '../sla/index';
import { eventMarks } from '../sla/index';
import { hasAnyTag, tagsOf } from '../tags/index';
import { EVENT_STATE, eventScope } from './event.scope';
import type { EventRecord } from './events.types';

export type { EventRecord, LockedEventRow } from './events.types';
import type { Actor } from '../../platform/actor';

/** Which list: my events (principal or creator), the pool to claim, or awaiting assignment. */
export type EventListKind = 'mine' | 'shelters' | 'undelivered' | 'related';

function kindCond(v: Actor, kind: EventListKind): SQL {
  if (kind === 'mine') return sql`(e.principal_id = ${v.id} or e.created_by = ${v.id})`;
  // A customer's or product's events: whatever the viewer's scope shows (the filter names the customer or product).
  if (kind === 'related') return sql`true`;
  // Both the pool and the assignment queue are the open, undispatched events (events_undispatched_idx).
  return sql`e.dispatch_state = 0 and e.close_state = 0`;
}

/** Every filter of the event list as conditions on `events e`, scoped to the viewer. */
export function eventConds(v: Actor, kind: EventListKind, f: Partial<EventFilters>): SQL[] {
  const ep = v.enterpriseId;
  const c: SQL[] = [sql`e.enterprise_id = ${ep}`, eventScope(v), kindCond(v, kind)];
  if (f.event_states?.length)
    c.push(
      sql`e.state in (${sql.join(
        f.event_states.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.keyword) c.push(contains(sql`e.search_grams`, sql`concat_ws(' ', e.title, e.event_no, e.custom_name, e.custom_linkperson)`, f.keyword));
  if (f.custom_name) c.push(contains(sql`e.search_grams`, sql`e.custom_name`, f.custom_name));
  if (f.custom_linkperson) c.push(contains(sql`e.search_grams`, sql`e.custom_linkperson`, f.custom_linkperson));
  if (f.custom_phone) c.push(sql`e.custom_phone like ${prefixPattern(f.custom_phone)}`);
  if (f.custom_detail_addr) c.push(contains(sql`e.search_grams`, sql`e.full_address`, f.custom_detail_addr));
  if (f.map_name) c.push(contains(sql`e.search_grams`, sql`e.map_name`, f.map_name));
  if (f.fk_t_ep_event_tmpl_id) c.push(sql`e.template_id = ${f.fk_t_ep_event_tmpl_id}`);
  if (f.event_label) c.push(hasAnyTag(ep, EVENT_TAG_CODE, [f.event_label], sql`e.id`));
  const people: [number | null | undefined, string][] = [
    [f.creator_id, 'created_by'],
    [f.dispatcher_id, 'dispatcher_id'],
    [f.principal_id, 'principal_id'],
    [f.upgrade_user_id, 'upgrade_user_id'],
    [f.start_user_id, 'start_user_id'],
    [f.closed_user_id, 'closed_user_id'],
    [f.complete_user_id, 'complete_user_id'],
  ];
  for (const [id, col] of people) if (id) c.push(sql`${sql.identifier('e')}.${sql.identifier(col)} = ${id}`);
  const times: [string | undefined, string | undefined, string][] = [
    [f.start_create_time, f.end_create_time, 'created_at'],
    [f.start_dispatch_time, f.end_dispatch_time, 'dispatched_at'],
    [f.start_upgrade_time, f.end_upgrade_time, 'upgraded_at'],
    [f.start_start_time, f.end_start_time, 'started_at'],
    [f.start_closed_time, f.end_closed_time, 'closed_at'],
    [f.start_complete_time, f.end_complete_time, 'completed_at'],
  ];
  for (const [start, end, col] of times) c.push(...createdBetween(sql`${sql.identifier('e')}.${sql.identifier(col)}`, v, start, end));
  if (f.priority) c.push(sql`e.priority = ${f.priority}`);
  if (f.service_id) c.push(sql`e.service_item_id = ${f.service_id}`);
  if (f.customerId) c.push(sql`e.customer_id = ${f.customerId}`);
  if (f.customerProductId) c.push(sql`e.installed_product_id = ${f.customerProductId}`);
  return c;
}

/** A row of the event list (rowSelect): the event's list columns and the names joined for the page. */
export interface EventListRaw {
  id: number;
  event_no: string;
  title: string;
  state: number;
  priority: number;
  template_id: number;
  template_name: string | null;
  customer_id: number | null;
  custom_name: string | null;
  custom_linkperson: string | null;
  custom_phone: string | null;
  full_address: string | null;
  principal_id: number | null;
  principal_name: string | null;
  creator_name: string | null;
  create_time: string;
}

/** The list columns of the rows `e`; the names by sub-select (nameOf: no joins to plan). */
const LIST_COLUMNS = (v: Actor): SQL =>
  sql`e.id, e.event_no, e.title, e.state, e.priority, e.template_id, ${nameOf('form_templates', 't', 'e', 'template_id')} as template_name,
      e.customer_id, e.custom_name, e.custom_linkperson, e.custom_phone, e.full_address, e.principal_id,
      ${nameOf('users', 'pu', 'e', 'principal_id')} as principal_name, ${nameOf('users', 'cu', 'e', 'created_by')} as creator_name,
      ${timeOf(sql`e.created_at`, v)} as create_time`;

/** The list columns for the rows `inner` picks; names are read for the page only. */
export function rowSelect(v: Actor, inner: SQL, order: SQL): SQL {
  return sql`select ${LIST_COLUMNS(v)}
    from (${inner}) e
    order by ${order}`;
}

/** A customer's events for the service desk (only the open ones, states 1–5, or all), newest first. */
export function customerEventRows(ex: Executor, v: Actor, customerId: number, open: boolean, limit: number): Promise<EventListRaw[]> {
  const where = open ? sql`e.state in (1, 2, 3, 4, 5)` : sql`true`;
  return rows<EventListRaw>(
    ex,
    sql`select ${LIST_COLUMNS(v)}
    from events e
    where e.enterprise_id = ${v.enterpriseId} and e.customer_id = ${customerId} and ${eventScope(v)} and ${where}
    order by e.created_at desc, e.id desc limit ${limit}`,
  );
}

/** The presenter of a list row: the row, its tags and its SLA mark. */
export const toEventRow = (r: EventListRaw, tags: EventRow['tags'], slaMark: EventRow['slaMark']): EventRow => ({
  id: r.id,
  eventNo: r.event_no,
  title: r.title,
  state: r.state,
  priority: r.priority,
  templateId: r.template_id,
  templateName: r.template_name,
  customerId: r.customer_id,
  customName: r.custom_name,
  customLinkperson: r.custom_linkperson,
  customPhone: r.custom_phone,
  address: r.full_address,
  principalId: r.principal_id,
  principalName: r.principal_name,
  creatorName: r.creator_name,
  tags,
  create_time: r.create_time,
  slaMark,
});

/** List rows with their tags and SLA marks (two reads for the whole page). */
export async function presentRows(ex: Executor, v: Actor, raw: EventListRaw[]): Promise<EventRow[]> {
  const ids = raw.map((r) => r.id);
  const tags = await tagsOf(ex, v.enterpriseId, EVENT_TAG_CODE, ids);
  const marks = await eventMarks(ex, v.enterpriseId, ids);
  return raw.map((r) => toEventRow(r, tags.get(r.id) ?? [], marks.get(r.id) ?? null));
}

export const EVENT_ORDER = { 1: sql`e.created_at desc, e.id desc`, 2: sql`e.created_at asc, e.id asc` } as const;

/** Filters no index holds in creation order: the list walks past the rows they leave out (listPageIds keeps them). */
const walked = (f: Partial<EventFilters>): boolean =>
  Boolean(f.keyword || f.custom_name || f.custom_linkperson || f.custom_phone || f.custom_detail_addr || f.map_name || f.event_label);

/** One page of an event list and its capped count. */
export function listEvents(ex: Executor, v: Actor, kind: EventListKind, q: Partial<EventFilters> & PageRequest & { sortType?: 1 | 2 }) {
  const order = sortOf(EVENT_ORDER, q.sortType, 1);
  const where = and(eventConds(v, kind, q));
  return listPage(
    q,
    async () => {
      const ids = await listPageIds(ex, walked(q), 'events', 'e', v.enterpriseId, where, order, q);
      if (!ids.length) return [];
      return presentRows(ex, v, await preparedRows<EventListRaw>(ex, rowSelect(v, rowsWithIds('events', 'e', v.enterpriseId, ids), order)));
    },
    () => countOf(ex, sql`events e`, where),
  );
}

/** Events visible to the viewer among `ids` (batch delete). */
export async function visibleEventIds(ex: Executor, v: Actor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number }>(
    ex,
    sql`select e.id from events e where e.enterprise_id = ${v.enterpriseId} and e.id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) and ${eventScope(v)}`,
  );
  return found.map((r) => r.id);
}

/** Keyset page for exports: ids below `before`, newest id first, the list's filters (or chosen ids). */
export async function eventsBefore(
  ex: Executor,
  v: Actor,
  kind: EventListKind,
  f: Partial<EventFilters> & { ids?: number[] },
  before: number | null,
  limit: number,
): Promise<EventRow[]> {
  const conds = eventConds(v, kind, f);
  if (f.ids?.length)
    conds.push(
      sql`e.id in (${sql.join(
        f.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  if (before != null) conds.push(sql`e.id < ${before}`);
  const inner = sql`select * from events e where ${and(conds)} order by e.id desc limit ${limit}`;
  return presentRows(ex, v, await rows<EventListRaw>(ex, rowSelect(v, inner, sql`e.id desc`)));
}

/** Exact, unlike the list's capped count: the download centre shows progress against it. */
export async function countForExport(ex: Executor, v: Actor, kind: EventListKind, f: Partial<EventFilters> & { ids?: number[] }): Promise<number> {
  const conds = eventConds(v, kind, f);
  if (f.ids?.length)
    conds.push(
      sql`e.id in (${sql.join(
        f.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from events e where ${and(conds)}`);
  return r?.n ?? 0;
}

/** The event as the viewer may see it (another enterprise's, a deleted or an unrelated one: none). */
export async function eventRecord(ex: Executor, v: Actor, id: number): Promise<EventRecord | undefined> {
  const [r] = await rows<EventRecord>(ex, sql`select e.* from events e where e.enterprise_id = ${v.enterpriseId} and e.id = ${id} and ${eventScope(v)}`);
  return r;
}

/** The names of the enterprise's users among `ids`. */
export async function userNames(ex: Executor, enterpriseId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from users where enterprise_id = ${enterpriseId} and id in (${sql.join(
      ids.map((u) => sql`${u}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((u) => [u.id, u.name]));
}

/** An event's times as the API speaks them. */
export interface EventTimes {
  created_at: string | null;
  dispatched_at: string | null;
  upgraded_at: string | null;
  started_at: string | null;
  closed_at: string | null;
  completed_at: string | null;
}

export async function eventTimes(ex: Executor, v: Actor, id: number): Promise<EventTimes | undefined> {
  const [times] = await rows<EventTimes>(
    ex,
    sql`select ${timeOf(sql`created_at`, v)} as created_at, ${timeOf(sql`dispatched_at`, v)} as dispatched_at, ${timeOf(sql`upgraded_at`, v)} as upgraded_at,
      ${timeOf(sql`started_at`, v)} as started_at, ${timeOf(sql`closed_at`, v)} as closed_at, ${timeOf(sql`completed_at`, v)} as completed_at
      from events where enterprise_id = ${v.enterpriseId} and id = ${id}`,
  );
  return times;
}

/** The names an event's detail shows beside its ids. */
export interface EventNames {
  template_name: string | null;
  product_name: string | null;
  service_name: string | null;
  principal_name: string | null;
  creator_name: string | null;
}

export async function eventNames(ex: Executor, enterpriseId: number, id: number): Promise<EventNames | undefined> {
  const [extra] = await rows<EventNames>(
    ex,
    sql`select t.name as template_name, ip.name as product_name, si.name as service_name, pu.name as principal_name, cu.name as creator_name
      from events e
      left join form_templates t on t.enterprise_id = e.enterprise_id and t.id = e.template_id
      left join installed_products ip on ip.enterprise_id = e.enterprise_id and ip.id = e.installed_product_id
      left join service_items si on si.enterprise_id = e.enterprise_id and si.id = e.service_item_id
      left join users pu on pu.enterprise_id = e.enterprise_id and pu.id = e.principal_id
      left join users cu on cu.enterprise_id = e.enterprise_id and cu.id = e.created_by
      where e.enterprise_id = ${enterpriseId} and e.id = ${id}`,
  );
  return extra;
}

/**
 * Staff's delete in one statement: the ids the viewer sees; only if he sees them all, the update, the tags, the clocks
 * and a log row each. `seen` and `done` tell the service whether all were seen and all deleted.
 */
export async function deleteVisibleEvents(tx: Tx, v: Actor, unique: number[]): Promise<{ seen: number; done: number } | undefined> {
  const ep = v.enterpriseId;
  const list = bigints(unique);
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
  return r;
}

/** One entry of an event's flow: a log row ('log') or a conversation entry ('msg'). */
export interface FlowRaw {
  src: 'log' | 'msg';
  id: number;
  kind: string;
  payload: unknown;
  action: string | null;
  note: string | null;
  user_id: number | null;
  user_name: string | null;
  t: string;
  at: string;
}

/** The flow's rows: the log's actions and the conversation entries, oldest first. */
export function eventFlow(ex: Executor, v: Actor, eventId: number): Promise<FlowRaw[]> {
  const ep = v.enterpriseId;
  return rows<FlowRaw>(
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
}

/** The presenter of a flow entry; log ids are shown negative so the flow's keys never collide with messages'. */
export const toEventMessage = (m: FlowRaw, viewerId: number): EventMessage => ({
  id: m.src === 'log' ? -m.id : m.id,
  eventType: m.kind as EventMessage['eventType'],
  payload: m.payload,
  action: m.action,
  note: m.note,
  userId: m.user_id,
  userName: m.user_name,
  createtime: m.t,
  mine: m.src === 'msg' && m.user_id === viewerId,
});

/** A new conversation entry, with its author's name. */
export async function insertMessage(
  ex: Executor,
  v: Actor,
  eventId: number,
  kind: string,
  payload: unknown,
): Promise<{ id: number; t: string; user_name: string | null } | undefined> {
  const [m] = await rows<{ id: number; t: string; user_name: string | null }>(
    ex,
    sql`with m as (insert into event_messages (enterprise_id, event_id, user_id, kind, payload)
        values (${v.enterpriseId}, ${eventId}, ${v.id}, ${kind}, ${JSON.stringify(payload)}::jsonb)
        returning id, ${timeOf(sql`created_at`, v)} as t)
      select m.id, m.t, (select name from users where enterprise_id = ${v.enterpriseId} and id = ${v.id}) as user_name from m`,
  );
  return m;
}

/** A conversation entry's event and author. */
export async function messageOf(ex: Executor, enterpriseId: number, id: number): Promise<{ event_id: number; user_id: number | null } | undefined> {
  const [m] = await rows<{ event_id: number; user_id: number | null }>(
    ex,
    sql`select event_id, user_id from event_messages where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
  return m;
}

export async function deleteMessage(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  await ex.execute(sql`delete from event_messages where enterprise_id = ${enterpriseId} and id = ${id}`);
}

/** The event locked for its conversion to an order, with what the conversion checks. */
export async function lockedEventForOrder(
  tx: Tx,
  v: Actor,
  eventId: number,
): Promise<Pick<EventRecord, 'id' | 'state' | 'event_no' | 'order_id' | 'close_state'> | undefined> {
  const [e] = await rows<Pick<EventRecord, 'id' | 'state' | 'event_no' | 'order_id' | 'close_state'>>(
    tx,
    sql`select e.id, e.state, e.event_no, e.order_id, e.close_state from events e
      where e.enterprise_id = ${v.enterpriseId} and e.id = ${eventId} and ${eventScope(v)} for update`,
  );
  return e;
}

export async function setEventOrder(tx: Tx, enterpriseId: number, eventId: number, orderId: number): Promise<void> {
  await tx.execute(
    sql`update events set order_id = ${orderId}, version = version + 1, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${eventId}`,
  );
}

/** The event an order was converted from. */
export async function eventOfOrderRow(
  ex: Executor,
  enterpriseId: number,
  orderId: number,
): Promise<Pick<EventRecord, 'id' | 'event_no' | 'title' | 'state'> | undefined> {
  const [e] = await rows<Pick<EventRecord, 'id' | 'event_no' | 'title' | 'state'>>(
    ex,
    sql`select id, event_no, title, state from events where enterprise_id = ${enterpriseId} and order_id = ${orderId} and deleted_at is null limit 1`,
  );
  return e;
}

/** The order an event was converted to. */
export async function orderOfEventRow(
  ex: Executor,
  enterpriseId: number,
  orderId: number,
): Promise<{ id: number; order_no: string; state: number } | undefined> {
  const [o] = await rows<{ id: number; order_no: string; state: number }>(
    ex,
    sql`select id, order_no, state from orders where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null`,
  );
  return o;
}

/** An installed product's events the viewer may see, newest first. */
export function productEvents(
  ex: Executor,
  v: Actor,
  productId: number,
  limit: number,
): Promise<{ id: number; event_no: string; title: string; state: number; time: string }[]> {
  return rows<{ id: number; event_no: string; title: string; state: number; time: string }>(
    ex,
    sql`select e.id, e.event_no, e.title, e.state, to_char(e.created_at at time zone ${v.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as time
        from events e where e.enterprise_id = ${v.enterpriseId} and e.installed_product_id = ${productId} and ${eventScope(v)}
        order by e.created_at desc, e.id desc limit ${limit}`,
  );
}

/** The badges' count: events matching `where` (on `events e`), capped past the list's window. */
export async function countEvents(ex: Executor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from (select 1 from events e where ${where} limit 10001) w`);
  return r?.n ?? 0;
}

/** Awaiting assignment: open events nobody was assigned to or claimed, in the viewer's scope. */
export const undeliveredCond = (v: Actor): SQL => sql`e.enterprise_id = ${v.enterpriseId} and ${eventScope(v)} and e.dispatch_state = 0 and e.close_state = 0`;

/** The viewer's own events as principal, by process states and close flag. */
export const principalCond = (v: Actor, states: number[], close: number): SQL =>
  sql`e.enterprise_id = ${v.enterpriseId} and e.deleted_at is null and e.principal_id = ${v.id}
        and e.process_state in (${sql.join(
          states.map((s) => sql`${s}`),
          sql`, `,
        )}) and e.close_state = ${close}`;
