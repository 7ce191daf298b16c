// The im module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/im is imported from outside it.
export { IM_CHANNEL } from './channel';
export { broadcast } from './im.hub';
export { imModule } from './im.routes';
