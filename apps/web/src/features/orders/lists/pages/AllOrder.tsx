import { ORDER_ACTION_POWERS } from '@sk/shared/orders/order.actions.contract';
import type { OrderRow } from '@sk/shared/orders/order.list.contract';
import { ORDER_LIST_TABS } from '@sk/shared/orders/orders.constants';
import { Button, Card, Space, Tabs } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ListPageHandle } from '../../../../components';
import { toast } from '../../../../components/toast';
import { call } from '../../../../lib/api';
import { useCan, useUser } from '../../../../lib/session';
import type { AssignTarget } from '../../../dispatch';
import { CreateOrderButton } from '../../../../components/CreateOrderButton';
import { orderBatch } from '../api';
import { ALL_ORDER_TABS, allOrderParams, allOrderQuery, allOrderTab } from '../first';
import { OrderList } from '../OrderList';

// 批量派单's dialog (and the dispatch contract with it) loads when first opened, not with the list.
const AssignDialog = lazy(() => import('../../../dispatch').then(({ AssignDialog }) => ({ default: AssignDialog })));

/**
 * 全部工单: the state tabs 全部/进行中/未审核/已完成, every filter, the URL's query parameters, export, batch delete to the
 * recycle bin; 新建工单 for those who may create orders and 批量派单 for those who may dispatch (each selected order on
 * its own, with a result per order).
 */
export default function AllOrder() {
  const [search] = useSearchParams();
  const user = useUser();
  const can = useCan();
  const list = useRef<ListPageHandle>(null);
  const [target, setTarget] = useState<AssignTarget | null>(null);
  // Mounted from the first 批量派单 on, so closing it animates as before.
  const [assignUsed, setAssignUsed] = useState(false);
  const initialQuery = useMemo(() => allOrderQuery(search), [search]);
  const [tab, setTab] = useState(() => allOrderTab(search));
  const params = useMemo(() => allOrderParams(tab), [tab]);
  const batchDispatch = () => {
    const rows = (list.current?.selectedRows ?? []) as OrderRow[];
    if (rows.length === 0) toast.warning('请选择需要派单的工单');
    else {
      setAssignUsed(true);
      setTarget({ orderIds: rows.map((r) => r.id), each: { expectedStates: rows.map((r) => r.state) }, title: '' });
    }
  };
  const toolbar = (
    <Space wrap>
      <CreateOrderButton />
      {can(ORDER_ACTION_POWERS.assign) ? <Button onClick={batchDispatch}>批量派单</Button> : null}
    </Space>
  );
  return (
    <Card title="全部工单" size="small">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={ALL_ORDER_TABS.map((k) => ({ key: k, label: ORDER_LIST_TABS[Number(k) as keyof typeof ORDER_LIST_TABS] }))}
      />
      <OrderList
        ref={list}
        key={search.toString()}
        scope="all"
        title="全部工单"
        params={params}
        initialQuery={initialQuery}
        toolbar={toolbar}
        onDelete={user.admin ? (ids) => call(orderBatch.delAllOrder, { orderIds: ids.map(Number) }) : undefined}
      />
      {assignUsed ? (
        <Suspense fallback={null}>
          <AssignDialog target={target} onClose={() => setTarget(null)} onDone={() => setTarget(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
