// The pool module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/pool is imported from outside it.
export type { EngineerScope } from './eligibility';
export { lockLiveOrder } from './pool.repo';
export { poolModule } from './pool.routes';
export { enterPool, putInPool } from './pool.service';
export { wirePool } from './pool.wiring';
