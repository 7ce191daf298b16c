import { DEFAULT_ORDER_PROCESS, faultContract as C, orderActionsContract as A, orderContract as O, processContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { ensureDefaultTemplate } from '../forms/templates.service';
import { type Team, team } from '../orders/actions.fixtures';
import { productOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const nodes = async (ep: number) => (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from fault_modes where enterprise_id = ${ep}`))[0]?.n;

/** A symptom → cause → remedy chain in `category`. */
async function chain(tm: Team, category: string, prefix: string) {
  const c = tm.admin.client;
  const s = (await c.send(C.create, { category, code: `${prefix}1`, name: '不制冷' })).data.id;
  const cause = (await c.send(C.create, { parentId: s, code: `${prefix}1.1`, name: '缺氟' })).data.id;
  const remedy = (await c.send(C.create, { parentId: cause, code: `${prefix}1.1.1`, name: '补充冷媒' })).data.id;
  return { s, cause, remedy };
}

async function orderWith(tm: Team, productId: number | null): Promise<number> {
  const r = await tm.admin.client.send(O.add, { customerId: await newCustomer(tm.admin.client), title: '空调不制冷', priority: 1 });
  if (!r.success) throw new Error(r.message);
  if (productId) await t.deps.db.execute(sql`update orders set installed_product_id = ${productId} where enterprise_id = ${tm.ep} and id = ${r.data.id}`);
  return r.data.id;
}

describe('fault modes: the tree per product category', () => {
  it('builds symptom → cause → remedy with codes, lists one category, refuses a fourth level and a repeated code', async () => {
    const tm = await team(t);
    await productOf(t.deps.db, tm.ep, '空调');
    const { s, cause, remedy } = await chain(tm, '空调', 'AC');
    await chain(tm, '冰箱', 'RF');
    const c = tm.admin.client;
    const list = await c.send(C.list, { category: '空调' });
    expect(list.data.categories).toEqual(['冰箱', '空调']);
    expect(list.data.list.map((n) => [n.id, n.parentId, n.level, n.code])).toEqual([
      [s, null, 1, 'AC1'],
      [cause, s, 2, 'AC1.1'],
      [remedy, cause, 3, 'AC1.1.1'],
    ]);
    expect((await c.send(C.create, { parentId: remedy, code: 'X', name: '下级' })).message).toBe('上级：处理措施下不能再添加下级');
    expect((await c.send(C.create, { category: '空调', code: 'AC1', name: '重复' })).message).toBe('编码：编码“AC1”在该产品分类下已存在');
    // The same code in another category is another tree.
    expect((await c.send(C.create, { category: '冰箱', code: 'AC1', name: '另一棵树' })).success).toBe(true);
    expect((await c.send(C.update, { id: cause, code: 'AC1.2', name: '冷媒泄漏', sort: 2 })).success).toBe(true);
    expect((await c.send(C.list, { category: '空调' })).data.list.find((n) => n.id === cause)).toMatchObject({ code: 'AC1.2', name: '冷媒泄漏', sort: 2 });
    // Deleting a symptom takes its subtree.
    const before = await nodes(tm.ep);
    expect((await c.send(C.remove, { id: s })).success).toBe(true);
    expect(await nodes(tm.ep)).toBe(Number(before) - 3);
  });

  it('answers 未登录, CSRF, no power, bad input, and not found for another enterprise’s node, which stays unchanged', async () => {
    const tm = await team(t);
    const other = await team(t);
    const theirs = await chain(other, '空调', 'OT');
    expect((await new Client(t.app).send(C.list, {})).message).toBe('未登录');
    expect((await tm.admin.client.send(C.create, { code: 'A', name: 'B' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.engineer.client.send(C.create, { code: 'A', name: 'B' })).code).toBe('NO_POWER');
    const bad = await tm.admin.client.call(C.create, { code: 'a b', name: '' });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(bad.message).toMatch(/编码只能包含字母、数字|请输入名称/);
    expect(await nodes(tm.ep)).toBe(0);
    for (const r of [
      await tm.admin.client.send(C.update, { id: theirs.s, code: 'MINE', name: '改' }),
      await tm.admin.client.send(C.remove, { id: theirs.s }),
      await tm.admin.client.send(C.create, { parentId: theirs.s, code: 'X', name: '挂到别人树上' }),
    ]) {
      expect(r.code).toBe('NOT_FOUND');
    }
    expect(await nodes(other.ep)).toBe(3);
    expect(await nodes(tm.ep)).toBe(0);
  });

  it('twenty parallel creates of one code: exactly one node', async () => {
    const tm = await team(t);
    const answers = await race(20, () => tm.admin.client.send(C.create, { category: '空调', code: 'SAME', name: '同码' }));
    expect(tally(answers)).toEqual({ ok: 1, '编码：编码“SAME”在该产品分类下已存在': 19 });
  });
});

describe('the fault mode of an order', () => {
  it('the picker shows only the tree of the order’s product category; only a remedy of that tree is accepted; a used node is not deleted', async () => {
    const tm = await team(t);
    const ac = await chain(tm, '空调', 'AC');
    const rf = await chain(tm, '冰箱', 'RF');
    const general = await chain(tm, '', 'GN');
    const unit = await productOf(t.deps.db, tm.ep, '空调');
    const id = await orderWith(tm, unit.productId);
    const picker = await tm.admin.client.send(C.ofOrder, { orderId: id });
    expect(picker.data.category).toBe('空调');
    expect(picker.data.list.map((n) => n.id)).toEqual([ac.s, ac.cause, ac.remedy]);
    expect(picker.data.selected).toBeNull();
    // An order without a product category gets the general tree.
    const plain = await orderWith(tm, null);
    expect((await tm.admin.client.send(C.ofOrder, { orderId: plain })).data.list.map((n) => n.id)).toEqual([general.s, general.cause, general.remedy]);

    for (const wrong of [rf.remedy, ac.cause]) {
      expect((await tm.admin.client.send(C.setOrder, { orderId: id, faultModeId: wrong })).message).toBe('故障模式：请选择该工单产品分类下的处理措施');
    }
    expect((await tm.admin.client.send(C.setOrder, { orderId: id, faultModeId: ac.remedy })).success).toBe(true);
    const chosen = (await tm.admin.client.send(C.ofOrder, { orderId: id })).data.selected;
    expect(chosen?.path.map((p) => p.name)).toEqual(['不制冷', '缺氟', '补充冷媒']);
    expect((await tm.admin.client.send(C.remove, { id: ac.s })).code).toBe('FAULT_MODE_IN_USE');
    expect(await nodes(tm.ep)).toBe(9);

    // Another enterprise's order: not found, nothing written.
    const other = await team(t);
    const theirs = await orderWith(other, null);
    expect((await tm.admin.client.send(C.ofOrder, { orderId: theirs })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.send(C.setOrder, { orderId: theirs, faultModeId: general.remedy })).code).toBe('NOT_FOUND');
    const written = await rows(t.deps.db, sql`select 1 from order_fault_modes where enterprise_id = ${other.ep}`);
    expect(written).toEqual([]);
  });

  it('a process requiring a fault mode at 结束服务 refuses completion until one is recorded', async () => {
    const tm = await team(t);
    const tid = (await ensureDefaultTemplate(t.deps.db, tm.ep, 1)).id;
    const pub = await tm.admin.client.send(P.publish, {
      tid,
      process: { ...DEFAULT_ORDER_PROCESS, requirements: { endService: { fields: [], signature: false, photos: false, faultMode: true } } },
    });
    expect(pub.success).toBe(true);
    const ac = await chain(tm, '空调', 'AC');
    const unit = await productOf(t.deps.db, tm.ep, '空调');
    const id = await orderWith(tm, unit.productId);
    await tm.dispatcher.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id });
    await tm.engineer.client.call(A.accept, { orderId: id });
    await tm.engineer.client.call(A.startService, { orderId: id });
    const refused = await tm.engineer.client.call(A.serviceComplete, { orderId: id });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '结束服务前还需填写：故障模式' });
    // The engineer on the order picks it himself.
    expect((await tm.engineer.client.send(C.ofOrder, { orderId: id })).data.list).toHaveLength(3);
    expect((await tm.engineer.client.send(C.setOrder, { orderId: id, faultModeId: ac.remedy })).success).toBe(true);
    expect((await tm.engineer.client.call(A.serviceComplete, { orderId: id })).success).toBe(true);
  });
});

describe('the fault mode chosen on the create-order page', () => {
  const orders = async (ep: number) => (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from orders where enterprise_id = ${ep}`))[0]?.n;

  it('the picker reads the tree of the product’s model; the order is created with it, or not at all when it is not a remedy of that tree', async () => {
    const tm = await team(t);
    const ac = await chain(tm, '空调', 'AC');
    const rf = await chain(tm, '冰箱', 'RF');
    const general = await chain(tm, '', 'GN');
    const unit = await productOf(t.deps.db, tm.ep, '空调');
    const c = tm.admin.client;
    const customerId = await newCustomer(c);
    await t.deps.db.execute(sql`update installed_products set customer_id = ${customerId} where enterprise_id = ${tm.ep} and id = ${unit.productId}`);

    // By the installed product (the create page) and by the model (the article dialog); neither: the general tree.
    const byUnit = (await tm.engineer.client.send(C.ofModel, { installedProductId: unit.productId })).data;
    expect(byUnit).toMatchObject({ category: '空调', productModelId: unit.modelId });
    expect(byUnit.list.map((n) => n.id)).toEqual([ac.s, ac.cause, ac.remedy]);
    expect((await c.send(C.ofModel, { productModelId: unit.modelId })).data.list.map((n) => n.id)).toEqual([ac.s, ac.cause, ac.remedy]);
    expect((await c.send(C.ofModel, {})).data).toMatchObject({ category: '', productModelId: null });
    expect((await c.send(C.ofModel, {})).data.list.map((n) => n.id)).toEqual([general.s, general.cause, general.remedy]);

    const before = await orders(tm.ep);
    for (const wrong of [rf.remedy, ac.cause]) {
      const r = await c.send(O.add, { customerId, title: '空调不制冷', priority: 1, productId: unit.productId, faultModeId: wrong });
      expect(r.message).toBe('故障模式：请选择该工单产品分类下的处理措施');
    }
    expect(await orders(tm.ep)).toBe(before);
    const made = await c.send(O.add, { customerId, title: '空调不制冷', priority: 1, productId: unit.productId, faultModeId: ac.remedy });
    expect(made.success).toBe(true);
    const picked = (await c.send(C.ofOrder, { orderId: made.data.id })).data.selected;
    expect(picked?.path.map((p) => p.id)).toEqual([ac.s, ac.cause, ac.remedy]);

    // Another enterprise's model, unit or node: not found, and no order is written.
    const other = await team(t);
    const theirs = await productOf(t.deps.db, other.ep, '空调');
    const theirFault = await chain(other, '空调', 'OT');
    expect((await c.send(C.ofModel, { productModelId: theirs.modelId })).code).toBe('NOT_FOUND');
    expect((await c.send(C.ofModel, { installedProductId: theirs.productId })).code).toBe('NOT_FOUND');
    const n = await orders(tm.ep);
    expect((await c.send(O.add, { customerId, title: '借用别人的故障', priority: 1, productId: unit.productId, faultModeId: theirFault.remedy })).code).toBe(
      'NOT_FOUND',
    );
    expect(await orders(tm.ep)).toBe(n);
    expect((await new Client(t.app).send(C.ofModel, {})).message).toBe('未登录');
  });
});
