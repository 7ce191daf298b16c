// The statements of 运营报表's per-day summary (summary.ts says when they run): the table's codes, a report's recompute
// of some days, and the marks' reads and deletes.
import type { ReportAxis, ReportDimension, ReportId } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { orderListWhere } from '../orders/index';
import { REPORT_SQL } from './defs.repo';

export const REPORT_CODES: Record<ReportId, number> = {
  orderVolume: 1,
  slaAttainment: 2,
  firstFix: 3,
  utilisation: 4,
  parts: 5,
  visitPass: 6,
  complaintRate: 7,
  providerFees: 8,
};
/** The aggregates each report declares (REPORT_SQL[id].aggs), in order: the summary's a1…a4. */
export const REPORT_AGGS: Record<ReportId, string[]> = {
  orderVolume: ['orders', 'completed', 'cancelled', 'open'],
  slaAttainment: ['measured', 'met', 'breached'],
  firstFix: ['completed', 'repeat'],
  utilisation: ['completed', 'hours'],
  parts: ['orders', 'quantity', 'warranty', 'charged'],
  visitPass: ['tasks', 'reached', 'passed'],
  complaintRate: ['completed', 'complained', 'complaints'],
  providerFees: ['orders', 'fees', 'penalties'],
};
export const AXIS_CODES: Record<ReportAxis, number> = { created: 1, completed: 2, approved: 3 };
/** The orders' column of each date axis. */
export const AXIS_COLUMNS: Record<ReportAxis, string> = { created: 'o.created_at', completed: 'o.finished_at', approved: 'o.complete_examined_at' };
/** The grouping dimensions kept; day and month are sums of the state rows. */
export const DIM_COLUMNS: Partial<Record<ReportDimension, { code: number; col: string }>> = {
  state: { code: 1, col: 'state' },
  template: { code: 2, col: 'template_id' },
  team: { code: 3, col: 'service_group_id' },
  engineer: { code: 4, col: 'service_user_id' },
  provider: { code: 5, col: 'provider_id' },
  source: { code: 6, col: 'source' },
  priority: { code: 7, col: 'priority' },
};
const DIMS = Object.values(DIM_COLUMNS) as { code: number; col: string }[];

/** Lock class of a summary flush (with the enterprise id): one flush per enterprise at a time. */
export const FLUSH_LOCK = 33_001;

/** The enterprise as its director sees it: the list conditions of the whole enterprise (the recycle bin out). */
export const enterpriseWhere = (enterpriseId: number, timeZone: string): SQL =>
  orderListWhere({ id: 0, enterpriseId, sysrole: 10, admin: true, providerId: null, powers: [], timeZone }, {});

/**
 * Recomputes one report's rows on one axis for `days` (all of them when null). An order counts on the enterprise day
 * (its time zone) its axis time falls in, up to midnight, as the list's period includes its last second whole.
 */
export async function recomputeDays(ex: Executor, ep: number, tz: string, id: ReportId, axis: ReportAxis, days: string[] | null): Promise<void> {
  const impl = REPORT_SQL[id];
  const col = sql.raw(AXIS_COLUMNS[axis]);
  const local = sql`(${col} at time zone ${tz})`;
  const list = days ? `{${days.join(',')}}` : null;
  const sorted = days ? [...days].sort() : [];
  const only = days
    ? sql` and ${local}::date = any(${list}::date[]) and ${col} >= (${sorted[0]}::date::timestamp at time zone ${tz})
        and ${col} < ((${sorted[sorted.length - 1]}::date + 1)::timestamp at time zone ${tz})`
    : sql``;
  const keys = (REPORT_AGGS[id] ?? []).map((k) => sql`coalesce(x.${sql.identifier(k)}, 0)`);
  while (keys.length < 4) keys.push(sql`0`);
  const cols = DIMS.map((d) => sql.raw(`o.${d.col}`));
  await ex.execute(
    sql`delete from order_report_day_stats where enterprise_id = ${ep} and report = ${REPORT_CODES[id]} and axis = ${AXIS_CODES[axis]}${
      days ? sql` and day = any(${list}::date[])` : sql``
    }`,
  );
  await ex.execute(sql`with d as materialized (select o.id, ${local}::date as day from orders o
      where ${enterpriseWhere(ep, tz)} and ${col} is not null${only})
    insert into order_report_day_stats (enterprise_id, report, axis, dim, day, k, a1, a2, a3, a4)
    select ${ep}, ${REPORT_CODES[id]}, ${AXIS_CODES[axis]},
      case x.g ${sql.join(
        DIMS.map((d, i) => sql.raw(`when ${127 ^ (1 << (DIMS.length - 1 - i))} then ${d.code}`)),
        sql` `,
      )} end,
      x.day, coalesce(${sql.join(
        DIMS.map((d) => sql.raw(`x.${d.col}::bigint`)),
        sql`, `,
      )}, -1), ${sql.join(keys, sql`, `)}
    from (select d.day, grouping(${sql.join(cols, sql`, `)}) as g, ${sql.join(cols, sql`, `)}, ${impl.aggs}
      from orders o join d on d.id = o.id ${impl.joins?.(ep, sql`(select id from d)`) ?? sql``}
      where o.enterprise_id = ${ep}${impl.where ? sql` and ${impl.where}` : sql``}
      group by grouping sets (${sql.join(
        cols.map((c) => sql`(d.day, ${c})`),
        sql`, `,
      )})) x`);
}

export const timeZoneOf = async (ex: Executor, ep: number): Promise<string> =>
  (await rows<{ tz: string }>(ex, sql`select time_zone as tz from enterprises where id = ${ep}`))[0]?.tz ?? 'Asia/Shanghai';

export const clearMarks = (ex: Executor, ep: number) => ex.execute(sql`delete from order_report_dirty where enterprise_id = ${ep}`);

export const lockFlush = (tx: Executor, ep: number) => tx.execute(sql`select pg_advisory_xact_lock(${FLUSH_LOCK}, ${ep}::int)`);

/**
 * Deletes the marks of the first `limit` marked days (of one axis and range of days, or all) and answers them: every
 * mark of those days this delete sees; one committed later stays.
 */
export function takeMarks(
  tx: Executor,
  ep: number,
  range: { axis: ReportAxis; from: string; to: string } | undefined,
  limit: number,
): Promise<{ axis: number; day: string }[]> {
  return rows<{ axis: number; day: string }>(
    tx,
    sql`with d as (delete from order_report_dirty where enterprise_id = ${ep} and (axis, day) in (
        select distinct axis, day from order_report_dirty where enterprise_id = ${ep}${
          range ? sql` and axis = ${AXIS_CODES[range.axis]} and day between ${range.from}::date and ${range.to}::date` : sql``
        } order by axis, day limit ${limit}) returning axis, day)
        select distinct axis, day::text as day from d`,
  );
}

/** Enterprises with marked days, up to 100. */
export const markedEnterprises = (ex: Executor) => rows<{ ep: number }>(ex, sql`select distinct enterprise_id as ep from order_report_dirty limit 100`);

/** Enterprises with orders. */
export const orderEnterprises = (ex: Executor) => rows<{ id: number }>(ex, sql`select distinct enterprise_id as id from orders`);
