export * from './spares.constants';
export * from './spares.machine';
