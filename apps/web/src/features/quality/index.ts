// What other parts may use of the quality area: the fault-tree picker, an order's quality panel and a visit's after-
// sales panel.
export { AfterSales } from './AfterSales';
export { FaultTreeSelect, useFaultTree } from './FaultModeSelect';
export { OrderQuality } from './OrderQuality';
