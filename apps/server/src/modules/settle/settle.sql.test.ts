import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { linePageSql, settlementPageSql } from './settle.repo';

/** The statement lists' SQL (settle.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const finance = { enterpriseId: 3, providerId: null, timeZone: 'Asia/Shanghai' };
const provider = { ...finance, providerId: 5 };
const page = { pageIndex: 1, pageSize: 20 };

describe('settlement list SQL', () => {
  it('matches settle.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'statements, finance, no filter': settlementPageSql(finance, {}, page),
        'statements, finance, by provider and state': settlementPageSql(finance, { providerId: 5, state: 2 }, page),
        'statements, a provider': settlementPageSql(provider, {}, page),
        'lines of a statement': linePageSql(3, 11, false, page),
        'disputed lines of a statement': linePageSql(3, 11, true, page),
      }),
    ).toMatchFileSnapshot('./settle.sql.snap');
  });
});
