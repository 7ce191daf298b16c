// Test helpers of the commerce area: an enterprise with an administrator, a salesperson and his customer, products
// with a chosen warranty end, service items and spares in a stocked central warehouse.
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { type Client, loggedIn, makeUser, TEST_PASSWORD, Client as C } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { makeSpare, makeWarehouse } from '../spares/spares.fixtures';
import { postMovement } from '../spares/ledger';

/** 'YYYY-MM-DD' n days from today in Shanghai. */
export const dayFromToday = (n: number): string => {
  const d = new Date(Date.now() + 8 * 3600_000);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface CommerceTeam {
  ep: number;
  admin: { id: number; client: Client };
  sales: { id: number; client: Client };
  other: { id: number; client: Client };
  keeper: { id: number; client: Client };
  customer: number;
  model: number;
  wh: number;
  service: number;
  part: number;
  consumable: number;
  product: (warrantyEnd: string | null) => Promise<number>;
}

let seq = 0;

export async function commerceTeam(t: TestApp): Promise<CommerceTeam> {
  const db = t.deps.db;
  const admin = await loggedIn(t.app, db, { roles: [3] });
  const ep = admin.enterpriseId;
  const user = async (role: number) => {
    const u = await makeUser(db, ep, { roles: [role] });
    return { id: u.id, client: await new C(t.app).login(u.mobile, TEST_PASSWORD, ep) };
  };
  const sales = await user(5);
  const other = await user(5);
  const keeper = await user(9);
  const customer = await newCustomer(sales.client);
  const [m] = await rows<{ id: number }>(
    db,
    sql`insert into product_models (enterprise_id, name, brand, model, category, warranty_period, warranty_unit, warranty_start_type)
      values (${ep}, '中央空调', '格力', ${`GMV-${++seq}`}, '空调', 1, 3, 3) returning id::int`,
  );
  const model = (m as { id: number }).id;
  const product = async (warrantyEnd: string | null) => {
    const [p] = await rows<{ id: number }>(
      db,
      sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, warranty_end, qr_code, created_by)
        values (${ep}, ${model}, '中央空调', ${`SN-${process.pid}-${++seq}`}, ${customer}, ${warrantyEnd}, ${`qr-${process.pid}-${seq}-${Math.random()}`}, ${sales.id})
        returning id::int`,
    );
    return (p as { id: number }).id;
  };
  const [s] = await rows<{ id: number }>(
    db,
    sql`insert into service_items (enterprise_id, name, price, unit) values (${ep}, ${`上门维修${++seq}`}, 80, '次') returning id::int`,
  );
  const wh = await makeWarehouse(db, ep, { name: '中心仓', kind: 1 });
  const part = await makeSpare(db, ep, { name: '压缩机', warranty: true, salePrice: '1200.00' });
  const consumable = await makeSpare(db, ep, { name: '冷媒', warranty: false, salePrice: '150.50' });
  for (const spareId of [part, consumable]) await postMovement(db, ep, { warehouseId: wh, spareId, change: 10, type: 3, userId: admin.user.id });
  return {
    ep,
    admin: { id: admin.user.id, client: admin.client },
    sales,
    other,
    keeper,
    customer,
    model,
    wh,
    service: (s as { id: number }).id,
    part,
    consumable,
    product,
  };
}
