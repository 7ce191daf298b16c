import { faultContract as F } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import type { TestApp } from '../../test/harness';
import { signatureUpload, type Team } from '../orders/actions.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { productOf } from '../quality/test-helpers';

/** A fault tree of `category` (symptom → cause → remedy) made through the API; answers the remedy's id. */
export async function remedyOf(tm: Team, category: string, code: string): Promise<number> {
  const c = tm.admin.client;
  const sy = (await c.send(F.create, { category, code, name: '不制冷' })).data.id;
  const ca = (await c.send(F.create, { parentId: sy, code: `${code}.1`, name: '缺氟' })).data.id;
  return (await c.send(F.create, { parentId: ca, code: `${code}.1.1`, name: '补充冷媒' })).data.id;
}

/**
 * An order of the team on a unit of `modelId` (or a new model of `category`), served by the team's engineer, in `state`,
 * with a fault mode when given, a photo attached and one spare part in use.
 */
export async function orderOn(t: TestApp, tm: Team, o: { category: string; modelId?: number; state?: number; faultModeId?: number; part?: boolean }) {
  const ep = tm.ep;
  let modelId = o.modelId;
  let productId: number;
  if (modelId) {
    const [p] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into installed_products (enterprise_id, product_id, name, qr_code) values (${ep}, ${modelId}, '空调', ${`QR${Math.random().toString(36).slice(2)}`}) returning id`,
    );
    productId = (p as { id: number }).id;
  } else {
    const u = await productOf(t.deps.db, ep, o.category);
    modelId = u.modelId;
    productId = u.productId;
  }
  const photo = await signatureUpload(tm.admin.client);
  const orderId = await insertOrder(t.deps.db, ep, {
    state: o.state ?? 5,
    installed_product_id: productId,
    service_user_id: tm.engineer.id,
    dispatcher_id: tm.dispatcher.id,
    detail_desc: '空调开机十分钟后不制冷',
  });
  await t.deps.db.execute(sql`update orders set attachments = array[${photo}]::bigint[] where enterprise_id = ${ep} and id = ${orderId}`);
  if (o.faultModeId) {
    await t.deps.db.execute(sql`insert into order_fault_modes (enterprise_id, order_id, fault_mode_id) values (${ep}, ${orderId}, ${o.faultModeId})`);
  }
  if (o.part) {
    const [s] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into spares (enterprise_id, code, name, unit) values (${ep}, ${`BJ${orderId}`}, '冷媒R410A', '瓶') returning id`,
    );
    await t.deps.db.execute(sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, chargeable, state)
      values (${ep}, ${orderId}, ${s?.id}, 1, 2, false, 1)`);
  }
  return { orderId, modelId, productId, photo };
}
