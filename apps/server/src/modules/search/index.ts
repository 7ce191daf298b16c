// The search module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/search is imported from outside it.
export { searchModule } from './search.routes';
