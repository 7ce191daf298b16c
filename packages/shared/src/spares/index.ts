export * from './spares.constants';
export * from './spares.machine';
export * from './spares.contract';
