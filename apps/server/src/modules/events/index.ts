// The events module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/events is imported from outside it.
export { createEvent } from './create.service';
export { eventScope, moveEvent } from './event.state';
export { eventsModule } from './events.routes';
export { eventCreated } from './events.signals';
export { wireEvents } from './events.wiring';
export { linkEventToOrder, lockEventForOrder } from './to-order';
