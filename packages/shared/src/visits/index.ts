export * from './visits.constants';
export * from './visits.machine';
export * from './visits.contract';
