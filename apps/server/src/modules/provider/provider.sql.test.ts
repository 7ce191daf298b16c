import { describe, expect, it } from 'vitest';
import { renderSqlSet } from '../../test/sql-snapshot';
import { providerOrderPageSql, managementWhere, serviceOrderWhere } from './orders.repo';
import { platformPageSql } from './platform.repo';
import { range, scorecardPageSql, scorecardWhere } from './scorecard.repo';

/** The provider console's lists' SQL (provider.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const staff = { id: 7, enterpriseId: 3, sysrole: 3, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const providerUser = { ...staff, id: 8, sysrole: 2, admin: false, providerId: 5 };
const page = { pageIndex: 2, pageSize: 20 };
const march = range('2026-03-01', '2026-03-31', 'Asia/Shanghai');

describe('provider console list SQL', () => {
  it('matches provider.sql.snap', async () => {
    await expect(
      renderSqlSet({
        '服务单, open tab': providerOrderPageSql(staff, serviceOrderWhere(staff, { tab: 'open' }), page),
        '服务单 of a provider’s user': providerOrderPageSql(providerUser, serviceOrderWhere(providerUser, { tab: 'all' }), page),
        '工单管理 by completion period and settlement state': providerOrderPageSql(
          staff,
          managementWhere(staff, { startDay: '2026-03-01', endDay: '2026-03-31', settleState: 2 }),
          page,
          true,
        ),
        '平台结算, no filter': platformPageSql(staff, {}, page),
        '平台结算 of a provider by state': platformPageSql(staff, { providerId: 5, state: 2 }, page),
        'scorecard, this month': scorecardPageSql(3, scorecardWhere(staff, {}), march, page),
        'scorecard of one provider by name': scorecardPageSql(3, scorecardWhere(staff, { keyword: '华南' }), march, page),
      }),
    ).toMatchFileSnapshot('./provider.sql.snap');
  });
});
