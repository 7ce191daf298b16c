import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import type { Actor } from '../../platform/actor';
import { customerPageSql } from './customers.repo';

/** The customer list's SQL (customers.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const admin: Actor = { id: 7, enterpriseId: 3, sysrole: 1, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
/** Sales (role 5) see only their own customers. */
const sales: Actor = { ...admin, sysrole: 5, admin: false };
const page = { pageIndex: 1, pageSize: 20 };

describe('customer list SQL', () => {
  it('matches customers.sql.snap', async () => {
    const all = customerPageSql(admin, {}, page);
    const own = customerPageSql(sales, {}, page);
    const byPeople = customerPageSql(admin, { businessUserId: 9, serviceGroupId: 2, startCreateTime: '2026-03-01', endCreateTime: '2026-03-31' }, page);
    const oldest = customerPageSql(admin, {}, { ...page, sortType: 2 });
    await expect(
      renderSqlSet({
        'customers, newest first: the page’s ids': all.ids,
        'customers, newest first: their rows': all.rows,
        'customers count': all.count,
        'customers of a sales user (own only)': own.ids,
        'customers count of a sales user': own.count,
        'customers by responsible user, service group and created period': byPeople.ids,
        'customers count by responsible user, service group and created period': byPeople.count,
        'customers, oldest first': oldest.ids,
      }),
    ).toMatchFileSnapshot('./customers.sql.snap');
  });
});
