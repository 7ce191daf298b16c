import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { candidatesSql, candidateWhere, deskCountAndPickSql, deskWhere } from './desk.repo';

/** The pending-assignment desk's lists' SQL (dispatch.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const dispatcher = { id: 7, enterpriseId: 3, sysrole: 1, admin: false, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const page = { pageIndex: 1, pageSize: 20 };

describe('dispatch desk SQL', () => {
  it('matches dispatch.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'orders to assign, no filter': deskCountAndPickSql(deskWhere(dispatcher, {}, null), page),
        'orders to assign, by type, team, priority and keyword': deskCountAndPickSql(
          deskWhere(dispatcher, { orderType: 4, serviceGroupId: 2, priority: 3, keyword: '空调' }, null),
          page,
        ),
        "a provider's orders without an engineer": deskCountAndPickSql(deskWhere({ ...dispatcher, providerId: 5 }, {}, 5), page),
        'engineers, least loaded first': candidatesSql(dispatcher, candidateWhere(dispatcher, {}, null), page),
        "a provider's engineers of a team, by keyword": candidatesSql(dispatcher, candidateWhere(dispatcher, { keyword: '李', serviceGroupId: 2 }, 5), page),
      }),
    ).toMatchFileSnapshot('./dispatch.sql.snap');
  });
});
