// What other parts may use of the customers area: the pickers and widgets of customers, their products and areas, and
// a customer's page path.
export { customerContract } from './api';
export { AreaCascader } from './components/AreaCascader';
export { type ExtFormApi, WithExtFields } from './components/CustomFields';
export { CustomerSelect } from './components/CustomerSelect';
export { DuplicateCustomerAlert, useCustomerDuplicates } from './components/DuplicateCustomer';
export { ModelSelect } from './components/InstalledFormDialog';
export { SmartPaste } from './components/SmartPaste';
export { customerPath } from './options';
