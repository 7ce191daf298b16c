import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { mine, pooled, providerScope, type TaskQuery, taskFilters, taskPageSql } from './tasks.repo';

/** The return-visit task lists' SQL (visits.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const a = { id: 7, enterpriseId: 3, timeZone: 'Asia/Shanghai', providerId: 5 };
const page = { pageIndex: 2, pageSize: 20 };

describe('return-visit list SQL', () => {
  it('matches visits.sql.snap', async () => {
    const q = (o: Partial<TaskQuery>) => taskFilters(o, a);
    await expect(
      renderSqlSet({
        'all tasks, no filter': taskPageSql(a, [], page),
        'all tasks of a provider, by state and created period': taskPageSql(
          a,
          [...providerScope(a), ...q({ state: 1, startTime: '2026-03-01', endTime: '2026-03-31' })],
          page,
        ),
        'all tasks by order number and customer name': taskPageSql(a, q({ orderNo: 'GD2026', customerName: '张三' }), page),
        'my tasks by visit period': taskPageSql(a, [mine(a), ...q({ returnVisitStartTime: '2026-03-01', returnVisitEndTime: '2026-03-31' })], page),
        'pool tasks': taskPageSql(a, [pooled(a)], page),
      }),
    ).toMatchFileSnapshot('./visits.sql.snap');
  });
});
