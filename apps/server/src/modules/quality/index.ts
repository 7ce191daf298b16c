// The quality module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/quality is imported from outside it.
export { qualityDemoStep, repairDemoStep } from './quality.demo';
export { qualityModule } from './quality.routes';
export { wireQuality } from './quality.wiring';
export { createComplaintSummary } from './summary';
