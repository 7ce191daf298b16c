// What other parts may use of the projects area: a customer's projects (the customer detail's tab, app/slots.tsx).
export { CustomerProjects } from './components/CustomerProjects';
