import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { countSql } from '../../platform/list';
import { stockCountFrom, stockPageSql, stockWhere } from './catalogue.repo';

/** The stock list's SQL (spares.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const a = { enterpriseId: 3, timeZone: 'Asia/Shanghai' };
const page = { pageIndex: 1, pageSize: 20 };

/** The list's two statements as stockList runs them: its rows and its count. */
const stockList = (q: Parameters<typeof stockWhere>[0]) => {
  const where = stockWhere(q);
  return { rows: stockPageSql(a, where, page), count: countSql(stockCountFrom(q), sql`k.enterprise_id = ${a.enterpriseId} and ${where}`) };
};

describe('stock list SQL', () => {
  it('matches spares.sql.snap', async () => {
    const all = stockList({ ...page });
    const warehouse = stockList({ ...page, warehouseId: 8 });
    const keyword = stockList({ ...page, keyword: 'BJ-0', typeId: 4 });
    const warning = stockList({ ...page, warning: '1' });
    await expect(
      renderSqlSet({
        'stock, no filter': all.rows,
        'stock count, no filter': all.count,
        'stock of a warehouse (我的备件 too)': warehouse.rows,
        'stock count of a warehouse': warehouse.count,
        'stock by keyword and type': keyword.rows,
        'stock count by keyword and type (spares joined)': keyword.count,
        'stock below its safety (预警)': warning.rows,
        'stock count below its safety': warning.count,
      }),
    ).toMatchFileSnapshot('./spares.sql.snap');
  });
});
