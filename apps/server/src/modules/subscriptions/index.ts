// The subscriptions module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/subscriptions is imported from outside it.
export { subscriptionsModule } from './subscriptions.routes';
export { wireSubscriptions } from './subscriptions.wiring';
