// The reports module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/reports is imported from outside it.
export { reportDigestLines } from './reports.digest';
export { reportsModule } from './reports.routes';
export { wireReports } from './reports.wiring';
export { createReportSummary } from './summary';
