// The settle module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/settle is imported from outside it.
export { settleDemoStep } from './settle.demo';
export { createSettleKeys } from './settle.keys';
export { settleModule } from './settle.routes';
export { settleScope } from './settle.service';
export { wireSettle } from './settle.wiring';
