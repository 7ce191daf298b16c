// The calls module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/calls is imported from outside it.
export { callsDemoStep } from './calls.demo';
export { callsModule } from './calls.routes';
export { wireCalls } from './calls.wiring';
