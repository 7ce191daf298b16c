import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { provisionDictionaries } from '../settings/dict.service';
import { runVisitSweep } from './tasks.job';
import { insertPlan, insertTask, taskOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  await provisionDictionaries(t.deps.db, ep);
  const as = async (roles: number[]) => {
    const u = await makeUser(t.deps.db, ep, { roles });
    return { ...u, client: await new Client(t.app).login(u.mobile, undefined, ep) };
  };
  const visitor = await as([7]);
  const visitor2 = await as([7]);
  const engineer = await as([2]);
  const dispatcher = await as([1]);
  const planId = await insertPlan(t.deps.db, ep, { visitor_ids: [visitor.id] });
  return { admin, ep, visitor, visitor2, engineer, dispatcher, planId };
}
type S = Awaited<ReturnType<typeof setup>>;
const task = (s: S, o: Parameters<typeof insertTask>[2] = {}) =>
  insertTask(t.deps.db, s.ep, { planId: s.planId, visitorId: s.visitor.id, engineerId: s.engineer.id, ...o });
const ALL = { 0: 5, 1: 4, 2: 5, 3: 4 };

describe('return-visit tasks: lists, badge and detail', () => {
  it('lists all tasks with the spec’s filters and state tabs, my tasks, and the badge counts my tasks in states 1 and 4', async () => {
    const s = await setup();
    const a = await task(s, { orderCols: { title: '空调漏水', order_no: 'RV0001' } });
    await task(s, { state: 4 });
    await task(s, { state: 3 });
    await task(s, { visitorId: s.visitor2.id });
    const all = await s.visitor.client.send(C.list, {});
    expect(all.data.count).toBe(4);
    expect((await s.visitor.client.send(C.list, { orderNo: 'RV00' })).data.list.map((r) => r.id)).toEqual([a.id]);
    expect((await s.visitor.client.send(C.list, { orderTitle: '漏水' })).data.list.map((r) => r.id)).toEqual([a.id]);
    expect((await s.visitor.client.send(C.list, { customerName: '测试' })).data.count).toBe(4);
    expect((await s.visitor.client.send(C.list, { customerName: '不存在' })).data.count).toBe(0);
    expect((await s.visitor.client.send(C.list, { returnVisit: s.visitor2.id })).data.count).toBe(1);
    expect((await s.visitor.client.send(C.list, { state: 4 })).data.count).toBe(1);
    expect((await s.visitor.client.send(C.myList, {})).data.count).toBe(3);
    expect((await s.visitor.client.send(C.count, { dataType: '0' })).data).toEqual({ all: 3, states: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 0 } });
    expect((await s.visitor.client.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBe(2);
    expect((await s.visitor2.client.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBe(1);
    const d = await s.visitor.client.send(C.detail, { taskId: a.id });
    expect(d.data).toMatchObject({ id: a.id, state: 1, orderNo: 'RV0001', dimensions: [0, 1, 2, 3] });
    expect(d.data.abilities).toEqual(['pass', 'passUnrated', 'fail', 'later']);
    const od = await s.visitor.client.send(C.visitOrderDetail, { taskId: a.id });
    expect(od.data.order).toMatchObject({ id: a.orderId, title: '空调漏水', customerName: '测试客户' });
  });

  it('answers 未登录, no power, and not found for another enterprise’s task, which stays unchanged', async () => {
    const s = await setup();
    const o = await setup();
    const theirs = await insertTask(t.deps.db, o.ep, { planId: o.planId, visitorId: o.visitor.id });
    expect((await new Client(t.app).send(C.myList, {})).message).toBe('未登录');
    expect((await s.engineer.client.send(C.myList, {})).code).toBe('NO_POWER');
    expect((await s.engineer.client.send(C.submit, { taskId: theirs.id, state: 5 })).code).toBe('NO_POWER');
    expect((await s.visitor.client.send(C.submit, { taskId: 1, state: 5 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    for (const r of [
      await s.visitor.client.send(C.detail, { taskId: theirs.id }),
      await s.visitor.client.send(C.visitOrderDetail, { taskId: theirs.id }),
      await s.visitor.client.send(C.submit, { taskId: theirs.id, state: 5 }),
      await s.visitor.client.send(C.grab, { taskId: theirs.id }),
      await s.visitor.client.send(C.sendSms, { taskId: theirs.id }),
      await s.admin.client.send(C.submit, { taskId: theirs.id, state: 5 }),
    ]) {
      expect(r.code).toBe('NOT_FOUND');
    }
    expect(await taskOf(t.deps.db, o.ep, theirs.id)).toMatchObject({ state: 1, visitor_id: o.visitor.id, sms_sent_at: null });
  });
});

describe('doing a visit', () => {
  it('passes with the four scores, refuses a pass without them, and writes nothing on bad input', async () => {
    const s = await setup();
    const { id, orderId } = await task(s);
    const bad: [Record<string, unknown>, string][] = [
      [{ state: 3, scores: { 0: 5, 1: 5, 2: 5 } }, '请为“问题解决率”打分'],
      [{ state: 3, scores: { 0: 6, 1: 5, 2: 5, 3: 5 } }, '评分应为1至5分'],
      [{ state: 2 }, '请选择不通过原因'],
      [{ state: 2, reason: '随便写的' }, '请从字典“不通过原因”中选择'],
      [{ state: 4, reason: '客户未接听' }, '请选择下次回访日期'],
      [{ state: 4, reason: '客户未接听', nextVisitDate: '2020-01-01' }, '请选择今天以后的日期'],
      [{ state: 4, nextVisitDate: '2099-01-01' }, '请选择下次回访原因'],
      [{ state: 1 }, '回访结果只能是'],
    ];
    for (const [b, message] of bad) {
      const r = await s.visitor.client.send(C.submit, { taskId: id, ...b });
      expect(r.status).toBe(200);
      expect(r.message).toContain(message);
    }
    expect(await taskOf(t.deps.db, s.ep, id)).toMatchObject({ state: 1, version: 0, visited_at: null, reason: null });
    const ok = await s.visitor.client.send(C.submit, { taskId: id, state: 3, scores: ALL, comment: '很满意', callSeconds: 75 });
    expect(ok).toMatchObject({ success: true, data: { state: 3, followUpOrderId: null } });
    expect(await taskOf(t.deps.db, s.ep, id)).toMatchObject({ state: 3, scores: { 0: 5, 1: 4, 2: 5, 3: 4 }, comment: '很满意', call_seconds: 75, channel: 1 });
    const [o] = await rows<{ evaluation: { scores: Record<string, number> } }>(t.deps.db, sql`select evaluation from orders where id = ${orderId}`);
    expect(o?.evaluation.scores).toEqual({ 0: 5, 1: 4, 2: 5, 3: 4 });
    expect((await s.visitor.client.send(C.submit, { taskId: id, state: 5 })).code).toBe('VISIT_DONE');
    // Not the visitor: another return visitor may not submit someone else's task.
    const other = await task(s);
    expect((await s.visitor2.client.send(C.submit, { taskId: other.id, state: 5 })).code).toBe('VISIT_NOT_MINE');
  });

  it('not passed with a reason opens a follow-up order for the dispatcher on the same customer', async () => {
    const s = await setup();
    const { id, orderId } = await task(s);
    const r = await s.visitor.client.send(C.submit, { taskId: id, state: 2, reason: '问题未解决', comment: '空调还是不制冷' });
    expect(r.success).toBe(true);
    const follow = r.data.followUpOrderId as number;
    expect(follow).toBeGreaterThan(0);
    const [o] = await rows<{ state: number; title: string; customer_id: number; detail_desc: string }>(
      t.deps.db,
      sql`select state, title, customer_id, detail_desc from orders where enterprise_id = ${s.ep} and id = ${follow}`,
    );
    const [orig] = await rows<{ customer_id: number; order_no: string }>(t.deps.db, sql`select customer_id, order_no from orders where id = ${orderId}`);
    expect(o?.title).toBe('回访不通过：空调不制冷');
    expect(Number(o?.customer_id)).toBe(Number(orig?.customer_id));
    expect(o?.detail_desc).toContain(`原工单 ${orig?.order_no} 回访不通过，原因：问题未解决`);
    expect([0, 1]).toContain(Number(o?.state));
    const seen = await s.dispatcher.client.get('/order/orderDetail', { orderId: follow });
    expect(seen.success).toBe(true);
    expect(await taskOf(t.deps.db, s.ep, id)).toMatchObject({ state: 2, reason: '问题未解决', follow_up_order_id: follow });
  });

  it('next visit: a date and a reason; on that date the task is back to 1 and in the badge; unrated pass needs no scores', async () => {
    const s = await setup();
    const { id } = await task(s);
    const date = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const r = await s.visitor.client.send(C.submit, { taskId: id, state: 4, reason: '客户未接听', nextVisitDate: date });
    expect(r.success).toBe(true);
    expect(await taskOf(t.deps.db, s.ep, id)).toMatchObject({ state: 4, reason: '客户未接听' });
    await runVisitSweep(t.deps.db, new Date(Date.now() + 86400_000), s.ep);
    expect((await taskOf(t.deps.db, s.ep, id))?.state).toBe(4);
    await runVisitSweep(t.deps.db, new Date(Date.now() + 4 * 86400_000), s.ep);
    expect((await taskOf(t.deps.db, s.ep, id))?.state).toBe(1);
    expect((await s.visitor.client.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBe(1);
    expect((await s.visitor.client.send(C.submit, { taskId: id, state: 5 })).data.state).toBe(5);
    expect((await s.visitor.client.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBe(0);
  });

  it('one winner when ten submits land at once', async () => {
    const s = await setup();
    const { id } = await task(s);
    const answers = await race(10, (i) => s.visitor.client.send(C.submit, { taskId: id, state: i % 2 ? 5 : 3, scores: ALL }));
    expect(tally(answers).ok).toBe(1);
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from return_visit_logs where task_id = ${id}`);
    expect(Number(n?.n)).toBe(1);
  });
});

describe('the visit pool', () => {
  it('exactly one of ten return visitors takes a pool task; the engineer of the order cannot take it', async () => {
    const s = await setup();
    const both = await makeUser(t.deps.db, s.ep, { roles: [7, 2] });
    const bothClient = await new Client(t.app).login(both.mobile, undefined, s.ep);
    const { id } = await task(s, { visitorId: null, engineerId: both.id });
    expect((await bothClient.send(C.grab, { taskId: id })).code).toBe('VISIT_OWN_ORDER');
    expect((await s.visitor.client.send(C.submit, { taskId: id, state: 5 })).code).toBe('VISIT_NOT_GRABBED');
    const desks = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const u = await makeUser(t.deps.db, s.ep, { roles: [7] });
        return { id: u.id, client: await new Client(t.app).login(u.mobile, undefined, s.ep) };
      }),
    );
    const answers = await race(10, (i) => (desks[i] as (typeof desks)[number]).client.send(C.grab, { taskId: id }));
    expect(tally(answers)).toEqual({ ok: 1, 该工单的回访已被领取: 9 });
    const winner = desks[answers.findIndex((a) => a.success)];
    expect((await taskOf(t.deps.db, s.ep, id))?.visitor_id).toBe(winner?.id);
  });
});
