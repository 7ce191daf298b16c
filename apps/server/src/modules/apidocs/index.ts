// The apidocs module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/apidocs is imported from outside it.
export { apiDocsModule } from './apidocs.routes';
