// The channels module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/channels is imported from outside it.
export { channelsModule } from './channels.routes';
export { wireChannels } from './channels.wiring';
