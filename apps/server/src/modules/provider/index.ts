// The provider module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/provider is imported from outside it.
export { providerModule } from './provider.routes';
