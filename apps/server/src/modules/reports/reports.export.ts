import { REPORT_DIMENSIONS, type ReportParams, reportDef } from '@sk/shared';
import { registerExport } from '../../platform/exports';
import { runReport } from './reports.service';

/**
 * A report's table to Excel through the download centre (POST /operate/report/export): a column per measure, a row per
 * dimension value and the total row. A report has at most a few hundred rows (teams, engineers, days), so one batch.
 */
export const REPORT_EXPORT = 'operateReport';

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireReportsExport(): void {
  registerExport<ReportParams>(REPORT_EXPORT, {
    title: '运营报表',
    columns: (p) => [
      { key: 'name', header: REPORT_DIMENSIONS[p.dimension] ?? '分组', width: 24 },
      ...(reportDef(p.reportId)?.measures ?? []).map((m) => ({ key: m.key, header: m.unit === 'percent' ? `${m.label}（%）` : m.label, width: 16 })),
    ],
    count: async (ex, u, p) => (await runReport(ex, u, p)).rows.length,
    rows: async function* (ex, u, p) {
      const r = await runReport(ex, u, p);
      yield [...r.rows, r.total].map((row) => ({ name: row.name, ...row.values }));
    },
  });
}
