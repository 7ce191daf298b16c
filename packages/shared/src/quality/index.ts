export * from './quality.constants';
export * from './complaint.machine';
export * from './complaint.contract';
export * from './fault.contract';
