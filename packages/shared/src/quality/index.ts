export * from './quality.constants';
export * from './complaint.machine';
export * from './complaint.contract';
export * from './fault.contract';
export * from './repair.constants';
export * from './repair.machine';
export * from './repair.contract';
