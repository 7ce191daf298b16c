import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageRows } from '../../platform/list';
import { renderSqlSet } from '../../test/sql-snapshot';
import type { Engineer } from './eligibility';
import { distanceSql } from './eligibility.repo';
import { POOL_ORDER, poolRowsSql, poolWhereSql } from './pool.repo';

/** The order pool list's SQL (pool.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const page = { pageIndex: 1, pageSize: 20 };
const engineer: Engineer = {
  id: 8,
  enterpriseId: 3,
  groups: [2, 4],
  areaCodes: ['310101', '3102'],
  base: { lat: 31.23, lng: 121.47 },
  radiusM: 20000,
  skills: ['空调', '安装'],
  dailyCap: 5,
  grabbedToday: 1,
};
const page_ = (where: ReturnType<typeof poolWhereSql>) => pageRows('orders', 'o', 3, where, POOL_ORDER, page);

describe('pool list SQL', () => {
  it('matches pool.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'the whole pool (who manages it)': poolRowsSql(page_(poolWhereSql(3, null)), sql`null::float8`),
        "an engineer's pool, with the distance from the base": poolRowsSql(page_(poolWhereSql(3, engineer)), distanceSql(31.23, 121.47)),
        'an engineer without a base, area or skills': poolRowsSql(
          page_(poolWhereSql(3, { ...engineer, base: null, radiusM: null, areaCodes: [], skills: [], groups: [] })),
          sql`null::float8`,
        ),
        'an engineer at the daily cap': poolRowsSql(page_(poolWhereSql(3, { ...engineer, grabbedToday: 5 })), sql`null::float8`),
      }),
    ).toMatchFileSnapshot('./pool.sql.snap');
  });
});
