// The visits module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/visits is imported from outside it.
export { wholeDays } from './report.repo';
export { visitDigestLine } from './report.service';
export { createVisitSummary } from './summary';
export { answerAsCustomer } from './survey.service';
export { visitsDemoStep } from './visits.demo';
export { visitsModule } from './visits.routes';
export { visitFailed } from './visits.signals';
export { wireVisits } from './visits.wiring';
