export * from './planning.constants';
export * from './planning.contract';
export * from './proposal.machine';
