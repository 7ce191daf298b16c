import { ORDER_LIST_TABS } from '@sk/shared/orders/orders.constants';
import { Card, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../../lib/api';
import { useUser } from '../../../../lib/session';
import { orderBatch } from '../api';
import { OrderList } from '../OrderList';

/** The /allOrder route's query parameters that are list filters, as they arrive. */
const URL_FILTERS = [
  'keyword',
  'servicePersonalId',
  'orderStateList',
  'takeStart',
  'takeEnd',
  'coordinationUserId',
  'customName',
  'customerId',
  'orderExceed',
  'serviceGroupId',
  'take_user_id',
];
/** Those the filter panel shows as multi-selects (a comma list in the URL). */
const URL_LISTS = ['states', 'orderType'];

/** The starting filters from the URL; `tab` is the state tab, `jump` only says where the link came from. */
export function allOrderQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of URL_FILTERS) {
    const v = search.get(k);
    if (v) out[k] = /^(-?\d+)$/.test(v) && k !== 'keyword' && k !== 'customName' ? Number(v) : v;
  }
  for (const k of URL_LISTS) {
    const v = search.get(k);
    if (v) out[k] = v.split(',').filter(Boolean).map(Number);
  }
  return out;
}

const TAB_KEYS = ['-1', '1', '0', '2'] as const;

/** 全部工单: the state tabs 全部/进行中/未审核/已完成, every filter, the URL's query parameters, export, batch delete to the recycle bin. */
export default function AllOrder() {
  const [search] = useSearchParams();
  const user = useUser();
  const initialQuery = useMemo(() => allOrderQuery(search), [search]);
  const first = search.get('tab');
  const [tab, setTab] = useState<string>(first && (TAB_KEYS as readonly string[]).includes(first) ? first : '-1');
  const params = useMemo(() => ({ orderState: Number(tab) }), [tab]);
  return (
    <Card title="全部工单" size="small">
      <Tabs activeKey={tab} onChange={setTab} items={TAB_KEYS.map((k) => ({ key: k, label: ORDER_LIST_TABS[Number(k) as keyof typeof ORDER_LIST_TABS] }))} />
      <OrderList
        key={search.toString()}
        scope="all"
        title="全部工单"
        params={params}
        initialQuery={initialQuery}
        onDelete={user.admin ? (ids) => call(orderBatch.delAllOrder, { orderIds: ids.map(Number) }) : undefined}
      />
    </Card>
  );
}
