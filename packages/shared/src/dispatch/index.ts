export * from './dispatch.constants';
export * from './dispatch.contract';
