// The faults module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/faults is imported from outside it.
export {
  categoryOfOrder,
  clearOrderFault,
  deleteNode,
  faultCategories,
  insertNode,
  modelCategory,
  nodeRow,
  orderFaultRow,
  pathOf,
  subtreeUsed,
  treeOf,
  updateNode,
} from './fault.repo';
export type { NodeRow } from './fault.repo';
export { hasOrderFaultMode, pathText, recordOrderFault } from './faults';
