import { CUSTOMER_TAG_CODE, type LinkKind } from '@sk/shared';
import type { DemoStep } from '../../platform/demo/data';
import { registerLinkTarget } from '../forms/index';
import { addHandoverStep } from '../org/index';
import { registerTagTarget } from '../tags/index';
import { visibleCustomerIds } from './common';
import { handOverCustomers, handOverGrants, linkLabels } from './customers.repo';
import { seedDemoCustomers } from './demo';

// Custom link fields (type 30) may point at customers, installed products and contracts.
const linkTables: [LinkKind, string, string][] = [
  ['customer', 'customers', 'name'],
  ['customerProduct', 'installed_products', 'name'],
  ['saleContract', 'sale_contracts', 'contract_no'],
  ['maintenanceContract', 'maintain_contracts', 'contract_no'],
];

export const customersDemoStep: DemoStep = { name: 'customers', run: seedDemoCustomers };

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireCustomersHooks(): void {
  for (const [kind, table, label] of linkTables) {
    registerLinkTarget(kind, (ex, enterpriseId, ids) => linkLabels(ex, enterpriseId, table, label, ids));
  }

  // Batch tagging (/v2/epTag/batchAddTagByObj, code 4) may touch only customers the user may edit.
  registerTagTarget(CUSTOMER_TAG_CODE, (ex, actor, ids) => visibleCustomerIds(ex, actor, ids, true));

  // A leaving user's customers and customer grants go to the receiver.
  addHandoverStep({
    name: 'customerBusinessUser',
    label: '负责的客户',
    run: (tx, enterpriseId, fromId, toId) => handOverCustomers(tx, enterpriseId, fromId, toId),
  });

  addHandoverStep({
    name: 'customerPermission',
    label: '客户授权',
    run: (tx, enterpriseId, fromId, toId) => handOverGrants(tx, enterpriseId, fromId, toId),
  });
}
