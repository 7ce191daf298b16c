import { useMemo } from 'react';
import { OrderList } from './OrderList';

/** A customer's orders (the customer detail's 工单 tab): the order list of that customer, as the viewer may see it. */
export function CustomerOrders({ customerId }: { customerId: number }) {
  const params = useMemo(() => ({ customerId }), [customerId]);
  return <OrderList scope="customer" title="客户工单" params={params} routeKey="customerDetail:orders" filters={false} />;
}
