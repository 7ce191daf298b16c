import { badgeCountContract as B, complaintContract as C, faultContract as F, orderContract as O, visitsContract as V } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, makeUser } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { team } from '../orders/actions.fixtures';
import { provisionDictionaries } from '../settings/dict.service';
import { insertPlan, insertTask } from '../visits/test-helpers';
import { complaintOf, productOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const tm = await team(t);
  await provisionDictionaries(t.deps.db, tm.ep);
  return tm;
}
type S = Awaited<ReturnType<typeof setup>>;

/** An order of the team on a unit (with its serial), served by the team's engineer. */
async function servedOrder(s: S, serial?: string) {
  const unit = await productOf(t.deps.db, s.ep, '空调', serial);
  const r = await s.admin.client.send(O.add, { customerId: await newCustomer(s.admin.client), title: '空调不制冷', priority: 1 });
  if (!r.success) throw new Error(r.message);
  await t.deps.db.execute(
    sql`update orders set installed_product_id = ${unit.productId}, service_user_id = ${s.engineer.id} where enterprise_id = ${s.ep} and id = ${r.data.id}`,
  );
  return { orderId: r.data.id, ...unit };
}

const fromOrder = async (s: S, orderId: number, level = '一般投诉', title = '维修后仍不制冷') => {
  const r = await s.admin.client.send(C.create, { sourceType: 1, orderId, title, level });
  if (!r.success) throw new Error(r.message);
  return r.data.id;
};
const minutesBetween = (a: unknown, b: unknown) => Math.round((new Date(String(a)).getTime() - new Date(String(b)).getTime()) / 60_000);
const count = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from complaints where enterprise_id = ${ep}`))[0]?.n);

describe('complaints: creation and deadlines', () => {
  it('from an order carries its customer, product, serial and engineer; the level sets the response and resolution deadlines', async () => {
    const s = await setup();
    const o = await servedOrder(s);
    const id = await fromOrder(s, o.orderId, '重大投诉');
    const row = await complaintOf(t.deps.db, s.ep, id);
    const [order] = await rows<{ customer_id: number }>(t.deps.db, sql`select customer_id from orders where id = ${o.orderId}`);
    expect(row).toMatchObject({ source_type: 1, state: 1, level: '重大投诉', serial_number: o.serial });
    expect(Number(row?.customer_id)).toBe(Number(order?.customer_id));
    expect(Number(row?.installed_product_id)).toBe(o.productId);
    expect(Number(row?.product_model_id)).toBe(o.modelId);
    expect(Number(row?.engineer_id)).toBe(s.engineer.id);
    expect(minutesBetween(row?.response_due_at, row?.created_at)).toBe(60);
    expect(minutesBetween(row?.resolve_due_at, row?.created_at)).toBe(24 * 60);
    const normal = await complaintOf(t.deps.db, s.ep, await fromOrder(s, o.orderId, '一般投诉'));
    expect(minutesBetween(normal?.response_due_at, normal?.created_at)).toBe(24 * 60);

    // The enterprise's own targets for a level apply to the next complaints; a level change moves unmet deadlines.
    expect((await s.admin.client.send(C.saveLevel, { level: '重要投诉', responseMinutes: 30, resolveMinutes: 120 })).success).toBe(true);
    expect((await s.admin.client.send(C.levels)).data.find((l) => l.level === '重要投诉')).toMatchObject({ responseMinutes: 30, resolveMinutes: 120 });
    const d = (await s.admin.client.send(C.detail, { id })).data;
    const edit = await s.admin.client.send(C.update, { id, version: d.version, title: d.title, level: '重要投诉' });
    expect(edit.success).toBe(true);
    const moved = await complaintOf(t.deps.db, s.ep, id);
    expect(minutesBetween(moved?.response_due_at, moved?.created_at)).toBe(30);
    expect(minutesBetween(moved?.resolve_due_at, moved?.created_at)).toBe(120);
    expect((await s.admin.client.send(C.saveLevel, { level: '不存在的等级', responseMinutes: 30, resolveMinutes: 120 })).message).toBe(
      '投诉等级：请从字典“投诉等级”中选择',
    );
  });

  it('a return visit that does not pass opens a complaint on its order, besides the follow-up order', async () => {
    const s = await setup();
    const visitor = await makeUser(t.deps.db, s.ep, { roles: [7] });
    const vc = await new Client(t.app).login(visitor.mobile, undefined, s.ep);
    const planId = await insertPlan(t.deps.db, s.ep, { visitor_ids: [visitor.id] });
    const task = await insertTask(t.deps.db, s.ep, { planId, visitorId: visitor.id, engineerId: s.engineer.id });
    const r = await vc.send(V.submit, { taskId: task.id, state: 2, reason: '问题未解决', comment: '空调还是不制冷' });
    expect(r.success).toBe(true);
    const list = await s.admin.client.send(C.list, { sourceType: 3 });
    expect(list.data.count).toBe(1);
    const c = (await s.admin.client.send(C.detail, { id: list.data.list[0]?.id as number })).data;
    expect(c).toMatchObject({ sourceType: 3, visitTaskId: task.id, orderId: task.orderId, state: 1, level: '一般投诉', title: '回访不通过：空调不制冷' });
    expect(c.content).toContain('问题未解决');
    expect(c.engineerName).not.toBeNull();
  });

  it('by hand for a customer; bad input is refused in Chinese and writes nothing', async () => {
    const s = await setup();
    const customerId = await newCustomer(s.admin.client);
    const hand = await s.admin.client.send(C.create, { sourceType: 4, customerId, title: '客服电话投诉', level: '一般投诉', complainant: '张先生' });
    expect(hand.success).toBe(true);
    expect((await s.admin.client.send(C.detail, { id: hand.data.id })).data).toMatchObject({ sourceType: 4, customerId, complainant: '张先生' });
    const before = await count(s.ep);
    for (const [body, message] of [
      [{ sourceType: 4, title: '无客户', level: '一般投诉' }, '请选择客户'],
      [{ sourceType: 4, customerId, title: '等级乱写', level: '特级投诉' }, '投诉等级：请从字典“投诉等级”中选择'],
      [{ sourceType: 1, title: '无工单', level: '一般投诉' }, '请选择工单'],
    ] as const) {
      const r = await s.admin.client.call(C.create, body);
      expect(r.success).toBe(false);
      expect(r.message).toContain(message);
    }
    const d = (await s.admin.client.send(C.detail, { id: hand.data.id })).data;
    const neg = await s.admin.client.call(C.update, { id: d.id, title: d.title, level: d.level, costParts: -1 });
    expect(neg.message).toContain('备件费用不能小于0');
    expect(await count(s.ep)).toBe(before);
    expect((await complaintOf(t.deps.db, s.ep, d.id))?.version).toBe(0);
  });
});

describe('complaints from an event', () => {
  it('carries the event’s customer; an event outside the caller’s enterprise is not found', async () => {
    const s = await setup();
    const customerId = await newCustomer(s.admin.client);
    const ev = await s.admin.client.post('/v2/event/add', { title: '打印机卡纸', customerId });
    expect(ev.message).toBe('创建成功');
    const r = await s.admin.client.send(C.create, { sourceType: 2, eventId: ev.data.id, title: '事件处理不及时', level: '重要投诉' });
    expect(r.success).toBe(true);
    expect((await s.admin.client.send(C.detail, { id: r.data.id })).data).toMatchObject({ sourceType: 2, eventId: ev.data.id, customerId, level: '重要投诉' });
    const other = await setup();
    const theirs = await other.admin.client.post('/v2/event/add', { title: '别家的事件', customerId: await newCustomer(other.admin.client) });
    expect((await s.admin.client.send(C.create, { sourceType: 2, eventId: theirs.data.id, title: '跨企业', level: '一般投诉' })).code).toBe('NOT_FOUND');
    expect(await count(other.ep)).toBe(0);
  });
});

describe('complaints: the lifecycle', () => {
  it('new → accepted → investigating → resolved → closed; closing needs responsibility and analysis unit; reopen needs a reason and is counted', async () => {
    const s = await setup();
    const o = await servedOrder(s);
    const id = await fromOrder(s, o.orderId);
    const c = s.admin.client;
    const act = (action: 'accept' | 'investigate' | 'resolve' | 'close' | 'reopen', note?: string) => c.send(C.action, { id, action, note });
    expect((await c.send(C.detail, { id })).data.abilities).toEqual(['accept']);
    expect((await act('close')).code).toBe('INVALID_STATE');
    expect((await act('accept')).data.state).toBe(2);
    expect((await complaintOf(t.deps.db, s.ep, id))?.responded_at).not.toBeNull();
    expect((await act('investigate')).data.state).toBe(3);
    expect((await act('resolve')).data.state).toBe(4);
    const refused = await act('close');
    expect(refused).toMatchObject({ success: false, code: 'COMPLAINT_NOT_ANALYSED', message: '关闭投诉前请填写责任原因和分析单位' });
    expect((await complaintOf(t.deps.db, s.ep, id))?.state).toBe(4);

    const d = (await c.send(C.detail, { id })).data;
    const analysed = await c.send(C.update, {
      id,
      version: d.version,
      title: d.title,
      level: d.level,
      responsibility: '安装不当',
      analysisUnit: '售后服务部',
      placeOfUse: '家庭',
      salesUnit: '华东销售区',
      causeAnalysis: '铜管接口未紧固',
      resolution: '重新紧固并补充冷媒',
      costParts: 12050,
      costLabour: 8000,
      costCompensation: 20000,
    });
    expect(analysed.success).toBe(true);
    // A stale version loses.
    expect((await c.send(C.update, { id, version: d.version, title: '旧版本', level: d.level })).code).toBe('STATE_CHANGED');
    expect((await act('close')).data.state).toBe(5);
    const closed = (await c.send(C.detail, { id })).data;
    expect(closed).toMatchObject({ state: 5, costTotal: 40050, responsibility: '安装不当', analysisUnit: '售后服务部', reopenCount: 0, abilities: ['reopen'] });
    expect((await c.send(C.update, { id, title: '改', level: '一般投诉' })).code).toBe('COMPLAINT_CLOSED');

    expect((await act('reopen')).message).toBe('原因：请填写重新打开的原因');
    expect((await act('reopen', '客户再次来电，问题复现')).data.state).toBe(3);
    let row = await complaintOf(t.deps.db, s.ep, id);
    expect(row).toMatchObject({ state: 3, reopen_count: 1, resolved_at: null, closed_at: null });
    await act('resolve');
    expect((await act('reopen', '仍未解决')).data.state).toBe(3);
    row = await complaintOf(t.deps.db, s.ep, id);
    expect(row?.reopen_count).toBe(2);
    const log = (await c.send(C.detail, { id })).data.log;
    expect(log.map((l) => l.action)).toEqual(['创建投诉', '受理', '开始调查', '解决', '编辑', '关闭', '重新打开', '解决', '重新打开']);
    expect(log.filter((l) => l.action === '重新打开').map((l) => l.note)).toEqual(['客户再次来电，问题复现', '仍未解决']);
  });

  it('twenty parallel accepts: exactly one winner, one log row', async () => {
    const s = await setup();
    const o = await servedOrder(s);
    const id = await fromOrder(s, o.orderId);
    const answers = await race(20, () => s.admin.client.send(C.action, { id, action: 'accept', state: 1 }));
    expect(tally(answers).ok).toBe(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'STATE_CHANGED' || a.code === 'INVALID_STATE')).toBe(true);
    const logs = await rows(t.deps.db, sql`select 1 from complaint_logs where enterprise_id = ${s.ep} and complaint_id = ${id} and action = 'accept'`);
    expect(logs).toHaveLength(1);
  });

  it('answers 未登录, CSRF, no power, and not found for another enterprise’s complaint, which stays unchanged', async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await fromOrder(other, (await servedOrder(other)).orderId);
    const mine = await servedOrder(s);
    expect((await new Client(t.app).send(C.list, {})).message).toBe('未登录');
    expect((await s.admin.client.send(C.action, { id: theirs, action: 'accept' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await s.engineer.client.send(C.list, {})).code).toBe('NO_POWER');
    // Acceptance customer service (role 6) holds 客户投诉 by default.
    expect((await s.desk.client.send(C.list, {})).success).toBe(true);
    for (const r of [
      await s.admin.client.send(C.detail, { id: theirs }),
      await s.admin.client.send(C.action, { id: theirs, action: 'accept' }),
      await s.admin.client.send(C.update, { id: theirs, title: '改', level: '一般投诉' }),
    ]) {
      expect(r.code).toBe('NOT_FOUND');
    }
    const otherOrder = (await servedOrder(other)).orderId;
    expect((await s.admin.client.send(C.create, { sourceType: 1, orderId: otherOrder, title: '跨企业', level: '一般投诉' })).code).toBe('NOT_FOUND');
    expect(await complaintOf(t.deps.db, other.ep, theirs)).toMatchObject({ state: 1, version: 0, title: '维修后仍不制冷' });
    expect(await count(s.ep)).toBe(0);
    expect(mine.orderId).toBeGreaterThan(0);
  });
});

describe('complaints: the to-do badge', () => {
  it('counts new complaints nobody handles for every holder of the page and the open ones a user handles for him; none of another enterprise', async () => {
    const s = await setup();
    const other = await setup();
    const n = (c: Client) => c.badge(B.complaintTodoCount);
    const id = await fromOrder(s, (await servedOrder(s)).orderId);
    await fromOrder(other, (await servedOrder(other)).orderId);
    expect([await n(s.admin.client), await n(s.desk.client)]).toEqual([1, 1]);
    const todo = (await s.desk.client.send(B.waitToDoList)).data as { routerName: string; count: number }[];
    expect(todo.find((x) => x.routerName === 'CustomerComplaintList')).toMatchObject({ count: 1 });
    // The desk accepts it: it is his now, no longer the administrator's.
    expect((await s.desk.client.send(C.action, { id, action: 'accept' })).data.state).toBe(2);
    expect([await n(s.admin.client), await n(s.desk.client)]).toEqual([0, 1]);
    await s.desk.client.send(C.action, { id, action: 'investigate' });
    await s.desk.client.send(C.action, { id, action: 'resolve' });
    expect(await n(s.desk.client)).toBe(1);
    await t.deps.db.execute(sql`update complaints set state = 5 where enterprise_id = ${s.ep} and id = ${id}`);
    expect(await n(s.desk.client)).toBe(0);
    expect(await n(s.engineer.client)).toBe('NO_POWER');
  });
});

describe('the quality-analysis report', () => {
  it('groups a period’s complaints by each dimension; every figure equals the list filtered by it; repeat serials are flagged', async () => {
    const s = await setup();
    const a1 = await servedOrder(s, `RPT${Date.now()}`);
    const b = await servedOrder(s);
    const remedy = await (async () => {
      const sy = (await s.admin.client.send(F.create, { category: '空调', code: 'Q1', name: '不制冷' })).data.id;
      const ca = (await s.admin.client.send(F.create, { parentId: sy, code: 'Q1.1', name: '缺氟' })).data.id;
      return (await s.admin.client.send(F.create, { parentId: ca, code: 'Q1.1.1', name: '补充冷媒' })).data.id;
    })();
    const ids = [await fromOrder(s, a1.orderId), await fromOrder(s, a1.orderId), await fromOrder(s, b.orderId)];
    const fill = async (id: number, f: Record<string, unknown>) => {
      const d = (await s.admin.client.send(C.detail, { id })).data;
      const r = await s.admin.client.call(C.update, { id, version: d.version, title: d.title, level: d.level, ...f });
      expect(r.success).toBe(true);
    };
    await fill(ids[0] as number, { responsibility: '安装不当', placeOfUse: '家庭', salesUnit: '华东销售区', faultModeId: remedy, costParts: 100 });
    await fill(ids[1] as number, { responsibility: '安装不当', placeOfUse: '办公室', faultModeId: remedy, costLabour: 250 });
    await fill(ids[2] as number, { responsibility: '产品质量问题', placeOfUse: '家庭' });
    const filterOf = {
      productModel: 'productModelId',
      faultMode: 'faultModeId',
      placeOfUse: 'placeOfUse',
      salesUnit: 'salesUnit',
      responsibility: 'responsibility',
    } as const;
    for (const by of Object.keys(filterOf) as (keyof typeof filterOf)[]) {
      const rep = (await s.admin.client.send(C.report, { by })).data;
      expect(rep.total).toBe(3);
      for (const r of rep.rows) {
        if (r.key == null) continue;
        const list = await s.admin.client.call(C.list, { [filterOf[by]]: r.key });
        expect(list.data.count, `${by} ${r.name}`).toBe(r.complaints);
      }
    }
    const byResp = (await s.admin.client.send(C.report, { by: 'responsibility' })).data;
    expect(byResp.rows.map((r) => [r.name, r.complaints, r.cost])).toEqual([
      ['安装不当', 2, 350],
      ['产品质量问题', 1, 0],
    ]);
    expect((await s.admin.client.send(C.report, { by: 'salesUnit' })).data.rows.map((r) => [r.key, r.complaints])).toEqual([
      [null, 2],
      ['华东销售区', 1],
    ]);
    expect(byResp.repeats).toEqual([{ serialNumber: a1.serial, complaints: 2 }]);
    // A period before any complaint: nothing.
    expect((await s.admin.client.send(C.report, { by: 'placeOfUse', endTime: '2020-01-01' })).data.total).toBe(0);
  });
});
