// The process module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/process is imported from outside it.
export { processModule } from './process.routes';
export { wireProcess } from './process.wiring';
