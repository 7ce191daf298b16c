// The orders module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/orders is imported from outside it.
export {
  acceptance,
  assignableProvider,
  bespoke,
  complete,
  dispatch,
  dispatchLocked,
  instantOf,
  providerOfViewer,
  servicePeople,
  simpleAction,
} from './actions.service';
export { setPoolBadge } from './counts.routes';
export { createOrder, createOrdersSet } from './create.service';
export { readerOf, visibleOrder } from './detail.access';
export { recomputeReceivable } from './fees.service';
export { serviceItemsDemoStep } from './items.demo';
export { orderListWhere } from './list.filters';
export { listRowsOf } from './list.repo';
export { orderFor } from './money.access';
export { sendPdf } from './money.routes';
export {
  demoPartner,
  deskStaff,
  enterpriseClock,
  heldStock,
  insertMonthClocks,
  insertMonthItems,
  insertMonthLogs,
  insertMonthNotices,
  insertMonthOrders,
  monthCustomers,
  orderTrail,
  serviceItemPrices,
  useMonthParts,
  userNames,
} from './month.repo';
export type { MonthCustomer } from './month.repo';
export { allocateOrderNumbers, createOrderNumbers } from './order-numbers';
export { processForNewOrder, setProcessResolver } from './order.hooks';
export { ORDER_STATE, moveOrder, orderContext, processOf } from './order.state';
export { asOrderRecord, lockedOrderById, lockedOrderRecords } from './orders.repo';
export type { OrderRecord, OrderRecordWith } from './orders.repo';
export { ordersModule } from './orders.routes';
export { orderFromCall } from './orders.signals';
export type { OrderFromCall } from './orders.signals';
export { wireOrders } from './orders.wiring';
export { renderReport } from './report.pdf';
export { reportModel } from './report.service';
export { openableOrders, orderInScope, orderScope, seesAllOrders } from './scope';
export { leadsTeam } from './scope.repo';
export { orderWarranty } from './warranty';
