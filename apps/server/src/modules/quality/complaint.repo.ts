// Queries of the complaint list, detail and the quality report. The filters read complaints alone (customer,
// product, serial, engineer and provider are copied in), each on its own index (db/schema/quality.ts).
import {
  COMPLAINT_ACTION_NAMES,
  type ComplaintDetail,
  type ComplaintQuery,
  type ComplaintRow,
  type QualityReport,
  type QualityReportBy,
  QUALITY_REPORT_BY,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { contains } from '../../platform/search';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { presentStateLog } from '../../platform/state';
import { wholeDays } from '../visits/index';
import { COMPLAINT_CLOCK, type LevelTarget } from './complaint.types';
import { SUMMARY_DIM } from './summary';

type Tz = Pick<Actor, 'timeZone'>;

/** An outsourced provider's user sees only the complaints on his provider's work (docs/permissions.md). */
export const complaintScope = (a: Pick<Actor, 'providerId'>, alias = 'c'): SQL =>
  a.providerId == null ? sql`true` : sql`${sql.raw(alias)}.provider_id = ${a.providerId}`;

export function complaintFilters(q: Partial<ComplaintQuery>, v: Tz): SQL[] {
  return [
    q.keyword
      ? sql`(c.complaint_no = ${q.keyword} or ${contains(sql`c.search_grams`, [sql`c.title`, sql`c.complaint_no`, sql`c.customer_name`], q.keyword)})`
      : null,
    q.state ? sql`c.state = ${q.state}` : null,
    q.level ? sql`c.level = ${q.level}` : null,
    q.sourceType ? sql`c.source_type = ${q.sourceType}` : null,
    q.customerId ? sql`c.customer_id = ${q.customerId}` : null,
    q.productModelId ? sql`c.product_model_id = ${q.productModelId}` : null,
    q.faultModeId ? sql`c.fault_mode_id = ${q.faultModeId}` : null,
    q.placeOfUse ? sql`c.place_of_use = ${q.placeOfUse}` : null,
    q.salesUnit ? sql`c.sales_unit = ${q.salesUnit}` : null,
    q.responsibility ? sql`c.responsibility = ${q.responsibility}` : null,
    q.serialNumber ? sql`c.serial_number = ${q.serialNumber}` : null,
    ...createdBetween(sql`c.created_at`, v, q.startTime, q.endTime),
  ].filter((c): c is SQL => c !== null);
}

export interface Row {
  id: number;
  complaint_no: string;
  title: string;
  state: number;
  level: string;
  source_type: number;
  customer_id: number | null;
  customer_name: string | null;
  product_name: string | null;
  serial_number: string | null;
  engineer_name: string | null;
  provider_name: string | null;
  handler_name: string | null;
  response_due: string | null;
  resolve_due: string | null;
  response_overdue: boolean;
  resolve_overdue: boolean;
  reopen_count: number;
  create_time: string;
}
/** The one place a complaint row becomes the contract's list row. */
export const toComplaintRow = (r: Row): ComplaintRow => ({
  id: r.id,
  complaintNo: r.complaint_no,
  title: r.title,
  state: r.state,
  level: r.level,
  sourceType: r.source_type,
  customerId: r.customer_id,
  customerName: r.customer_name,
  productName: r.product_name,
  serialNumber: r.serial_number,
  engineerName: r.engineer_name,
  providerName: r.provider_name,
  handlerName: r.handler_name,
  responseDue: r.response_due,
  resolveDue: r.resolve_due,
  responseOverdue: r.response_overdue,
  resolveOverdue: r.resolve_overdue,
  reopenCount: r.reopen_count,
  create_time: r.create_time,
});

export const rowColumns = (v: Tz) => sql`c.id, c.complaint_no, c.title, c.state, c.level, c.source_type, c.customer_id, c.customer_name,
  pm.name as product_name, c.serial_number, e.name as engineer_name, sp.name as provider_name, h.name as handler_name,
  ${timeOf(sql`c.response_due_at`, v)} as response_due, ${timeOf(sql`c.resolve_due_at`, v)} as resolve_due,
  coalesce(c.responded_at, now()) > c.response_due_at as response_overdue,
  coalesce(c.resolved_at, now()) > c.resolve_due_at as resolve_overdue,
  c.reopen_count, ${timeOf(sql`c.created_at`, v)} as create_time`;
export const rowJoins = sql`left join product_models pm on pm.enterprise_id = c.enterprise_id and pm.id = c.product_model_id
  left join users e on e.enterprise_id = c.enterprise_id and e.id = c.engineer_id
  left join users h on h.enterprise_id = c.enterprise_id and h.id = c.handler_id
  left join service_providers sp on sp.enterprise_id = c.enterprise_id and sp.id = c.provider_id`;

type ListScope = Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>;

/** The list's condition: the enterprise, the caller's scope and the filters (alias c). */
export const complaintWhere = (a: ListScope, q: Partial<ComplaintQuery>): SQL =>
  and([sql`c.enterprise_id = ${a.enterpriseId}`, complaintScope(a), ...complaintFilters(q, a)]);

/** The statement of one page of complaints, newest first (quality.sql.snap). */
export const complaintPageSql = (a: ListScope, q: Partial<ComplaintQuery>, page: PageRequest): SQL =>
  sql`select ${rowColumns(a)} from (${pageRows('complaints', 'c', a.enterpriseId, complaintWhere(a, q), sql`c.created_at desc, c.id desc`, page)}) c ${rowJoins}
            order by c.created_at desc, c.id desc`;

export function complaintPage(ex: Executor, a: ListScope, q: ComplaintQuery) {
  return listPage(
    q,
    async () => (await rows<Row>(ex, complaintPageSql(a, q, q))).map(toComplaintRow),
    () => countOf(ex, sql`complaints c`, complaintWhere(a, q)),
  );
}

/** The detail's own columns beside the list row's. */
export interface DetailRow extends Row {
  content: string | null;
  complainant: string | null;
  phone: string | null;
  order_id: number | null;
  order_no: string | null;
  event_id: number | null;
  visit_task_id: number | null;
  installed_product_id: number | null;
  product_model_id: number | null;
  handler_id: number | null;
  responsibility: string | null;
  analysis_unit: string | null;
  sales_unit: string | null;
  place_of_use: string | null;
  fault_mode_id: number | null;
  cause_analysis: string | null;
  resolution: string | null;
  cost_parts: number;
  cost_labour: number;
  cost_compensation: number;
  version: number;
  responded_time: string | null;
  resolved_time: string | null;
  closed_time: string | null;
}

/** One complaint with its names (in the caller's scope), or undefined. */
export async function complaintRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>, id: number) {
  const [r] = await rows<DetailRow>(
    ex,
    sql`select ${rowColumns(a)}, c.content, c.complainant, c.phone, c.order_id, o.order_no, c.event_id, c.visit_task_id, c.installed_product_id,
        c.product_model_id, c.handler_id, c.responsibility, c.analysis_unit, c.sales_unit, c.place_of_use, c.fault_mode_id, c.cause_analysis,
        c.resolution, c.cost_parts, c.cost_labour, c.cost_compensation, c.version, ${timeOf(sql`c.responded_at`, a)} as responded_time,
        ${timeOf(sql`c.resolved_at`, a)} as resolved_time, ${timeOf(sql`c.closed_at`, a)} as closed_time
      from complaints c ${rowJoins}
      left join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
      where c.enterprise_id = ${a.enterpriseId} and c.id = ${id} and ${complaintScope(a)}`,
  );
  return r;
}

export interface LogRow {
  action: string;
  from_state: number | null;
  to_state: number;
  note: string | null;
  user_name: string | null;
  time: string;
}

/** A complaint's log, oldest first. */
export const complaintLog = (ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number) =>
  rows<LogRow>(
    ex,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from complaint_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.complaint_id = ${id} order by l.id`,
  );

/** The one place a complaint's detail row (with its log, the fault path and the abilities the service decides) becomes the contract's detail. */
export const toComplaintDetail = (r: DetailRow, log: LogRow[], more: Pick<ComplaintDetail, 'faultModePath' | 'abilities'>): ComplaintDetail => ({
  ...toComplaintRow(r),
  content: r.content,
  complainant: r.complainant,
  phone: r.phone,
  orderId: r.order_id,
  orderNo: r.order_no,
  eventId: r.event_id,
  visitTaskId: r.visit_task_id,
  installedProductId: r.installed_product_id,
  productModelId: r.product_model_id,
  handlerId: r.handler_id,
  responsibility: r.responsibility,
  analysisUnit: r.analysis_unit,
  salesUnit: r.sales_unit,
  placeOfUse: r.place_of_use,
  faultModeId: r.fault_mode_id,
  faultModePath: more.faultModePath,
  causeAnalysis: r.cause_analysis,
  resolution: r.resolution,
  costParts: r.cost_parts,
  costLabour: r.cost_labour,
  costCompensation: r.cost_compensation,
  costTotal: r.cost_parts + r.cost_labour + r.cost_compensation,
  respondedTime: r.responded_time,
  resolvedTime: r.resolved_time,
  closedTime: r.closed_time,
  version: r.version,
  abilities: more.abilities,
  log: log.map((l) => presentStateLog(l, COMPLAINT_ACTION_NAMES)),
});

/** What `select *` gives of a complaint (timestamps as the driver's text). A type, not an interface: the state helper and the edit log read it by column name. */
export type ComplaintRecord = {
  id: number;
  complaint_no: string;
  source_type: number;
  order_id: number | null;
  customer_id: number | null;
  customer_name: string | null;
  installed_product_id: number | null;
  product_model_id: number | null;
  serial_number: string | null;
  provider_id: number | null;
  level: string;
  state: number;
  version: number;
  responsibility: string | null;
  analysis_unit: string | null;
  resolve_started_at: string | null;
  responded_at: string | null;
  resolved_at: string | null;
  created_at: string;
  [column: string]: unknown;
};

/** The whole complaint in the caller's scope (locked for the edit), or undefined. */
export async function complaintRecord(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number, lock = false) {
  const [r] = await rows<ComplaintRecord>(
    ex,
    sql`select * from complaints c where c.enterprise_id = ${a.enterpriseId} and c.id = ${id} and ${complaintScope(a)}${lock ? sql` for update` : sql``}`,
  );
  return r;
}

/** What a complaint copies from an event: customer, product, principal and contact. `scope` limits the events. */
export async function eventForComplaint(ex: Executor, ep: number, eventId: number, scope: SQL = sql`true`) {
  const [e] = await rows<{
    id: number;
    title: string;
    customer_id: number | null;
    installed_product_id: number | null;
    principal_id: number | null;
    custom_linkperson: string | null;
    custom_phone: string | null;
  }>(
    ex,
    sql`select e.id, e.title, e.customer_id, e.installed_product_id, e.principal_id, e.custom_linkperson, e.custom_phone from events e
      where e.enterprise_id = ${ep} and e.id = ${eventId} and ${scope}`,
  );
  return e;
}

/** What a complaint copies from an order (opened from its failed return visit). */
export async function orderForComplaint(ex: Executor, ep: number, orderId: number) {
  const [o] = await rows<{
    id: number;
    title: string;
    customer_id: number | null;
    installed_product_id: number | null;
    service_user_id: number | null;
    provider_id: number | null;
    custom_link_person: string | null;
    custom_phone: string | null;
  }>(
    ex,
    sql`select o.id, o.title, o.customer_id, o.installed_product_id, o.service_user_id, o.provider_id, o.custom_link_person, o.custom_phone
      from orders o where o.enterprise_id = ${ep} and o.id = ${orderId}`,
  );
  return o;
}

/** A return-visit task's kind and record, for the complaint it opens. */
export async function visitForComplaint(ex: Executor, ep: number, taskId: number) {
  const [t] = await rows<{ visit_type: number; record_id: number; order_id: number | null }>(
    ex,
    sql`select visit_type, record_id, order_id from return_visit_tasks where enterprise_id = ${ep} and id = ${taskId}`,
  );
  return t;
}

/** A user of the enterprise not deleted, or undefined. */
export async function liveUser(ex: Executor, ep: number, id: number) {
  const [u] = await rows<{ id: number }>(ex, sql`select id from users where enterprise_id = ${ep} and id = ${id} and deleted_at is null`);
  return u;
}

/** The product and serial of an installed unit. */
export async function unitOf(ex: Executor, ep: number, installedProductId: number) {
  const [p] = await rows<{ product_id: number; serial_number: string | null }>(
    ex,
    sql`select product_id, serial_number from installed_products where enterprise_id = ${ep} and id = ${installedProductId}`,
  );
  return p;
}

/** A customer's name (the customer of the enterprise), or undefined when there is none. */
export async function customerOf(ex: Executor, ep: number, id: number) {
  const [c] = await rows<{ id: number; name: string }>(ex, sql`select id, name from customers where enterprise_id = ${ep} and id = ${id}`);
  return c;
}

/** Whether the installed unit belongs to the customer. */
export async function unitOfCustomer(ex: Executor, ep: number, installedProductId: number, customerId: number) {
  const [p] = await rows<{ id: number }>(
    ex,
    sql`select id from installed_products where enterprise_id = ${ep} and id = ${installedProductId} and customer_id = ${customerId}`,
  );
  return !!p;
}

/** The fault mode, key-share locked so it is not deleted under the edit; undefined when not the enterprise's. */
export async function faultModeHeld(ex: Executor, ep: number, id: number) {
  const [f] = await rows<{ id: number }>(ex, sql`select id from fault_modes where enterprise_id = ${ep} and id = ${id} for key share`);
  return f;
}

export interface ComplaintInsert {
  tmpNo: string;
  sourceType: number;
  orderId: number | null;
  eventId: number | null;
  visitTaskId: number | null;
  customerId: number | null;
  customerName: string | null;
  installedProductId: number | null;
  productModelId: number | null;
  serialNumber: string | null;
  engineerId: number | null;
  providerId: number | null;
  handlerId: number | null;
  title: string;
  content: string | null;
  complainant: string | null;
  phone: string | null;
  level: string;
  startedAt: string;
  responseDue: string | null;
  resolveDue: string | null;
  createdBy: number | null;
}

/** Inserts a complaint under a temporary number; its id, or undefined when the visit task already has one. */
export async function insertComplaintRow(tx: Executor, ep: number, o: ComplaintInsert) {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, event_id, visit_task_id, customer_id, customer_name,
        installed_product_id, product_model_id, serial_number, engineer_id, provider_id, handler_id, title, content, complainant, phone, level,
        resolve_started_at, response_due_at, resolve_due_at, created_by, created_at)
      values (${ep}, ${o.tmpNo}, ${o.sourceType}, ${o.orderId}, ${o.eventId},
        ${o.visitTaskId}, ${o.customerId}, ${o.customerName}, ${o.installedProductId}, ${o.productModelId}, ${o.serialNumber},
        ${o.engineerId}, ${o.providerId}, ${o.handlerId}, ${o.title}, ${o.content}, ${o.complainant}, ${o.phone}, ${o.level},
        ${o.startedAt}, ${o.responseDue}, ${o.resolveDue}, ${o.createdBy}, ${o.startedAt})
      on conflict (enterprise_id, visit_task_id) do nothing
      returning id`,
  );
  return r?.id;
}

/** Gives a new complaint its number and search grams. */
export const numberComplaint = (tx: Executor, ep: number, id: number, no: string, grams: SQL) =>
  tx.execute(sql`update complaints set complaint_no = ${no}, search_grams = ${grams} where enterprise_id = ${ep} and id = ${id}`);

/** Writes an edit's columns when the version is still `version`; false when another edit came first. */
export async function updateComplaint(tx: Executor, ep: number, id: number, version: number, patch: Record<string, unknown>, grams: SQL) {
  const sets = Object.entries(patch).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  const done = await rows<{ id: number }>(
    tx,
    sql`update complaints set ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now(), search_grams = ${grams}
        where enterprise_id = ${ep} and id = ${id} and version = ${version} returning id`,
  );
  return done.length > 0;
}

/** The grouping column and the name shown for it. */
const GROUPS: Record<QualityReportBy, { key: SQL; name: SQL; join: SQL }> = {
  productModel: {
    key: sql`c.product_model_id::text`,
    name: sql`pm.name`,
    join: sql`left join product_models pm on pm.enterprise_id = c.enterprise_id and pm.id = c.product_model_id`,
  },
  faultMode: {
    key: sql`c.fault_mode_id::text`,
    name: sql`fm.name || '（' || fm.code || '）'`,
    join: sql`left join fault_modes fm on fm.enterprise_id = c.enterprise_id and fm.id = c.fault_mode_id`,
  },
  placeOfUse: { key: sql`c.place_of_use`, name: sql`c.place_of_use`, join: sql`` },
  salesUnit: { key: sql`c.sales_unit`, name: sql`c.sales_unit`, join: sql`` },
  responsibility: { key: sql`c.responsibility`, name: sql`c.responsibility`, join: sql`` },
};

/** The names of a summary row's key (alias s), by grouping: the summary holds ids and texts, the names are joined after grouping. */
function summaryNames(ep: number, by: QualityReportBy): { name: SQL; join: SQL } {
  if (by === 'productModel') return { name: sql`pm.name`, join: sql`left join product_models pm on pm.enterprise_id = ${ep} and pm.id = s.key::bigint` };
  if (by === 'faultMode')
    return { name: sql`fm.name || '（' || fm.code || '）'`, join: sql`left join fault_modes fm on fm.enterprise_id = ${ep} and fm.id = s.key::bigint` };
  return { name: sql`s.key`, join: sql`` };
}
/** Where the report reads: the summaries (the API), or the complaints themselves (the tests' reference). */
export type ReportSource = 'summary' | 'complaints';
type GroupRow = { key: string | null; name: string | null; n: number; closed: number; cost: number };

/**
 * The groups of a period: from the per-day summary when the period is whole days (modules/quality/summary.ts, a range
 * of the grouping's days), else from the complaints themselves (a period cutting a day).
 */
async function reportGroups(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>,
  by: QualityReportBy,
  from: ReportSource,
  startTime?: string,
  endTime?: string,
) {
  const days = from === 'summary' ? wholeDays(startTime, endTime) : null;
  if (days) {
    const names = summaryNames(a.enterpriseId, by);
    const w = and([
      sql`x.enterprise_id = ${a.enterpriseId}`,
      sql`x.dim = ${SUMMARY_DIM[by]}`,
      a.providerId == null ? null : sql`x.provider_id = ${a.providerId}`,
      days.from ? sql`x.day >= ${days.from}::date` : null,
      days.to ? sql`x.day <= ${days.to}::date` : null,
    ]);
    return rows<GroupRow>(
      ex,
      sql`select s.key, ${names.name} as name, s.n, s.closed, s.cost from (
          select nullif(x.key, '') as key, sum(x.n)::int as n, sum(x.closed)::int as closed, coalesce(sum(x.cost), 0)::float8 as cost
          from complaint_day_stats x where ${w} group by 1 having sum(x.n) > 0) s ${names.join}
        order by s.n desc, s.key`,
    );
  }
  const g = GROUPS[by];
  const w = and([sql`c.enterprise_id = ${a.enterpriseId}`, complaintScope(a), ...createdBetween(sql`c.created_at`, a, startTime, endTime)]);
  return rows<GroupRow>(
    ex,
    sql`select ${g.key} as key, min(${g.name}) as name, count(*)::int as n, count(*) filter (where c.state = 5)::int as closed,
        coalesce(sum(c.cost_parts + c.cost_labour + c.cost_compensation), 0)::float8 as cost
      from complaints c ${g.join} where ${w} group by 1 order by n desc, 1`,
  );
}

/**
 * Serial numbers complained about more than once in the period: all time for the enterprise's staff from the per-serial
 * counts (their partial index holds only repeats, in the report's order); a period (or a provider's scope) groups its own
 * complaints (the planner walks complaints_serial_idx or scans the period: 0.7–0.9 s at 1,000,000, docs/quality.md).
 */
async function reportRepeats(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>,
  from: ReportSource,
  startTime?: string,
  endTime?: string,
) {
  if (from === 'summary' && !startTime && !endTime && a.providerId == null) {
    return rows<{ serial_number: string; n: number }>(
      ex,
      sql`select serial as serial_number, n from complaint_serial_stats where enterprise_id = ${a.enterpriseId} and n > 1 order by n desc nulls last, serial limit 50`,
    );
  }
  const w = and([sql`c.enterprise_id = ${a.enterpriseId}`, complaintScope(a), ...createdBetween(sql`c.created_at`, a, startTime, endTime)]);
  return rows<{ serial_number: string; n: number }>(
    ex,
    sql`select c.serial_number, count(*)::int as n from complaints c where ${w} and c.serial_number is not null
      group by 1 having count(*) > 1 order by n desc, 1 limit 50`,
  );
}

/** Complaints of a period grouped by one dimension (count, closed, cost), and the serials complained about more than once. */
export async function qualityReport(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>,
  by: QualityReportBy,
  startTime?: string,
  endTime?: string,
  from: ReportSource = 'summary',
): Promise<QualityReport> {
  const list = await reportGroups(ex, a, by, from, startTime, endTime);
  const repeats = await reportRepeats(ex, a, from, startTime, endTime);
  return {
    rows: list.map((r) => ({
      key: r.key,
      name: r.key == null ? `未填写${QUALITY_REPORT_BY[by]}` : (r.name ?? r.key),
      complaints: r.n,
      closed: r.closed,
      cost: r.cost,
    })),
    total: list.reduce((s, r) => s + r.n, 0),
    repeats: repeats.map((r) => ({ serialNumber: r.serial_number, complaints: r.n })),
  };
}

// ---- patch values of a state change ----

/** 受理 keeps a handler already named, else makes the accepting user the handler. */
export const handlerOr = (userId: number): SQL => sql`coalesce(handler_id, ${userId}::bigint)`;

/** A reopen counts one more. */
export const REOPEN_COUNT_UP: SQL = sql`reopen_count + 1`;

// ---- dictionaries ----

// ---- level targets ----

/** The enterprise's targets of a complaint level, if it set them. */
export async function levelTargetRow(ex: Executor, ep: number, level: string) {
  const [r] = await rows<{ response_minutes: number; resolve_minutes: number; business: boolean }>(
    ex,
    sql`select response_minutes, resolve_minutes, business from complaint_level_targets where enterprise_id = ${ep} and level = ${level}`,
  );
  return r;
}

export async function saveTarget(ex: Executor, ep: number, t: LevelTarget): Promise<void> {
  await ex.execute(sql`insert into complaint_level_targets (enterprise_id, level, response_minutes, resolve_minutes, business)
    values (${ep}, ${t.level}, ${t.responseMinutes}, ${t.resolveMinutes}, ${t.business})
    on conflict (enterprise_id, level) do update set response_minutes = excluded.response_minutes, resolve_minutes = excluded.resolve_minutes,
      business = excluded.business, updated_at = now()`);
}

/** Drops one of the complaint's clocks (a reopen starts the resolution clock again). */
export async function dropComplaintClock(ex: Executor, ep: number, complaintId: number, type: number): Promise<void> {
  await ex.execute(sql`delete from complaint_sla_clocks where enterprise_id = ${ep} and complaint_id = ${complaintId} and type = ${type}`);
}

/** The complaint's due times become its running clocks' deadlines; a met or missing clock leaves its due time as it was. */
export async function copyClockDeadlines(ex: Executor, ep: number, complaintIds: number | number[]): Promise<void> {
  const ids = Array.isArray(complaintIds) ? complaintIds : [complaintIds];
  const due = (type: number) =>
    sql`(select k.deadline_at from complaint_sla_clocks k where k.enterprise_id = c.enterprise_id and k.complaint_id = c.id and k.type = ${type} and k.outcome = 0)`;
  await ex.execute(sql`update complaints c set response_due_at = coalesce(${due(COMPLAINT_CLOCK.response)}, c.response_due_at),
      resolve_due_at = coalesce(${due(COMPLAINT_CLOCK.resolve)}, c.resolve_due_at)
    where c.enterprise_id = ${ep} and c.id = any(${`{${ids.join(',')}}`}::bigint[])`);
}
