import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { type InboxUser, inboxPageSql } from './inbox.repo';

/** The approval inbox's SQL (approvals.sql.snap), the to-do list first: a change of it shows in the diff. `-u` rewrites the file. */

const me: InboxUser = { id: 7, enterpriseId: 3, providerId: null };
const tz = 'Asia/Shanghai';
const page = { pageIndex: 2, pageSize: 20 };

describe('approval inbox SQL', () => {
  it('matches approvals.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'to do, no filter': inboxPageSql(me, tz, { box: 'todo' }, page),
        'to do, by kind and keyword': inboxPageSql(me, tz, { box: 'todo', kind: 'spare_apply', keyword: 'BJ2026' }, page),
        'done by me, by state': inboxPageSql(me, tz, { box: 'done', state: 1 }, page),
        'my applications (a provider user)': inboxPageSql({ ...me, providerId: 5 }, tz, { box: 'mine' }, page),
      }),
    ).toMatchFileSnapshot('./approvals.sql.snap');
  });
});
