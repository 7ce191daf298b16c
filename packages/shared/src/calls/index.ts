export * from './calls.constants';
export * from './calls.machine';
export * from './calls.contract';
