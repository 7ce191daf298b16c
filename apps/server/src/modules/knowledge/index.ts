// The knowledge module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/knowledge is imported from outside it.
export { knowledgeDemoStep } from './knowledge.demo';
export { knowledgeModule } from './knowledge.routes';
