export * from './reports.catalogue';
export * from './reports.contract';
