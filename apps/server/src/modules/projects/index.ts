// The projects module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/projects is imported from outside it.
export { projectScope } from './project.access';
export { projectsDemoStep } from './projects.demo';
export { projectsModule } from './projects.routes';
export { wireProjects } from './projects.wiring';
