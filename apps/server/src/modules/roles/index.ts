// The roles module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/roles is imported from outside it.
export { rolesModule } from './roles.routes';
