// Queries of the return-visit report (report.service.ts): its two sources (the tasks, or the per-day summary for whole
// days), the aggregate columns and the one presenter of a report row.
import { type QueryOf, VISIT_DIMENSION_LIST, type VisitReport, type visitsContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { and, createdBetween } from '../../platform/sql';

export type By = QueryOf<typeof C.report>['by'];
export const GROUPS: Record<By, { col: string; join: (key: SQL) => SQL; none: string }> = {
  plan: { col: 'plan_id', join: (k) => sql`left join return_visit_plans g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '—' },
  engineer: { col: 'engineer_id', join: (k) => sql`left join users g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '无服务人员' },
  team: {
    col: 'service_group_id',
    join: (k) => sql`left join service_groups g on g.enterprise_id = x.enterprise_id and g.id = ${k}`,
    none: '无服务团队',
  },
  template: { col: 'template_id', join: (k) => sql`left join form_templates g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '—' },
};

export interface Agg {
  key: number | null;
  name: string | null;
  tasks: number;
  reached: number;
  passed: number;
  unrated: number;
  not_passed: number;
  waiting: number;
  [avg: `a${number}`]: string | null;
}

/** How one source counts: the tasks (one row a task) or the summary (n tasks a row, score sums and counts). */
export interface Source {
  from: SQL;
  key: (col: string) => SQL;
  where: SQL;
  count: SQL;
  avg: (d: number) => SQL;
  reason: SQL;
}

const aggCols = (s: Source) => {
  const n = (states: string) => sql`coalesce(sum(${s.count}) filter (where x.state in (${sql.raw(states)})), 0)::int`;
  const avgs = sql.join(
    VISIT_DIMENSION_LIST.map((d) => sql`round(${s.avg(d)}, 2)::text as ${sql.identifier(`a${d}`)}`),
    sql`, `,
  );
  return sql`coalesce(sum(${s.count}), 0)::int as tasks, ${n('2, 3, 5')} as reached, ${n('3, 5')} as passed, ${n('5')} as unrated,
    ${n('2')} as not_passed, ${n('1, 4')} as waiting, ${avgs}`;
};

/** Whole days from the period's bounds ('YYYY-MM-DD', or at 00:00:00 / to 23:59:59), or null when it cuts a day. */
export function wholeDays(start?: string, end?: string): { from?: string; to?: string } | null {
  const day = (v: string, ends: string[]) => {
    const m = /^(\d{4})[-/](\d{2})[-/](\d{2})(?: (\d{2}:\d{2}(?::\d{2})?))?$/.exec(v);
    if (!m) return undefined;
    return m[4] == null || ends.includes(m[4]) ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
  };
  const from = start ? day(start, ['00:00', '00:00:00']) : undefined;
  const to = end ? day(end, ['00:00', '00:00:00', '23:59:59']) : undefined;
  if ((start && !from) || (end && !to)) return null;
  return { from, to };
}

export function sourceOf(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, q: QueryOf<typeof C.report>, summary: boolean): Source | null {
  const filters = [q.id ? sql`x.plan_id = ${q.id}` : null, q.visitType ? sql`x.visit_type = ${q.visitType}` : null];
  if (summary) {
    const days = wholeDays(q.startTime, q.endTime);
    if (!days) return null;
    return {
      from: sql`return_visit_day_stats x`,
      key: (col) => (col === 'plan_id' ? sql`x.plan_id` : sql`nullif(x.${sql.raw(col)}, 0)`),
      where: and([
        sql`x.enterprise_id = ${a.enterpriseId}`,
        ...filters,
        days.from ? sql`x.day >= ${days.from}::date` : null,
        days.to ? sql`x.day <= ${days.to}::date` : null,
      ]),
      count: sql`x.n`,
      avg: (d) => sql`sum(x.${sql.raw(`s${d}`)}) filter (where x.state in (2, 3)) / nullif(sum(x.${sql.raw(`c${d}`)}) filter (where x.state in (2, 3)), 0)`,
      reason: sql`nullif(x.reason, '')`,
    };
  }
  return {
    from: sql`return_visit_tasks x`,
    key: (col) => sql`x.${sql.raw(col)}`,
    where: and([sql`x.enterprise_id = ${a.enterpriseId}`, ...filters, ...createdBetween(sql`x.created_at`, a, q.startTime, q.endTime)]),
    count: sql`1`,
    avg: (d) => sql`avg((x.scores->>${String(d)})::numeric) filter (where x.state in (2, 3))`,
    reason: sql`x.reason`,
  };
}

/** The one place a report's aggregate row becomes the contract's row (the averages arrive as numeric text). */
export function toReportRow(r: Agg, name: string, byReason: Record<string, number>): VisitReport['rows'][number] {
  const { reached, passed } = r;
  return {
    key: r.key,
    name,
    tasks: r.tasks,
    reached,
    passed,
    passRate: reached ? Math.round((passed / reached) * 1000) / 10 : null,
    unrated: r.unrated,
    notPassed: r.not_passed,
    waiting: r.waiting,
    byReason,
    averages: Object.fromEntries(VISIT_DIMENSION_LIST.map((d) => [String(d), r[`a${d}`] == null ? null : Number(r[`a${d}`])])),
  };
}

/** A report's groups, its not-passed reasons by group and its total, from source `s` grouped by `by`. */
export async function reportRows(ex: Executor, s: Source, by: By) {
  const g = GROUPS[by];
  const key = s.key(g.col);
  const [groups, reasons, totals] = await Promise.all([
    rows<Agg>(
      ex,
      sql`select ${key} as key, min(g.name) as name, ${aggCols(s)} from ${s.from} ${g.join(key)} where ${s.where}
        group by 1 having sum(${s.count}) > 0 order by 3 desc, 1`,
    ),
    rows<{ key: number | null; reason: string | null; n: number }>(
      ex,
      sql`select ${key} as key, ${s.reason} as reason, sum(${s.count})::int as n from ${s.from} where ${s.where} and x.state = 2
        group by 1, 2 having sum(${s.count}) > 0`,
    ),
    rows<Agg>(ex, sql`select null::bigint as key, '合计' as name, ${aggCols(s)} from ${s.from} where ${s.where}`),
  ]);
  return { groups, reasons, total: totals[0] as Agg };
}
