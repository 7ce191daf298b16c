export * from './orders.constants';
export * from './order.machine';
export * from './orders.contract';
export * from './order.money';
export * from './order.money.contract';
export * from './order.actions.contract';
export * from './order.create.contract';
export * from './order.list.contract';
