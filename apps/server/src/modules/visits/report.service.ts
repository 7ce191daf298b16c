// /returnVisitReport: per plan, engineer, team or order type over a period (tasks created in it): tasks, reached
// (a visit recorded: 2, 3, 5), passed (3, 5), pass rate (passed / reached), unrated (5), not passed (2) by reason,
// waiting (1, 4) and the average score of each dimension. Whole days (the page's periods, the digest) read the per-day
// summary (return_visit_day_stats, modules/visits/summary.ts); a period cut inside a day reads the tasks themselves.
// Both give the same figures (report.summary.test.ts).
import { type QueryOf, VISIT_DIMENSION_LIST, type VisitReport, type visitsContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { and, createdBetween } from '../../platform/sql';

type By = QueryOf<typeof C.report>['by'];
const GROUPS: Record<By, { col: string; join: (key: SQL) => SQL; none: string }> = {
  plan: { col: 'plan_id', join: (k) => sql`left join return_visit_plans g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '—' },
  engineer: { col: 'engineer_id', join: (k) => sql`left join users g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '无服务人员' },
  team: {
    col: 'service_group_id',
    join: (k) => sql`left join service_groups g on g.enterprise_id = x.enterprise_id and g.id = ${k}`,
    none: '无服务团队',
  },
  template: { col: 'template_id', join: (k) => sql`left join form_templates g on g.enterprise_id = x.enterprise_id and g.id = ${k}`, none: '—' },
};

interface Agg {
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
interface Source {
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

function sourceOf(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, q: QueryOf<typeof C.report>, summary: boolean): Source | null {
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
function toReportRow(r: Agg, name: string, byReason: Record<string, number>): VisitReport['rows'][number] {
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

/**
 * The report. `from` picks the source: 'auto' (the summary for whole days, else the tasks), or one of them (the
 * equality test runs both).
 */
export async function report(ex: Executor, a: Actor, q: QueryOf<typeof C.report>, from: 'auto' | 'tasks' | 'summary' = 'auto'): Promise<VisitReport> {
  const summary = from === 'tasks' ? null : sourceOf(a, q, true);
  if (from === 'summary' && !summary) throw new Error('The period cuts a day: the summary cannot answer it');
  const s = summary ?? (sourceOf(a, q, false) as Source);
  const g = GROUPS[q.by];
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
  const byKey = new Map<string, Record<string, number>>();
  const all: Record<string, number> = {};
  for (const r of reasons) {
    const k = String(r.key);
    const m = byKey.get(k) ?? {};
    const reason = r.reason ?? '未填写';
    m[reason] = (m[reason] ?? 0) + r.n;
    all[reason] = (all[reason] ?? 0) + r.n;
    byKey.set(k, m);
  }
  const total = totals[0] as Agg;
  return {
    rows: groups.map((r) => toReportRow(r, r.name ?? g.none, byKey.get(String(r.key)) ?? {})),
    total: toReportRow(total, '合计', all),
  };
}

/**
 * The statistics digest's 昨日回访 line: the report's total for one day (tasks created that day, enterprise time
 * zone), the same query the /returnVisitReport page runs for that period.
 */
export async function visitDigestLine(db: Executor, a: Actor, day: string): Promise<string> {
  const { total: t } = await report(db, a, { by: 'plan', startTime: day, endTime: day });
  const rate = t.passRate == null ? '—' : `${t.passRate}%`;
  return `回访任务${t.tasks}，已回访${t.reached}，通过${t.passed}（其中未评价${t.unrated}），不通过${t.notPassed}，通过率${rate}`;
}
