export * from './kinds';
export * from './approval.machine';
export * from './approvals.contract';
