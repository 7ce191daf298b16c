import { LIST_WINDOW, orderListQuery } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { countAndPickOrdersSql, exportPageSql, listOrder, ordersWithIds, orderPageSql, rowSelect } from './list.repo';

/**
 * The order lists' SQL (list.sql.snap), tuned at 1,000,000 orders (docs/lists.md): a change of it shows in the diff.
 * `-u` rewrites the file.
 */

const dispatcher = { id: 7, enterpriseId: 3, sysrole: 1, admin: false, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const engineer = { ...dispatcher, id: 8, sysrole: 2 };
const q = (o: Record<string, unknown>) => orderListQuery.parse({ pageIndex: 0, pageSize: 20, ...o });
const BROAD = LIST_WINDOW + 1;

describe('order list SQL', () => {
  it('matches list.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'count and pick: 待受理 tab': countAndPickOrdersSql(dispatcher, q({ orderState: 0 })),
        'count and pick: overdue, by appointment': countAndPickOrdersSql(dispatcher, q({ orderExceed: 1, sortType: 3 })),
        'count and pick: 非常紧急, by priority': countAndPickOrdersSql(dispatcher, q({ priority: 3, sortType: 4 })),
        'count and pick: archived': countAndPickOrdersSql(dispatcher, q({ placeState: 1 })),
        'count and pick: keyword over all time': countAndPickOrdersSql(dispatcher, q({ keyword: '空调维修' })),
        'count and pick: customer tab, created in a month': countAndPickOrdersSql(
          dispatcher,
          q({ scope: 'customer', customerId: 11, startCreateTime: '2026-03-01', endCreateTime: '2026-03-31' }),
        ),
        'count and pick: an engineer, my orders': countAndPickOrdersSql(engineer, q({ scope: 'mine' })),
        'rows of the picked page': rowSelect(dispatcher, ordersWithIds(3, [101, 102, 103]), listOrder(1)),
        'page of a broad filter: every order, page 3 (walk)': orderPageSql(dispatcher, q({ pageIndex: 2 }), BROAD),
        'page of a broad filter: 服务中 by priority (walk)': orderPageSql(dispatcher, q({ states: [3], sortType: 4 }), BROAD),
        'page of a selective filter: sorted matches': orderPageSql(dispatcher, q({ orderState: 0 }), 120),
        'export: first keyset page': exportPageSql(dispatcher, { scope: 'all' }, null, 500),
        'export: next keyset page of chosen orders': exportPageSql(dispatcher, { scope: 'all', ids: [5, 6, 7] }, 6, 500),
        'the walk with names joined': rowSelect(dispatcher, sql`select * from orders o where o.enterprise_id = 3 limit 20`, listOrder(2)),
      }),
    ).toMatchFileSnapshot('./list.sql.snap');
  });
});
