export * from './cycle.constants';
export * from './cycle.dates';
export * from './cycle.machine';
export * from './cycle.contract';
