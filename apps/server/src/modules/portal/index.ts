// The portal module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/portal is imported from outside it.
export { portalDemoStep } from './portal.demo';
export { portalModule } from './portal.routes';
