import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { digestQueries } from './reports.repo';
import { runReport } from './reports.service';

/**
 * "加入我的日报": the 8:30 statistics digest adds one line per saved query its owner added, with the query's total
 * figures for the reported day (the query's own period is replaced by that day; axis, dimension and filters kept).
 */
export async function reportDigestLines(ex: Executor, a: Actor, day: string): Promise<string[]> {
  const lines: string[] = [];
  for (const q of await digestQueries(ex, a)) {
    const r = await runReport(ex, a, { ...q.params, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` });
    const figures = r.measures.map((m) => {
      const v = r.total.values[m.key];
      return `${m.label}${v == null ? '—' : m.unit === 'percent' ? `${v}%` : v}`;
    });
    lines.push(`${q.name}：${figures.join('，')}`);
  }
  return lines;
}
