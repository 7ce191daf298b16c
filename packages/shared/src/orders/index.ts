export * from './orders.constants';
export * from './order.machine';
