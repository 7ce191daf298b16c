// The schedule module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/schedule is imported from outside it.
export { freeTimes } from './free';
export { clashOf, visitMinutesOf } from './schedule.repo';
export { scheduleModule } from './schedule.routes';
export { wireSchedule } from './schedule.wiring';
