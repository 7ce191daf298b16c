// The tags module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/tags is imported from outside it.
export { addLinks, hasAnyTag, registerTagTarget, removeAllLinksOf, tagsOf } from './tag-links';
export { tagsModule } from './tags.routes';
export { wireTags } from './tags.wiring';
