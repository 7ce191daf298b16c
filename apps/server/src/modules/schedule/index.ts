// The schedule module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/schedule is imported from outside it.
export { freeTimes, workingDays } from './free';
export { clashOf, intervalsOf, visitMinutesOf, visitsOf } from './schedule.repo';
export type { Interval, VisitRec } from './schedule.repo';
export { book, rebookDay } from './schedule.service';
export { scheduleModule } from './schedule.routes';
export { wireSchedule } from './schedule.wiring';
