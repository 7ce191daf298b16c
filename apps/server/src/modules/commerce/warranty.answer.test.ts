// Issue 65, 8 "Warranty told two ways": one warranty answer per device — the order (detail), the product (detail), the
// service report's model and the price of a part on the order — from one function (customers' productWarranty,
// judged for an order on the day it was created: docs/decisions.md, Commerce).
import { orderDetailContract as D, productContract as P, sparesContract as C, warrantyExtContract as W } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { createTestApp, type TestApp } from '../../test/harness';
import { orderIn } from '../orders/actions.fixtures';
import { reportModel } from '../orders/index';
import { orderFor } from '../orders/index';
import { inbound, stockedTeam } from '../spares/spares.fixtures';
import { dayFromToday } from './commerce.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A team whose engineer holds 3 warranty spares, and a customer's air conditioner whose model warranty ended 400 days ago. */
async function world() {
  const s = await stockedTeam(t, { warranty: true });
  await inbound(s, 5);
  const eng = s.tm.engineer.client;
  const req = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 3 }] })).data.id;
  expect((await s.tm.admin.client.call(C.docApprove, { id: req })).success).toBe(true);
  const one = async (q: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(t.deps.db, q))[0]?.id);
  const ep = s.tm.ep;
  const customer = await one(sql`insert into customers (enterprise_id, name) values (${ep}, '星河物业') returning id`);
  const model = await one(sql`insert into product_models (enterprise_id, name, category) values (${ep}, '格力中央空调', '空调') returning id`);
  const product = await one(sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, warranty_end, qr_code)
    values (${ep}, ${model}, '1号楼空调', 'GL-001', ${customer}, ${dayFromToday(-400)}, ${`qr-${Math.random()}`}) returning id`);
  // 延保 bought today: it starts today (coverage had lapsed) and runs a year.
  const ext = await s.tm.admin.client.send(W.create, { installedProductId: product, period: 1, unit: 3, priceCents: 68000 });
  expect(ext, ext.message).toMatchObject({ success: true, data: { state: 2 } });
  const extension = (await s.tm.admin.client.send(W.detail, { id: ext.data.id })).data;
  expect(extension.startDate).toBe(dayFromToday(0));
  return { s, eng, customer, product, extension };
}

/** The four answers: order detail, product detail, the report model and the part's price on the order. */
async function answers(w: Awaited<ReturnType<typeof world>>, orderId: number) {
  const admin = w.s.tm.admin.client;
  const detail = (await admin.send(D.orderDetail, { orderId })).data.product;
  const product = (await admin.send(P.productionDetail, { customerProductionId: w.product })).data;
  const actor = { id: w.s.tm.admin.id, enterpriseId: w.s.tm.ep, sysrole: 3, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
  const row = await orderFor(t.deps.db, actor as unknown as Actor, orderId);
  const report = await reportModel(t.deps, t.deps.db, actor as unknown as Actor, row);
  const used = (await w.eng.call(C.orderUse, { orderId, spareId: w.s.spare, quantity: 1 })).data;
  return {
    order: { state: detail?.warrantyState, name: detail?.warrantyName, end: detail?.warrantyEnd, source: detail?.warrantySource },
    product: { state: product.warrantyState, end: product.coverageEnd },
    report: report.warranty,
    part: { chargeable: used.chargeable },
  };
}

describe('one warranty answer per device (issue 65, 8)', () => {
  it("the model's warranty has ended, an extension covers the order's day: order, product, report and part all say 延保 to its end", async () => {
    const w = await world();
    const order = await orderIn(t, w.s.tm, 4, { customer_id: w.customer, installed_product_id: w.product });
    const a = await answers(w, order);
    const end = w.extension.endDate;
    expect(a.order).toEqual({ state: 3, name: '延保', end, source: 'extension' });
    expect(a.product).toEqual({ state: 3, end });
    expect(a.report).toEqual({ state: 3, end, source: 'extension', text: `延保（至${end}）` });
    expect(a.part).toEqual({ chargeable: false });
  });

  it("an order reported before the extension began: 过保 with the model's end, the part charged — on the order, its report and its part alike", async () => {
    const w = await world();
    const order = await orderIn(t, w.s.tm, 4, { customer_id: w.customer, installed_product_id: w.product });
    // Reported ten days ago, when only the model's warranty (lapsed) stood; the extension starts today.
    await t.deps.db.execute(sql`update orders set created_at = now() - interval '10 days' where id = ${order}`);
    const a = await answers(w, order);
    const lapsed = dayFromToday(-400);
    expect(a.order).toEqual({ state: 2, name: '过保', end: lapsed, source: 'warranty' });
    expect(a.report).toEqual({ state: 2, end: lapsed, source: 'warranty', text: `过保（至${lapsed}）` });
    expect(a.part).toEqual({ chargeable: true });
    // The product's own page answers for today, when the extension covers it.
    expect(a.product).toEqual({ state: 3, end: w.extension.endDate });
  });

  it('an extension voided: the product and a new order are 过保 again, the part charged', async () => {
    const w = await world();
    expect((await w.s.tm.admin.client.send(W.cancel, { id: w.extension.id, note: '客户退款' })).success).toBe(true);
    const order = await orderIn(t, w.s.tm, 4, { customer_id: w.customer, installed_product_id: w.product });
    const a = await answers(w, order);
    const lapsed = dayFromToday(-400);
    expect(a.order).toMatchObject({ state: 2, end: lapsed });
    expect(a.product).toEqual({ state: 2, end: lapsed });
    expect(a.report).toMatchObject({ state: 2, end: lapsed });
    expect(a.part).toEqual({ chargeable: true });
  });
});
