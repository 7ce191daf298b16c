import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { casePageSql } from './case.repo';
import { searchPageSql } from './kb.repo';

/** The knowledge base's lists' SQL (knowledge.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const staff = { enterpriseId: 3, timeZone: 'Asia/Shanghai', providerId: null };
const provider = { ...staff, providerId: 5 };
const page = { pageIndex: 2, pageSize: 20 };

describe('knowledge list SQL', () => {
  it('matches knowledge.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'articles and cases, no keyword': searchPageSql(staff, { ...page, keyword: null, kind: 'all' }),
        'articles and cases by keyword, as a provider sees them': searchPageSql(provider, { ...page, keyword: '压缩机', kind: 'all' }),
        'articles of a category': searchPageSql(staff, { ...page, keyword: null, kind: 'article', categoryId: 9 }),
        'cases by keyword': searchPageSql(staff, { ...page, kind: 'case', keyword: '漏水' }),
        'case list, no filter': casePageSql(staff, {}, page),
        'case list of a provider by state, source and keyword': casePageSql(provider, { state: 2, source: 2, keyword: 'AL00000012' }, page),
      }),
    ).toMatchFileSnapshot('./knowledge.sql.snap');
  });
});
