// The spares module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/spares is imported from outside it.
export { postMovement, release, reserve, warningsKeptBy } from './ledger';
export { sparesDemoStep } from './spares.demo';
export { spareDocsDemoStep } from './spares.docs.demo';
export { sparesModule } from './spares.routes';
export { wireSpares } from './spares.wiring';
export { receiveUnits } from './units';
