// The activity module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/activity is imported from outside it.
export { logOperation } from './activity.repo';
export { activityModule } from './activity.routes';
