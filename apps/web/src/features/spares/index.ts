// What other parts may use of the spares area: an order's spares panel and the engineer picker.
export { OrderSparesPanel } from './components/OrderSparesPanel';
export { EngineerSelect } from './components/Selects';
