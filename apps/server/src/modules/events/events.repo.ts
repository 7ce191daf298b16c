import { EVENT_TAG_CODE, type EventFilters, type EventRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { countOf, listPage, type PageRequest, sortOf } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { contains, prefixPattern } from '../../platform/search';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { eventMarks } from '../sla/event.sla';
import { hasAnyTag, tagsOf } from '../tags/tag-links';
import { eventScope } from './event.state';
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

interface RawRow {
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

/** The list columns for the rows `inner` picks; names are joined for the page only. */
function rowSelect(v: Actor, inner: SQL, order: SQL): SQL {
  return sql`select e.id, e.event_no, e.title, e.state, e.priority, e.template_id, t.name as template_name, e.customer_id, e.custom_name,
      e.custom_linkperson, e.custom_phone, e.full_address, e.principal_id, pu.name as principal_name, cu.name as creator_name,
      ${timeOf(sql`e.created_at`, v)} as create_time
    from (${inner}) e
    left join form_templates t on t.enterprise_id = e.enterprise_id and t.id = e.template_id
    left join users pu on pu.enterprise_id = e.enterprise_id and pu.id = e.principal_id
    left join users cu on cu.enterprise_id = e.enterprise_id and cu.id = e.created_by
    order by ${order}`;
}

const n = (x: unknown): number | null => (x == null ? null : Number(x));

export async function presentRows(ex: Executor, v: Actor, raw: RawRow[]): Promise<EventRow[]> {
  const tags = await tagsOf(
    ex,
    v.enterpriseId,
    EVENT_TAG_CODE,
    raw.map((r) => Number(r.id)),
  );
  const marks = await eventMarks(
    ex,
    v.enterpriseId,
    raw.map((r) => Number(r.id)),
  );
  return raw.map((r) => ({
    id: Number(r.id),
    eventNo: r.event_no,
    title: r.title,
    state: Number(r.state),
    priority: Number(r.priority),
    templateId: Number(r.template_id),
    templateName: r.template_name,
    customerId: n(r.customer_id),
    customName: r.custom_name,
    customLinkperson: r.custom_linkperson,
    customPhone: r.custom_phone,
    address: r.full_address,
    principalId: n(r.principal_id),
    principalName: r.principal_name,
    creatorName: r.creator_name,
    tags: tags.get(Number(r.id)) ?? [],
    create_time: r.create_time,
    slaMark: marks.get(Number(r.id)) ?? null,
  }));
}

const ORDER = { 1: sql`e.created_at desc, e.id desc`, 2: sql`e.created_at asc, e.id asc` } as const;

/** Filters no index holds in creation order: the list walks past the rows they leave out (searchPageRows keeps them). */
const walked = (f: Partial<EventFilters>): boolean =>
  Boolean(f.keyword || f.custom_name || f.custom_linkperson || f.custom_phone || f.custom_detail_addr || f.map_name || f.event_label);

/** One page of an event list and its capped count. */
export function listEvents(ex: Executor, v: Actor, kind: EventListKind, q: Partial<EventFilters> & PageRequest & { sortType?: 1 | 2 }) {
  const order = sortOf(ORDER, q.sortType, 1);
  const where = and(eventConds(v, kind, q));
  return listPage(
    q,
    async () =>
      presentRows(ex, v, await rows<RawRow>(ex, rowSelect(v, await listPageRows(ex, walked(q), 'events', 'e', v.enterpriseId, where, order, q), order))),
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
  return found.map((r) => Number(r.id));
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
  return presentRows(ex, v, await rows<RawRow>(ex, rowSelect(v, inner, sql`e.id desc`)));
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
  return Number(r?.n ?? 0);
}
