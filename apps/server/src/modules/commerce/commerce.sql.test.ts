import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { quotePageSql } from './quotation.repo';
import { quotationScope } from './quotation.service';

/** The quotation list's SQL (commerce.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const admin = { id: 7, enterpriseId: 3, sysrole: 3, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const sales = { ...admin, sysrole: 5, admin: false };
const a = admin;
const page = { pageIndex: 2, pageSize: 20 };
// The scopes as the list takes them: every quotation (an administrator), or a salesperson's own customers.
const all = quotationScope(admin);
const mine = quotationScope(sales);

describe('quotation list SQL', () => {
  it('matches commerce.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'all quotations, no filter': quotePageSql(a, all, {}, page),
        'by state and customer': quotePageSql(a, all, { state: 2, customerId: 11 }, page),
        'of an order': quotePageSql(a, all, { orderId: 13 }, page),
        'by number': quotePageSql(a, all, { keyword: 'BJ202603010001' }, page),
        'a salesperson’s own customers': quotePageSql(a, mine, {}, page),
      }),
    ).toMatchFileSnapshot('./commerce.sql.snap');
  });
});
