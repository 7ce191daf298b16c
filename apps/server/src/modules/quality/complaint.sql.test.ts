import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { complaintPageSql } from './complaint.repo';

/** The complaint list's SQL (quality.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const a = { id: 7, enterpriseId: 3, timeZone: 'Asia/Shanghai', providerId: null };
const page = { pageIndex: 2, pageSize: 20 };

describe('complaint list SQL', () => {
  it('matches quality.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'all complaints, no filter': complaintPageSql(a, {}, page),
        'a provider’s complaints by state and created period': complaintPageSql(
          { ...a, providerId: 5 },
          { state: 2, startTime: '2026-03-01', endTime: '2026-03-31' },
          page,
        ),
        'by keyword': complaintPageSql(a, { keyword: 'TS00000012' }, page),
        'by level, customer and product model': complaintPageSql(a, { level: '重大投诉', customerId: 11, productModelId: 13 }, page),
        'by serial number and responsibility': complaintPageSql(a, { serialNumber: 'SN123', responsibility: '设计' }, page),
      }),
    ).toMatchFileSnapshot('./quality.sql.snap');
  });
});
