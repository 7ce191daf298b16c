export * from './schedule.constants';
export * from './schedule.contract';
