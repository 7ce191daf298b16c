export * from './knowledge.constants';
export * from './case.machine';
export * from './case.contract';
export * from './knowledge.contract';
