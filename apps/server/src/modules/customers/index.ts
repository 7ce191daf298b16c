// The customers module's door: what other modules and the composition may use of it (docs/architecture.md, "Layers and doors").
// Nothing else of modules/customers is imported from outside it.
export type { CustomerAddressRaw } from './addresses.repo';
export { addressesOf } from './addresses.service';
export { fullAddressOf, resolveArea } from './areas';
export type { ResolvedArea } from './areas';
export { customerRowScope, customerScope, optionalCustomerScope, visibleCustomer } from './common';
export { contactsOf } from './contacts.service';
export { customersDemoStep } from './customers.hooks';
export { pickCustomers } from './customers.repo';
export { customersModule } from './customers.routes';
export { wireCustomers } from './customers.wiring';
export { addProductHistorySource, listInstalled } from './installed.service';
export { checkFiles } from './integrations';
export { type ProductWarranty, productWarranty } from './warranty';
export { newCustomer, newModel } from './test-helpers';
export { type ContractRenewalDue, contractRenewalDue } from './customers.signals';
