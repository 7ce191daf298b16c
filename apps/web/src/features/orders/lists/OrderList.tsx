import { POWERS } from '@sk/shared/auth/powers';
import type { OrderListScope, OrderRow } from '@sk/shared/orders/order.list.contract';
import { type Key, type ReactNode, type Ref, useMemo } from 'react';
import { type ListColumn, ListPage, type ListPageHandle } from '../../../components';
import { useApi } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { processContract } from '@sk/shared/process/process.contract';
import { Spin } from 'antd';
import { exportOrders } from './api';
import { DEFAULT_ORDER_COLUMNS, ORDER_PHONE_CARD, orderColumns } from '../../../components/orderColumns';
import { OrderFilters, orderFilterValues, orderPanelQuery } from './Filters';
import { orderFirstList } from './first';

export interface OrderListProps {
  /** The list page (GET /v2/order/getAllOrderList?scope). */
  scope: OrderListScope;
  /** The page's name: the export file is named after it. */
  title: string;
  /** Fixed fields of every load (a tab, a customer id); a change reloads from the first page. */
  params?: Record<string, unknown>;
  /** Starting filters (from the URL). */
  initialQuery?: Record<string, unknown>;
  /** The page's own columns after the common ones. */
  extraColumns?: ListColumn<OrderRow>[];
  /** Batch delete (AllOrder: to the recycle bin). */
  onDelete?: (ids: Key[]) => Promise<unknown>;
  toolbar?: ReactNode;
  /** Offer the filter panel (default true); a customer's or product's tab shows the list only. */
  filters?: boolean;
  /** Offer the state filter in the panel (default true): MyOrder's tabs already choose states. */
  stateFilter?: boolean;
  routeKey?: string;
  ref?: Ref<ListPageHandle>;
}

/** One order list page on the one ListPage: the scope's rows, every filter, sort, columns, export, batch actions. */
export function OrderList({
  scope,
  title,
  params,
  initialQuery,
  extraColumns,
  onDelete,
  toolbar,
  filters = true,
  stateFilter = true,
  routeKey,
  ref,
}: OrderListProps) {
  const can = useCan();
  const fetch = useMemo(() => orderFirstList(scope).fetch, [scope]);
  const columns = useMemo(() => orderColumns(extraColumns), [extraColumns]);
  // A submit of the panel keeps the starting filters it has no field for (a drill-down's), not only its own.
  const mapFilters = useMemo(() => orderPanelQuery(initialQuery ?? {}, stateFilter), [initialQuery, stateFilter]);
  // The enterprise's saved list setting (order process page) decides the columns shown at first.
  const setting = useApi(processContract.queryOrderListSetting, {}, { call: { silent: true }, staleTime: 300_000 });
  if (setting.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  const base = setting.data?.saved ? setting.data.columns.filter((c) => c.visible).map((c) => c.key) : DEFAULT_ORDER_COLUMNS;
  const defaults = extraColumns?.length ? [...base, ...extraColumns.map((c) => c.key)] : base;
  return (
    <ListPage<OrderRow>
      ref={ref}
      title={title}
      routeKey={routeKey}
      columns={columns}
      defaultColumns={defaults}
      phoneCard={ORDER_PHONE_CARD}
      fetch={fetch}
      params={params}
      initialQuery={initialQuery}
      keywordPlaceholder="工单编号、标题、客户、电话"
      filters={filters ? <OrderFilters states={stateFilter} /> : undefined}
      mapFilters={mapFilters}
      filterValuesOf={orderFilterValues}
      toolbar={toolbar}
      onExport={
        can(POWERS.export)
          ? ({ fileName, ids, query, columns: chosen }) => exportOrders(scope, { fileName, ids: ids.map(Number), query, columns: chosen }, params)
          : undefined
      }
      onDelete={onDelete}
    />
  );
}
