export * from './orders.constants';
export * from './order.machine';
export * from './orders.contract';
export * from './order.detail.contract';
export * from './order.actions.contract';
