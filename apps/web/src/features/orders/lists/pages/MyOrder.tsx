import { MY_ORDER_TABS } from '@sk/shared/orders/order.list.contract';
import { Card, Segmented, Tabs } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../../../lib/phone';
import { useUser } from '../../../../lib/session';
import { OfflineQueue } from '../../offline/OfflineQueue';
import { OrderList } from '../OrderList';
import { MY_ORDER_TAB_KEYS, myOrderStart } from '../first';

const VIEWS = [
  { value: 'mine', label: '我的工单' },
  { value: 'team', label: '我的团队' },
];

/**
 * 我的工单: the orders I serve or created, by tab (query `tab`: toAccept, toServe, inService, done, all). A service group's
 * leader also has 我的团队 (query `view=team`): the orders of his groups' members, with the filters a report figure opened it with.
 */
export default function MyOrder() {
  const [search, setSearch] = useSearchParams();
  const user = useUser();
  // An engineer opens on the work waiting for them; others (their own requests) and a team on all.
  const { team, tab, scope, initialQuery } = useMemo(() => myOrderStart(search, user), [search, user]);
  const params = useMemo(() => ({ tab }), [tab]);
  // On a phone the bottom tab bar already says where this is: the tabs and the first order come first.
  const phone = usePhone();
  const title = team ? '我的团队' : '我的工单';
  return (
    <Card
      title={phone ? undefined : title}
      size="small"
      extra={
        user.leadsTeam ? (
          <Segmented
            aria-label="工单范围"
            options={VIEWS}
            value={team ? 'team' : 'mine'}
            onChange={(v) => setSearch(v === 'team' ? { view: 'team' } : {}, { replace: true })}
          />
        ) : null
      }
    >
      <OfflineQueue />
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(team ? { view: 'team', tab: k } : { tab: k }, { replace: true })}
        items={MY_ORDER_TAB_KEYS.map((k) => ({ key: k, label: MY_ORDER_TABS[k] }))}
      />
      <OrderList
        key={team ? `team:${search.toString()}` : 'mine'}
        scope={scope}
        title={title}
        params={params}
        initialQuery={initialQuery}
        stateFilter={false}
      />
    </Card>
  );
}
