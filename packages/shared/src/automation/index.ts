export * from './automation.constants';
export * from './automation.contract';
export * from './automation.match';
export * from './automation.schema';
export * from './automation.template';
