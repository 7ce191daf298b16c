// The cycle module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/cycle is imported from outside it.
export { cycleDemoStep } from './cycle.demo';
export { cycleModule } from './cycle.routes';
export { wireCycle } from './cycle.wiring';
