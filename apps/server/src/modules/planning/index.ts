// The planning module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/planning is imported from outside it.
export { planningModule } from './planning.routes';
export { wirePlanning } from './planning.wiring';
