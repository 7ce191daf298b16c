// The addresses of an order's pages, for every area that links to them.

/** An order's detail page. */
export const orderDetailPath = (id: number): string => `/allOrder/orderDetail/${id}`;

/** Where a customer, an installed product or the QR page starts an order: /createOrder with them chosen. */
export const createOrderPath = (customerId?: number | null, customerProductId?: number | null): string => {
  const q = new URLSearchParams();
  if (customerId) q.set('customerId', String(customerId));
  if (customerProductId) q.set('customerProductId', String(customerProductId));
  const s = q.toString();
  return s ? `/createOrder?${s}` : '/createOrder';
};
