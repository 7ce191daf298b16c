import { caseContract as C, knowledgeContract as K, orderDetailContract as D } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { newCustomer } from '../customers/test-helpers';
import { providerOf } from '../dispatch/dispatch.fixtures';
import { type Team, team } from '../orders/actions.fixtures';
import { orderOn, remedyOf } from './knowledge.fixtures';

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
});
afterAll(async () => t.close());

const caseOf = async (ep: number, id: number) =>
  (await rows<Record<string, unknown>>(t.deps.db, sql`select * from cases where enterprise_id = ${ep} and id = ${id}`))[0];
const countCases = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from cases where enterprise_id = ${ep}`))[0]?.n);

/** A provider's user of the team's enterprise (role 2, outsourced), logged in. */
async function providerEngineer(ep: number) {
  const providerId = await providerOf(t, ep, `服务商${Math.random().toString(36).slice(2, 6)}`);
  const u = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: ep });
  await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${providerId} where enterprise_id = ${ep} and id = ${u.user.id}`);
  return { client: await new Client(t.app).login(u.user.mobile, undefined, ep), id: u.user.id, providerId };
}

describe('cases from orders', () => {
  it('生成案例 on a completed order makes one draft case with its model, fault mode, parts and photos; publish and withdraw; 20 parallel publishes make one', async () => {
    const remedy = await remedyOf(tm, '空调', 'KA');
    const o = await orderOn(t, tm, { category: '空调', faultModeId: remedy, part: true });
    const c = tm.admin.client;
    const open = await orderOn(t, tm, { category: '空调', state: 4 });
    expect((await c.send(C.fromOrder, { orderId: open.orderId })).message).toBe('只有已完成的工单才能生成案例');

    const made = await c.send(C.fromOrder, { orderId: o.orderId });
    expect(made).toMatchObject({ success: true, message: '案例已生成', data: { created: true } });
    const again = await c.send(C.fromOrder, { orderId: o.orderId });
    expect(again.data).toEqual({ id: made.data.id, created: false });
    const id = made.data.id;
    const d = (await c.send(C.detail, { id })).data;
    expect(d).toMatchObject({
      state: 1,
      source: 1,
      orderId: o.orderId,
      productModelId: o.modelId,
      faultModeId: remedy,
      remedy: '不制冷 / 缺氟 / 补充冷媒',
      description: '空调开机十分钟后不制冷',
      parts: [{ name: '冷媒R410A', quantity: 2, unit: '瓶' }],
      abilities: ['publish', 'edit'],
    });
    expect(d.photos.map((p) => p.id)).toEqual([o.photo]);
    expect(d.caseNo).toMatch(/^AL\d{8}$/);
    // The order finds its case.
    expect((await tm.engineer.client.send(C.ofOrder, { orderId: o.orderId })).data).toEqual([
      { id, caseNo: d.caseNo, title: d.title, state: 1, relation: 'generated' },
    ]);

    expect((await c.send(C.action, { id, action: 'publish' })).message).toBe('发布范围：请选择发布范围');
    const answers = await race(20, () => c.send(C.action, { id, action: 'publish', scope: 1, state: 1 }));
    expect(tally(answers).ok).toBe(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'STATE_CHANGED' || a.code === 'INVALID_STATE')).toBe(true);
    const logs = await rows(t.deps.db, sql`select 1 from case_logs where enterprise_id = ${tm.ep} and case_id = ${id} and action = 'publish'`);
    expect(logs).toHaveLength(1);
    expect(await caseOf(tm.ep, id)).toMatchObject({ state: 2, scope: 1 });
    expect((await c.send(C.update, { id, title: '改标题' })).message).toBe('已发布的案例请先撤回再编辑');
    expect((await c.send(C.action, { id, action: 'withdraw' })).data.state).toBe(3);
    const edited = await c.send(C.update, {
      id,
      version: (await c.send(C.detail, { id })).data.version,
      title: '空调缺氟不制冷',
      remedy: '补充冷媒至标准压力',
    });
    expect(edited.success).toBe(true);
    expect((await c.send(C.action, { id, action: 'publish', scope: 2 })).data.state).toBe(2);
    const log = (await c.send(C.detail, { id })).data.log.map((l) => l.action);
    expect(log).toEqual(['生成案例', '发布', '撤回', '编辑', '发布']);
    expect((await c.send(C.list, { state: 2, keyword: '缺氟' })).data.list.map((r) => r.id)).toEqual([id]);
  });

  it('a dealer case converts to one order of source type 2, linked both ways, even under 10 parallel conversions', async () => {
    const c = tm.admin.client;
    const customerId = await newCustomer(c);
    const r = await c.send(C.create, { dealerName: '华东经销商', customerId, title: '经销商反馈：空调漏水', description: '室内机漏水' });
    expect(r.success).toBe(true);
    const id = r.data.id;
    expect((await c.send(C.detail, { id })).data.abilities).toEqual(['publish', 'edit', 'convert']);
    const answers = await race(10, () => c.send(C.convert, { id }));
    expect(tally(answers)).toEqual({ ok: 1, 该案例已转为工单: 9 });
    const won = answers.find((a) => a.success)?.data as { orderId: number; orderNo: string };
    const order = (await c.send(D.orderDetail, { orderId: won.orderId })).data;
    expect(order).toMatchObject({ source: 2, title: '经销商反馈：空调漏水' });
    expect(Number((await caseOf(tm.ep, id))?.converted_order_id)).toBe(won.orderId);
    expect((await c.send(C.detail, { id })).data).toMatchObject({ convertedOrderId: won.orderId, convertedOrderNo: won.orderNo });
    expect((await c.send(C.ofOrder, { orderId: won.orderId })).data).toMatchObject([{ id, relation: 'converted' }]);
    // An order case does not convert; the engineer (no 案例管理) cannot.
    const fromOrder = await c.send(C.fromOrder, { orderId: (await orderOn(t, tm, { category: '空调' })).orderId });
    expect((await c.send(C.convert, { id: fromOrder.data.id })).message).toBe('只有经销商案例可以转为工单');
    expect((await tm.engineer.client.send(C.convert, { id })).code).toBe('NO_POWER');
  });

  it('another enterprise’s case and order answer not found and stay unchanged; bad input is refused in Chinese and writes nothing', async () => {
    const theirs = (await other.admin.client.send(C.fromOrder, { orderId: (await orderOn(t, other, { category: '空调' })).orderId })).data.id;
    const theirOrder = (await orderOn(t, other, { category: '空调' })).orderId;
    const c = tm.admin.client;
    for (const a of [
      await c.send(C.detail, { id: theirs }),
      await c.send(C.action, { id: theirs, action: 'publish', scope: 1 }),
      await c.send(C.update, { id: theirs, title: '改' }),
      await c.send(C.convert, { id: theirs }),
      await c.send(C.fromOrder, { orderId: theirOrder }),
      await c.send(C.ofOrder, { orderId: theirOrder }),
      await c.send(K.caseView, { id: theirs }),
    ]) {
      expect(a.code).toBe('NOT_FOUND');
    }
    expect(await caseOf(other.ep, theirs)).toMatchObject({ state: 1, version: 0 });
    expect(await countCases(other.ep)).toBe(1);
    const before = await countCases(tm.ep);
    const customerId = await newCustomer(c);
    for (const [body, message] of [
      [{ customerId, title: '无经销商' }, '请输入经销商'],
      [{ dealerName: '经销商', customerId, title: '' }, '请输入案例标题'],
      [{ dealerName: '经销商', customerId, title: '照片', photos: [999999999] }, '照片：文件不存在'],
    ] as const) {
      const a = await c.call(C.create, body);
      expect(a.success).toBe(false);
      expect(a.message).toContain(message);
    }
    expect(await countCases(tm.ep)).toBe(before);
    expect((await new Client(t.app).send(C.list, {})).message).toBe('未登录');
    expect((await c.send(C.action, { id: theirs, action: 'withdraw' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.engineer.client.send(C.list, {})).code).toBe('NO_POWER');
  });
});

describe('the knowledge base', () => {
  it('articles in categories: Chinese search beside published cases, versions kept and viewable, a stale edit loses', async () => {
    const c = tm.admin.client;
    const cat = (await c.send(K.saveCategory, { name: '空调维修', sort: 1 })).data.id;
    expect((await c.send(K.saveCategory, { name: '空调维修' })).message).toBe('分类名称：“空调维修”已存在');
    const file = (await c.post('/upload/save/str', { data: 'data:text/plain;base64,5L2g5aW9', name: '说明.txt' })).data.id as number;
    const a = await c.send(K.createArticle, {
      categoryId: cat,
      title: '变频空调缺氟的判断方法',
      body: '测量低压压力，低于0.4MPa且室外机结霜时判定为缺氟，需检漏后补充冷媒。',
      visibility: 1,
      attachments: [file],
    });
    expect(a.success).toBe(true);
    const hits = (await c.send(K.search, { keyword: '缺氟' })).data;
    const kinds = hits.list.map((h) => `${h.kind}:${h.title}`);
    expect(kinds).toContain('article:变频空调缺氟的判断方法');
    expect(kinds).toContain('case:空调缺氟不制冷'); // the published case of the first test
    expect(hits.count).toBe(hits.list.length);
    // A body-only word finds it; a word nowhere finds nothing; a draft case never shows.
    expect((await c.send(K.search, { keyword: '室外机结霜' })).data.list.map((h) => h.id)).toEqual([a.data.id]);
    expect((await c.send(K.search, { keyword: '洗衣机' })).data.count).toBe(0);
    expect((await c.send(K.search, { keyword: '漏水' })).data.count).toBe(0);
    expect((await c.send(K.search, { categoryId: cat })).data.list.map((h) => h.kind)).toEqual(['article']);

    const v1 = (await c.send(K.article, { id: a.data.id })).data;
    expect(v1).toMatchObject({ version: 1, categoryName: '空调维修', canEdit: true, versions: [] });
    expect(v1.attachments.map((f) => f.name)).toEqual(['说明.txt']);
    const body = { categoryId: cat, title: '变频空调缺氟的判断与处理', body: '先检漏，再抽真空，最后定量补充冷媒。', visibility: 1 as const };
    const edits = await race(5, () => c.send(K.updateArticle, { ...body, id: a.data.id, version: 1 }));
    expect(tally(edits)).toMatchObject({ ok: 1 });
    expect(edits.filter((e) => !e.success).every((e) => e.code === 'STATE_CHANGED')).toBe(true);
    const v2 = (await c.send(K.article, { id: a.data.id })).data;
    expect(v2).toMatchObject({ version: 2, title: '变频空调缺氟的判断与处理' });
    expect(v2.versions.map((v) => [v.version, v.title])).toEqual([[1, '变频空调缺氟的判断方法']]);
    expect((await c.send(K.articleVersion, { id: a.data.id, version: 1 })).data).toMatchObject({ version: 1, body: v1.body });
    expect((await c.send(K.search, { keyword: '室外机结霜' })).data.count).toBe(0);
    expect((await c.send(K.removeCategory, { id: cat })).message).toBe('该分类下还有文章，不能删除');
    expect((await c.call(K.createArticle, { categoryId: cat, title: '无正文', body: ' ', visibility: 1 })).message).toContain('请输入正文');
    expect((await c.call(K.createArticle, { categoryId: cat, title: '范围', body: '正文', visibility: 5 })).message).toContain('可见范围只能是1、2或3');
  });

  it('visibility is the server’s: a provider’s user sees provider and public items, never staff-only; the engineer reads but does not write', async () => {
    const c = tm.admin.client;
    const cat = (await c.send(K.saveCategory, { name: `安装规范${Date.now()}` })).data.id;
    const staff = (await c.send(K.createArticle, { categoryId: cat, title: '内部报价口径冰箱', body: '仅员工可见', visibility: 1 })).data.id;
    const shared = (await c.send(K.createArticle, { categoryId: cat, title: '冰箱安装规范', body: '服务商可见', visibility: 2 })).data.id;
    const p = await providerEngineer(tm.ep);
    const seen = (await p.client.send(K.search, { keyword: '冰箱' })).data.list.map((h) => h.id);
    expect(seen).toEqual([shared]);
    expect((await p.client.send(K.article, { id: staff })).code).toBe('NOT_FOUND');
    expect((await p.client.send(K.article, { id: shared })).data.canEdit).toBe(false);
    expect((await p.client.send(K.createArticle, { categoryId: cat, title: '服务商写', body: '不可', visibility: 2 })).code).toBe('NO_POWER');
    expect((await tm.engineer.client.send(K.search, { keyword: '冰箱' })).data.count).toBe(2);
    expect((await tm.engineer.client.send(K.createArticle, { categoryId: cat, title: '工程师写', body: '不可', visibility: 1 })).code).toBe('NO_POWER');
    // Another enterprise's article is not found and unchanged.
    expect((await other.admin.client.send(K.article, { id: shared })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.send(K.updateArticle, { id: shared, version: 1, categoryId: cat, title: '改', body: '改', visibility: 1 })).code).toBe(
      'NOT_FOUND',
    );
    expect((await other.admin.client.send(K.removeArticle, { id: shared })).code).toBe('NOT_FOUND');
    expect((await c.send(K.article, { id: shared })).data).toMatchObject({ version: 1, title: '冰箱安装规范' });
  });

  it('pages of the search join up: two pages of 10 are the first 20 in one order, newest first across kinds', async () => {
    const c = tm.admin.client;
    const cat = (await c.send(K.saveCategory, { name: `分页${Date.now()}` })).data.id;
    for (let i = 0; i < 22; i++) await c.send(K.createArticle, { categoryId: cat, title: `分页文章${i}`, body: '分页正文', visibility: 1 });
    for (const keyword of [undefined, '分页']) {
      const ids = async (pageIndex: number, pageSize: number) =>
        (await c.send(K.search, { keyword, pageIndex, pageSize })).data.list.map((h) => `${h.kind}${h.id}`);
      const whole = await ids(0, 20);
      expect(whole).toHaveLength(20);
      expect([...(await ids(0, 10)), ...(await ids(1, 10))]).toEqual(whole);
    }
    // Without a keyword the newest come first, whatever their kind.
    const times = (await c.send(K.search, { pageIndex: 0, pageSize: 20 })).data.list.map((h) => h.update_time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('an order of the same model and fault mode suggests the published case and the matching articles to its engineer', async () => {
    const c = tm.admin.client;
    const remedy = await remedyOf(tm, '柜机', 'GJ');
    const first = await orderOn(t, tm, { category: '柜机', faultModeId: remedy });
    const caseId = (await c.send(C.fromOrder, { orderId: first.orderId })).data.id;
    const next = await orderOn(t, tm, { category: '柜机', modelId: first.modelId, state: 3, faultModeId: remedy });
    const ask = () => tm.engineer.client.send(K.suggest, { orderId: next.orderId });
    expect((await ask()).data.cases).toEqual([]); // a draft is not suggested
    await c.send(C.action, { id: caseId, action: 'publish', scope: 1 });
    const cat = (await c.send(K.saveCategory, { name: `柜机${Date.now()}` })).data.id;
    const symptomId = (await rows<{ id: number }>(t.deps.db, sql`select id from fault_modes where enterprise_id = ${tm.ep} and code = 'GJ'`))[0]?.id;
    const art = (await c.send(K.createArticle, { categoryId: cat, title: '柜机不制冷排查', body: '排查步骤', visibility: 1, faultModeId: Number(symptomId) }))
      .data.id;
    await c.send(K.createArticle, { categoryId: cat, title: '无关文章', body: '与此型号无关', visibility: 1 });
    const s = (await ask()).data;
    expect(s.cases.map((h) => h.id)).toEqual([caseId]);
    expect(s.articles.map((h) => h.id)).toEqual([art]);
    // The create page asks before the order exists, by the chosen model and fault mode: the same suggestions.
    const early = (await c.send(K.suggest, { productModelId: first.modelId, faultModeId: remedy })).data;
    expect(early.cases.map((h) => h.id)).toEqual([caseId]);
    expect(early.articles.map((h) => h.id)).toEqual([art]);
    // Its own case is not suggested to the order it came from; another enterprise's order is not found.
    expect((await tm.engineer.client.send(K.suggest, { orderId: first.orderId })).data.cases).toEqual([]);
    expect((await other.admin.client.send(K.suggest, { orderId: next.orderId })).code).toBe('NOT_FOUND');
    expect((await tm.engineer.client.send(K.caseView, { id: caseId })).data).toMatchObject({ id: caseId, remedy: '不制冷 / 缺氟 / 补充冷媒' });
  });
});
