import { MY_ORDER_TABS, type MyOrderTab } from '@sk/shared/orders/order.list.contract';
import { Card, Tabs } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePhone } from '../../../../lib/phone';
import { useUser } from '../../../../lib/session';
import { OfflineQueue } from '../../offline/OfflineQueue';
import { OrderList } from '../OrderList';

const TABS = Object.keys(MY_ORDER_TABS) as MyOrderTab[];

/** 我的工单: the orders I serve or created, by tab (query `tab`: toAccept, toServe, inService, done, all). */
export default function MyOrder() {
  const [search, setSearch] = useSearchParams();
  const user = useUser();
  const asked = search.get('tab') as MyOrderTab | null;
  // An engineer opens on the work waiting for them; others (their own requests) on all.
  const tab: MyOrderTab = asked && TABS.includes(asked) ? asked : user.sysrole === 2 ? 'toServe' : 'all';
  const params = useMemo(() => ({ tab }), [tab]);
  // On a phone the bottom tab bar already says where this is: the tabs and the first order come first.
  const phone = usePhone();
  return (
    <Card title={phone ? undefined : '我的工单'} size="small">
      <OfflineQueue />
      <Tabs activeKey={tab} onChange={(k) => setSearch({ tab: k }, { replace: true })} items={TABS.map((k) => ({ key: k, label: MY_ORDER_TABS[k] }))} />
      <OrderList scope="mine" title="我的工单" params={params} stateFilter={false} />
    </Card>
  );
}
