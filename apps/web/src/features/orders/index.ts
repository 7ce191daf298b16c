// What other parts may use of the orders area: the service-item picker and a customer's orders (the customer
// detail's tab, app/slots.tsx).
export { ServiceItemPicker } from './create/Pickers';
export { CustomerOrders } from './lists/CustomerOrders';
