import { cycleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { newCustomer, newModel } from '../customers/test-helpers';

let seq = 0;

/** An administrator of a fresh enterprise, with a customer, an installed product (bought and installed) and a maintenance contract. */
export async function cycleSetup(t: TestApp) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  const customerId = await newCustomer(admin.client);
  const modelId = await newModel(admin.client);
  seq++;
  const [p] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, purchase_date, install_date, qr_code)
      values (${ep}, ${modelId}, '中央空调', ${`SN-${ep}-${seq}`}, ${customerId}, '2026-01-31', '2026-02-10', ${`qr-${ep}-${seq}`}) returning id`,
  );
  const [mc] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into maintain_contracts (enterprise_id, contract_no, name, customer_id, start_date, end_date, amount, status)
      values (${ep}, ${`WB-${ep}-${seq}`}, '年度维保', ${customerId}, '2026-01-01', '2027-06-30', 12000, 2) returning id`,
  );
  const tmpl = await admin.client.send(C.tmplAdd, { name: '空调保养', every: 1, unit: 4, checklist: ['清洗滤网', '检查冷媒压力'] });
  if (!tmpl.success) throw new Error(tmpl.message);
  return { admin, ep, customerId, productId: p?.id ?? 0, contractId: mc?.id ?? 0, templateId: tmpl.data.id as number };
}
export type CycleSetup = Awaited<ReturnType<typeof cycleSetup>>;

export const planBody = (s: CycleSetup, extra: Record<string, unknown> = {}) => ({
  name: '空调月度保养',
  templateId: s.templateId,
  targetType: 1,
  installedProductId: s.productId,
  startType: 1,
  startDate: '2026-11-20',
  dayOfPeriod: 1,
  ...extra,
});
