import { SEARCH_LIMIT, searchContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { gramsOf, texts } from '../../platform/search';
import { Client, loggedIn, makeEnterprise, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertOrder } from '../orders/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
const db = () => t.deps.db;
const one = async (q: ReturnType<typeof sql>): Promise<number> => Number((await rows<{ id: number }>(db(), q))[0]?.id);

async function customer(ep: number, name: string, o: { phone?: string; link?: string; businessUserId?: number } = {}): Promise<number> {
  return one(sql`insert into customers (enterprise_id, name, phone, link_name, business_user_id, search_grams)
    values (${ep}, ${name}, ${o.phone ?? null}, ${o.link ?? null}, ${o.businessUserId ?? null}, ${texts(gramsOf(name, o.link))}) returning id`);
}

let orderSeq = 0;
/** An order as the create service writes its grams (title, number, customer, contact, phone, address). */
async function order(ep: number, title: string, customerId: number, cols: Record<string, unknown> = {}): Promise<{ id: number; no: string }> {
  const no = `GD20261123-${String(++orderSeq).padStart(4, '0')}`;
  const id = await insertOrder(db(), ep, { title, order_no: no, customer_id: customerId, custom_phone: '13700001111', ...cols });
  await db().execute(sql`update orders o set search_grams = ${texts(gramsOf(title, no))} || array(select unnest(c.search_grams) from customers c
    where c.enterprise_id = o.enterprise_id and c.id = o.customer_id) where o.id = ${id}`);
  return { id, no };
}

async function product(ep: number, name: string, serial: string, customerId: number | null): Promise<number> {
  const model = await one(sql`insert into product_models (enterprise_id, name) values (${ep}, ${name}) returning id`);
  return one(sql`insert into installed_products (enterprise_id, product_id, name, serial_number, qr_code, customer_id, search_grams)
    values (${ep}, ${model}, ${name}, ${serial}, ${`qr-${serial}`}, ${customerId}, ${texts(gramsOf(name, serial))}) returning id`);
}

async function event(ep: number, no: string, title: string, cols: { principal?: number; pool?: boolean } = {}): Promise<number> {
  const tpl = await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 6, ${`事件${no}`}) returning id`);
  return one(sql`insert into events (enterprise_id, event_no, template_id, state, title, principal_id, dispatch_state, search_grams)
    values (${ep}, ${no}, ${tpl}, ${cols.pool ? 1 : 2}, ${title}, ${cols.principal ?? null}, ${cols.pool ? 0 : 1}, ${texts(gramsOf(title, no))}) returning id`);
}

/** A project: its grams are the database's own (a generated column). */
async function project(ep: number, no: string, name: string, createdBy: number): Promise<number> {
  const tpl = await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 10, ${`项目模板${no}`}) returning id`);
  return one(sql`insert into projects (enterprise_id, project_no, name, template_id, state, created_by)
    values (${ep}, ${no}, ${name}, ${tpl}, 1, ${createdBy}) returning id`);
}

async function as(ep: number, role: number): Promise<{ id: number; client: Client }> {
  const u = await makeUser(db(), ep, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
}

type Groups = { kind: string; items: { id: number; no: string | null; title: string; sub: string | null; state: string | null }[] }[];
const found = (groups: Groups) => Object.fromEntries(groups.map((g) => [g.kind, g.items.map((i) => i.id)]));

/** Enterprise A with records of every kind that mention 中央空调, and B with the same words. */
async function world() {
  const { client: admin, enterpriseId: ep, user } = await loggedIn(t.app, db(), { roles: [3] });
  const dispatcher = await as(ep, 1);
  const engineer = await as(ep, 2);
  const sales = await as(ep, 5);
  const keeper = await as(ep, 9);
  const hengrui = await customer(ep, '恒瑞中央空调工程有限公司', { phone: '13912340001', link: '赵建国', businessUserId: sales.id });
  const other = await customer(ep, '蓝天物业', { phone: '13812340002', link: '钱多多' });
  const mine = await order(ep, '中央空调不制冷维修', other, { service_user_id: engineer.id, state: 3 });
  const notMine = await order(ep, '中央空调清洗保养', other, { state: 1 });
  const byCustomer = await order(ep, '机房漏水', hengrui, { state: 1 });
  const unit = await product(ep, '中央空调外机', 'SN-ZY-2026-0042', hengrui);
  const ev = await event(ep, 'SJ20261123-0007', '中央空调报修热线', { principal: dispatcher.id });
  const pooled = await event(ep, 'SJ20261123-0008', '中央空调噪音投诉', { pool: true });
  const pj = await project(ep, 'XM20261123-0003', '总部中央空调改造', user.id);
  // Another enterprise: the same words everywhere.
  const epB = await makeEnterprise(db());
  const creatorB = await makeUser(db(), epB, { roles: [3] });
  const cB = await customer(epB, '恒瑞中央空调工程有限公司', { phone: '13912340001' });
  const bIds: Record<string, number> = {
    order: (await order(epB, '中央空调不制冷维修', cB)).id,
    product: await product(epB, '中央空调外机', 'SN-ZY-2026-0042', cB),
    event: await event(epB, 'SJ20261123-0007', '中央空调报修热线', { pool: true }),
    project: await project(epB, 'XM20261123-0003', '总部中央空调改造', creatorB.id),
    customer: cB,
  };
  return { ep, admin, dispatcher, engineer, sales, keeper, hengrui, other, mine, notMine, byCustomer, unit, ev, pooled, pj, bIds };
}

describe('GET /search', () => {
  it('finds every kind for the dispatcher, grouped, each kind its scope, the other enterprise never', async () => {
    const w = await world();
    const r = await w.dispatcher.client.send(S.search, { q: '中央空调' });
    expect(r.success).toBe(true);
    expect(r.data.groups.map((g) => g.kind)).toEqual(['order', 'customer', 'event', 'project']);
    // Orders by title and by the customer's name, newest first; the project is the administrator's (the dispatcher holds
    // 项目管理). Devices are found by serial number only (their model names would crowd every search).
    expect(found(r.data.groups)).toEqual({
      order: [w.byCustomer.id, w.notMine.id, w.mine.id],
      customer: [w.hengrui],
      event: [w.pooled, w.ev],
      project: [w.pj],
    });
    const order = r.data.groups[0]?.items.find((i) => i.id === w.mine.id);
    expect(order).toEqual({ id: w.mine.id, no: w.mine.no, title: '中央空调不制冷维修', sub: '蓝天物业', state: '待服务' });
    // Ids are per table: B's record of each kind never shows in that kind's group.
    for (const g of r.data.groups) expect(g.items.map((i) => i.id)).not.toContain(w.bIds[g.kind]);
  });

  it('finds an order by its number (the exact one first), a customer by phone prefix, a product by part of its serial', async () => {
    const w = await world();
    const c = w.dispatcher.client;
    const byNo = await c.send(S.search, { q: w.notMine.no });
    expect(byNo.data.groups[0]).toMatchObject({ kind: 'order', items: [{ id: w.notMine.id }] });
    expect(found((await c.send(S.search, { q: '1391234' })).data.groups).customer).toEqual([w.hengrui]);
    const bySerial = await c.send(S.search, { q: 'zy-2026' });
    expect(bySerial.data.groups).toEqual([
      { kind: 'product', items: [{ id: w.unit, no: 'SN-ZY-2026-0042', title: '中央空调外机', sub: '恒瑞中央空调工程有限公司', state: null }] },
    ]);
    expect(found((await c.send(S.search, { q: 'sj20261123-0007' })).data.groups)).toEqual({ event: [w.ev] });
    expect(found((await c.send(S.search, { q: 'XM20261123' })).data.groups)).toEqual({ project: [w.pj] });
  });

  it('an engineer finds only his own orders and events (and the unclaimed pool), no installed products without 产品档案', async () => {
    const w = await world();
    const r = await w.engineer.client.send(S.search, { q: '中央空调' });
    expect(found(r.data.groups)).toEqual({ order: [w.mine.id], customer: [w.hengrui], event: [w.pooled] });
    // The order he is not on does not come up by its number either.
    expect((await w.engineer.client.send(S.search, { q: w.notMine.no })).data.groups).toEqual([]);
    expect((await w.engineer.client.send(S.search, { q: 'zy-2026' })).data.groups).toEqual([]);
  });

  it('a salesperson finds only his own customers; a keeper without order, customer or event pages finds none of them', async () => {
    const w = await world();
    expect(found((await w.sales.client.send(S.search, { q: '物业' })).data.groups).customer).toBeUndefined();
    expect(found((await w.sales.client.send(S.search, { q: '恒瑞' })).data.groups).customer).toEqual([w.hengrui]);
    expect((await w.keeper.client.send(S.search, { q: '中央空调' })).data.groups).toEqual([]);
  });

  it(`answers at most ${SEARCH_LIMIT} of a kind, newest first`, async () => {
    const w = await world();
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT + 2; i++) ids.push((await order(w.ep, `批量巡检单${i}`, w.other)).id);
    const r = await w.admin.send(S.search, { q: '批量巡检' });
    expect(found(r.data.groups)).toEqual({ order: ids.reverse().slice(0, SEARCH_LIMIT) });
  });

  it('refuses bad input in Chinese (too short, too long, missing), wildcards match nothing, and needs a session', async () => {
    const w = await world();
    const c = w.admin;
    for (const [q, message] of [
      [undefined, '搜索内容：不能为空'],
      ['中', '搜索内容：请输入至少2个字'],
      ['  a  ', '搜索内容：请输入至少2个字'],
      ['空'.repeat(51), '搜索内容：不能超过50个字'],
    ] as const) {
      const r = await c.send(S.search, q === undefined ? {} : { q });
      expect(r).toMatchObject({ status: 200, success: false, code: 'VALIDATION', message });
    }
    // LIKE's wildcards are text, not patterns: they find nothing although every record would match them.
    for (const q of ['%%', '__', '%_']) expect((await c.send(S.search, { q })).data.groups).toEqual([]);
    expect((await new Client(t.app).send(S.search, { q: '中央空调' })).message).toBe('未登录');
  });

  it('installed products stay out on the free plan, which locks 产品档案', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, db(), { roles: [3], plan: 0 });
    const c = await customer(enterpriseId, '免费客户');
    const p = await product(enterpriseId, '热水器', 'FREE-SN-001', c);
    expect(p).toBeGreaterThan(0);
    expect((await client.send(S.search, { q: 'FREE-SN' })).data.groups).toEqual([]);
  });
});
