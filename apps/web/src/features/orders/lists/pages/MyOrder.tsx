import { MY_ORDER_TABS, orderListContract } from '@sk/shared/orders/order.list.contract';
import { Card, Segmented, Spin, Tabs } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../../../lib/phone';
import { useApi } from '../../../../lib/query';
import { useUser } from '../../../../lib/session';
import { OfflineQueue } from '../../offline/OfflineQueue';
import { OrderList } from '../OrderList';
import { firstWaitingTab, MY_ORDER_TAB_KEYS, MY_WAITING_TABS, myOrderStart } from '../first';

/** The rows of each of my waiting tabs (MY_WAITING_TABS' order), once all are counted; null while counting or not asked. */
function useWaitingRows(enabled: boolean): number[] | null {
  const opts = { enabled, call: { silent: true } };
  const counted = [
    useApi(orderListContract.getAllOrderList, { scope: 'mine', tab: MY_WAITING_TABS[0] } as never, opts),
    useApi(orderListContract.getAllOrderList, { scope: 'mine', tab: MY_WAITING_TABS[1] } as never, opts),
    useApi(orderListContract.getAllOrderList, { scope: 'mine', tab: MY_WAITING_TABS[2] } as never, opts),
  ];
  // A count that failed counts as empty: the page still opens (on 全部 at worst).
  if (counted.some((q) => q.isPending && q.fetchStatus !== 'idle')) return null;
  return counted.map((q) => q.data?.count ?? 0);
}

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
  // A tab from the URL, 全部 for a team; otherwise the first tab where work waits (useWaitingRows).
  const { team, tab: asked, scope, initialQuery } = useMemo(() => myOrderStart(search, user), [search, user]);
  // No tab asked: the page opens on the first tab where work waits (待接单, 待服务, 服务中), else 全部.
  const waiting = useWaitingRows(asked === null);
  const tab = asked ?? (waiting ? firstWaitingTab(waiting) : null);
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
        activeKey={tab ?? undefined}
        onChange={(k) => setSearch(team ? { view: 'team', tab: k } : { tab: k }, { replace: true })}
        items={MY_ORDER_TAB_KEYS.map((k) => ({ key: k, label: MY_ORDER_TABS[k] }))}
      />
      {tab === null ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        <OrderList
          key={team ? `team:${search.toString()}` : `mine:${search.toString()}`}
          scope={scope}
          title={title}
          params={params}
          initialQuery={initialQuery}
          stateFilter={false}
        />
      )}
    </Card>
  );
}
