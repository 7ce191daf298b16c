export * from './events.constants';
export * from './event.machine';
export * from './events.contract';
export * from './event.message';
export * from './desk.contract';
export * from './event.settings.contract';
export * from './event.sla';
