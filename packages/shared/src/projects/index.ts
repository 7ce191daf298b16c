export * from './project.machine';
export * from './projects.constants';
export * from './projects.contract';
