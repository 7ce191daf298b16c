import { CUSTOMER_TAG_CODE, type LinkKind } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { affected, rows } from '../../db/client';
import type { DemoStep } from '../../db/demo.data';
import { registerLinkTarget } from '../forms/ext.service';
import { addHandoverStep } from '../org/handover';
import { registerTagTarget } from '../tags/tag-links';
import { visibleCustomerIds } from './common';
import { bigints } from '../../platform/sql';
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
    registerLinkTarget(
      kind,
      async (ex, enterpriseId, ids) =>
        await rows<{ id: number; label: string }>(
          ex,
          sql`select id, ${sql.identifier(label)} as label from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`,
        ),
    );
  }

  // Batch tagging (/v2/epTag/batchAddTagByObj, code 4) may touch only customers the user may edit.
  registerTagTarget(CUSTOMER_TAG_CODE, (ex, actor, ids) => visibleCustomerIds(ex, actor, ids, true));

  // A leaving user's customers and customer grants go to the receiver.
  addHandoverStep({
    name: 'customerBusinessUser',
    label: '负责的客户',
    run: (tx, enterpriseId, fromId, toId) =>
      affected(
        tx,
        sql`update customers set business_user_id = ${toId}, updated_at = now() where enterprise_id = ${enterpriseId} and business_user_id = ${fromId}`,
      ),
  });

  addHandoverStep({
    name: 'customerPermission',
    label: '客户授权',
    async run(tx, enterpriseId, fromId, toId) {
      await tx.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
        select enterprise_id, customer_id, ${toId}, permission, created_by from customer_permissions
        where enterprise_id = ${enterpriseId} and user_id = ${fromId}
        on conflict (enterprise_id, customer_id, user_id) do update set permission = greatest(customer_permissions.permission, excluded.permission)`);
      return affected(tx, sql`delete from customer_permissions where enterprise_id = ${enterpriseId} and user_id = ${fromId}`);
    },
  });
}
