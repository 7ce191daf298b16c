export * from './settle.constants';
export * from './settle.machine';
export * from './fee.pricing';
export * from './settle.contract';
export * from './provider.contract';
export * from './claims.machine';
export * from './claims.contract';
