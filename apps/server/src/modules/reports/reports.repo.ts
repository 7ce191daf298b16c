import { type ReportAxis, type ReportDimension, type ReportParams, reportParams, type SavedQuery } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime, bigints } from '../../platform/sql';
import type { ReportSql } from './defs.repo';
import { AXIS_CODES, AXIS_COLUMNS, DIM_COLUMNS, REPORT_AGGS, REPORT_CODES } from './summary.repo';

/** Saved report queries (report_queries). */

interface QueryRow {
  id: number;
  name: string;
  params: unknown;
  shared: boolean;
  in_digest: boolean;
  user_id: number;
  owner: string | null;
  updated: string;
}

/** What the viewer may see: his own and the enterprise's shared queries. */
const visible = (a: Actor) => sql`q.enterprise_id = ${a.enterpriseId} and (q.user_id = ${a.id} or q.shared)`;

/** A saved query as the contract shapes it. */
const toSavedQuery = (a: Actor, r: QueryRow): SavedQuery => ({
  id: r.id,
  name: r.name,
  params: reportParams.parse(r.params),
  shared: r.shared,
  inDigest: r.in_digest,
  mine: r.user_id === a.id,
  ownerName: r.owner ?? '',
  updatedAt: r.updated,
});

export function listQueries(ex: Executor, a: Actor, page: PageRequest): Promise<{ list: SavedQuery[]; count: number }> {
  return listPage(
    page,
    async () =>
      (
        await rows<QueryRow>(
          ex,
          sql`select q.id, q.name, q.params, q.shared, q.in_digest, q.user_id, u.name as owner, ${apiTime(sql`q.updated_at`, a.timeZone)} as updated
            from report_queries q left join users u on u.enterprise_id = q.enterprise_id and u.id = q.user_id
            where ${visible(a)} order by (q.user_id = ${a.id}) desc, q.updated_at desc, q.id desc ${pageSql(page)}`,
        )
      ).map((r) => toSavedQuery(a, r)),
    () => countOf(ex, sql`report_queries q`, visible(a)),
  );
}

export async function createQuery(ex: Executor, a: Actor, b: { name: string; params: ReportParams; shared?: boolean; inDigest?: boolean }): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into report_queries (enterprise_id, user_id, name, params, shared, in_digest)
      values (${a.enterpriseId}, ${a.id}, ${b.name}, ${JSON.stringify(b.params)}::jsonb, ${b.shared ?? false}, ${b.inDigest ?? false}) returning id`,
  );
  return r?.id as number;
}

/** Only the owner changes or deletes a query; another's (shared or not) and another enterprise's answer not found. */
export async function updateQuery(
  ex: Executor,
  a: Actor,
  id: number,
  b: { name?: string; params?: ReportParams; shared?: boolean; inDigest?: boolean },
): Promise<void> {
  const found = await rows<{ id: number }>(
    ex,
    sql`update report_queries set name = coalesce(${b.name ?? null}, name),
        params = coalesce(${b.params ? JSON.stringify(b.params) : null}::jsonb, params),
        shared = coalesce(${b.shared ?? null}::boolean, shared), in_digest = coalesce(${b.inDigest ?? null}::boolean, in_digest), updated_at = now()
      where enterprise_id = ${a.enterpriseId} and id = ${id} and user_id = ${a.id} returning id`,
  );
  if (found.length === 0) throw new AppError('NOT_FOUND');
}

export async function deleteQuery(ex: Executor, a: Actor, id: number): Promise<void> {
  const found = await rows<{ id: number }>(
    ex,
    sql`delete from report_queries where enterprise_id = ${a.enterpriseId} and id = ${id} and user_id = ${a.id} returning id`,
  );
  if (found.length === 0) throw new AppError('NOT_FOUND');
}

/** The owner's queries added to his 8:30 digest. */
export async function digestQueries(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>): Promise<{ name: string; params: ReportParams }[]> {
  const found = await rows<{ name: string; params: unknown }>(
    ex,
    sql`select name, params from report_queries where enterprise_id = ${a.enterpriseId} and user_id = ${a.id} and in_digest order by id`,
  );
  return found.map((r) => ({ name: r.name, params: reportParams.parse(r.params) }));
}

/**
 * A report's row as its query returns it: the dimension's key as text (k) and the report's named aggregates, counts as
 * numbers (bigint parses to number) and sums of money or minutes as numeric text.
 */
export type ReportAggRow = { k: string | null } & Record<string, string | number | null>;

/** The one place a report row's aggregates become numbers (numeric sums arrive as text). */
export function toAggs(r: ReportAggRow): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) if (k !== 'k') out[k] = Number(v ?? 0);
  return out;
}

/** What the exact aggregation over the orders needs: the dimension's key, the list's where, and whether it is narrow. */
export interface ExactReport {
  ep: number;
  impl: ReportSql;
  key: SQL;
  where: SQL;
  /** A scoped or filtered report: the other tables' figures are read for the counted orders only. */
  narrow: boolean;
}

/** A dimension's key of an order: its column, or the day or month of the axis time in the viewer's time zone. */
const DIM_KEYS: Record<ReportDimension, (tz: string, axisCol: string) => SQL> = {
  state: () => sql`o.state`,
  template: () => sql`o.template_id`,
  team: () => sql`o.service_group_id`,
  engineer: () => sql`o.service_user_id`,
  provider: () => sql`o.provider_id`,
  source: () => sql`o.source`,
  priority: () => sql`o.priority`,
  day: (tz, col) => sql`to_char(${sql.raw(col)} at time zone ${tz}, 'YYYY-MM-DD')`,
  month: (tz, col) => sql`to_char(${sql.raw(col)} at time zone ${tz}, 'YYYY-MM')`,
};

export const dimensionKey = (dim: ReportDimension, tz: string, axis: ReportAxis): SQL => DIM_KEYS[dim](tz, AXIS_COLUMNS[axis]);

/** The exact aggregation over the orders: one row per key. */
export const exactReportSql = (q: ExactReport): SQL =>
  sql`select (${q.key})::text as k, ${q.impl.aggs} from orders o ${q.impl.joins?.(q.ep, q.narrow ? sql`(select o.id from orders o where ${q.where})` : undefined) ?? sql``}
    where ${q.where}${q.impl.where ? sql` and ${q.impl.where}` : sql``} group by 1 order by 1 nulls last`;

export function exactReportRows(ex: Executor, q: ExactReport): Promise<ReportAggRow[]> {
  return rows<ReportAggRow>(ex, exactReportSql(q));
}

/** The per-day summary's rows of a period of whole days, summed by key (the summary was flushed first). */
export function summaryReportSql(a: Pick<Actor, 'enterpriseId'>, p: ReportParams, days: { from: string; to: string }): SQL {
  const d = DIM_COLUMNS[p.dimension];
  const key = d ? sql`case when s.k = -1 then null else s.k::text end` : sql`to_char(s.day, ${p.dimension === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'})`;
  const sums = sql.join(
    REPORT_AGGS[p.reportId].map((name, i) => sql`sum(s.${sql.raw(`a${i + 1}`)}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`select ${key} as k, ${sums} from order_report_day_stats s
      where s.enterprise_id = ${a.enterpriseId} and s.report = ${REPORT_CODES[p.reportId]} and s.axis = ${AXIS_CODES[p.axis]}
        and s.dim = ${d?.code ?? 1} and s.day between ${days.from}::date and ${days.to}::date
      group by 1 order by 1 nulls last`;
}

export function summaryReportRows(ex: Executor, a: Pick<Actor, 'enterpriseId'>, p: ReportParams, days: { from: string; to: string }): Promise<ReportAggRow[]> {
  return rows<ReportAggRow>(ex, summaryReportSql(a, p, days));
}

/** Names of a dimension's ids in one table of the enterprise, by id as text. */
export async function namesByIds(ex: Executor, ep: number, table: string, ids: number[]): Promise<Map<string, string>> {
  const found = await rows<{ id: string; name: string }>(
    ex,
    sql`select id::text as id, name from ${sql.identifier(table)} where enterprise_id = ${ep} and id = any(${bigints(ids)})`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}
