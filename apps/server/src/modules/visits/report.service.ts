// /returnVisitReport: per plan, engineer, team or order type over a period (tasks created in it): tasks, reached
// (a visit recorded: 2, 3, 5), passed (3, 5), pass rate (passed / reached), unrated (5), not passed (2) by reason,
// waiting (1, 4) and the average score of each dimension. Whole days (the page's periods, the digest) read the per-day
// summary (return_visit_day_stats, modules/visits/summary.ts); a period cut inside a day reads the tasks themselves.
// Both give the same figures (report.summary.test.ts).
import type { QueryOf, VisitReport, visitsContract as C } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { GROUPS, reportRows, type Source, sourceOf, toReportRow, wholeDays } from './report.repo';

export { wholeDays };

/**
 * The report. `from` picks the source: 'auto' (the summary for whole days, else the tasks), or one of them (the
 * equality test runs both).
 */
export async function report(ex: Executor, a: Actor, q: QueryOf<typeof C.report>, from: 'auto' | 'tasks' | 'summary' = 'auto'): Promise<VisitReport> {
  const summary = from === 'tasks' ? null : sourceOf(a, q, true);
  if (from === 'summary' && !summary) throw new Error('The period cuts a day: the summary cannot answer it');
  const s = summary ?? (sourceOf(a, q, false) as Source);
  const g = GROUPS[q.by];
  const { groups, reasons, total } = await reportRows(ex, s, q.by);
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
