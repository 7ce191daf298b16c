// What other parts may use of the events area: a customer's events (the customer detail's tab, app/slots.tsx).
export { CustomerEvents } from './components/CustomerEvents';
