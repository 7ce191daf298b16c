// The dispatch module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/dispatch is imported from outside it.
export { dispatchModule } from './dispatch.routes';
export { wireDispatch } from './dispatch.wiring';
