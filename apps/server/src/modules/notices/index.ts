// The notices module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/notices is imported from outside it.
export { announcementsDemoStep, welcomeDemoStep } from './notices.demo';
export { addNotices } from './notices.repo';
export { noticesModule } from './notices.routes';
export { wireNotices } from './notices.wiring';
