export * from './project.machine';
export * from './projects.constants';
export * from './projects.contract';
export * from './parts.contract';
