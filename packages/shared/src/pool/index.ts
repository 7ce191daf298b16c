export * from './pool.contract';
