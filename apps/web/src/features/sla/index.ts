// What other parts may use of the SLA area: the clocks and breach tags of orders and events.
export { EventSlaClocks, SlaClocks, SlaMarkTag } from './SlaClocks';
