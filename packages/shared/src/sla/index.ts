export * from './sla.calendar';
export * from './sla.clock';
export * from './sla.constants';
export * from './sla.contract';
