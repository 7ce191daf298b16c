import { REPORTS, type ReportParams } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/actor';
import { renderSqlSet } from '../../test/sql-snapshot';
import { exactReportSql, summaryReportSql } from './reports.repo';
import { exactReport } from './reports.service';

/** The report queries' SQL (reports.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const director: Actor = { id: 7, enterpriseId: 3, sysrole: 1, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const engineer: Actor = { ...director, id: 8, sysrole: 2, admin: false };
const params = (reportId: ReportParams['reportId'], o: Partial<ReportParams> = {}): ReportParams =>
  ({ reportId, axis: 'created', dimension: 'team', startTime: '2026-03-01 00:00:00', endTime: '2026-03-31 23:59:59', ...o }) as ReportParams;

describe('report SQL', () => {
  it('matches reports.sql.snap', async () => {
    const queries: Record<string, ReturnType<typeof exactReportSql>> = {};
    for (const r of REPORTS)
      queries[`exact ${r.id} by ${r.dimensions[0]}, director`] = exactReportSql(exactReport(director, params(r.id, { dimension: r.dimensions[0] }), false));
    queries['exact orderVolume by day, engineer (narrow)'] = exactReportSql(exactReport(engineer, params('orderVolume', { dimension: 'day' }), false));
    queries['exact orderVolume by engineer, team leader'] = exactReportSql(exactReport(engineer, params('orderVolume', { dimension: 'engineer' }), true));
    queries['summary providerFees by team'] = summaryReportSql(director, params('providerFees'), { from: '2026-03-01', to: '2026-03-31' });
    queries['summary orderVolume by month'] = summaryReportSql(director, params('orderVolume', { dimension: 'month' }), {
      from: '2026-03-01',
      to: '2026-03-31',
    });
    await expect(renderSqlSet(queries)).toMatchFileSnapshot('./reports.sql.snap');
  });
});
