// The sla module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/sla is imported from outside it.
export { type ClockRule, type ClockSettings, type ClockSubject, syncSubjectClocks } from './clock.engine';
export { addClockSweep, breachStep, sweepAddedClocks } from './clock.sweep';
export { eventClocksDeleteSql, syncEventClocks } from './event.clocks';
export { eventClocks, eventExceedCount, eventExceedStatistics, eventMarks, eventSla, saveEventSla } from './event.sla';
export { calendarsOf, hoursOf, offsetMinutes } from './sla.calendar';
export { clocksOfMoves } from './sla.clocks';
export type { PlannedClock } from './sla.clocks';
export { slaDemoStep } from './sla.demo';
export { slaEnabled, slaOnSql } from './sla.enabled';
export { addClockRecompute, type RecomputeSubject } from './sla.recompute';
export { listPolicies, matches } from './sla.policies';
export { orderDueTimes } from './sla.due';
export { orderClocks } from './sla.report';
export { slaModule } from './sla.routes';
export { wireSla } from './sla.wiring';
