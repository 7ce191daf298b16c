// Queries of the complaint list, detail and the quality report. The filters read complaints alone (customer,
// product, serial, engineer and provider are copied in), each on its own index (db/schema/quality.ts).
import { type ComplaintQuery, type ComplaintRow, type QualityReport, type QualityReportBy, QUALITY_REPORT_BY } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, pageRows } from '../../platform/list';
import { contains } from '../../platform/search';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { wholeDays } from '../visits/report.service';
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

export function complaintPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>, q: ComplaintQuery) {
  const w = and([sql`c.enterprise_id = ${a.enterpriseId}`, complaintScope(a), ...complaintFilters(q, a)]);
  return listPage(
    q,
    async () =>
      (
        await rows<Row>(
          ex,
          sql`select ${rowColumns(a)} from (${pageRows('complaints', 'c', a.enterpriseId, w, sql`c.created_at desc, c.id desc`, q)}) c ${rowJoins}
            order by c.created_at desc, c.id desc`,
        )
      ).map(toComplaintRow),
    () => countOf(ex, sql`complaints c`, w),
  );
}

/** One complaint with its names (in the caller's scope), or undefined. */
export async function complaintRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone' | 'providerId'>, id: number) {
  const [r] = await rows<Row & Record<string, unknown>>(
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
      complaints: Number(r.n),
      closed: Number(r.closed),
      cost: Number(r.cost),
    })),
    total: list.reduce((s, r) => s + Number(r.n), 0),
    repeats: repeats.map((r) => ({ serialNumber: r.serial_number, complaints: Number(r.n) })),
  };
}
