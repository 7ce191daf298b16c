import { noticesContract as N, subscriptionsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs, enqueueDueSchedules } from '../../platform/jobs';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { registerDigestItem, runDigest } from './digest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('subscription status', () => {
  it('starts unsubscribed, subscribes and unsubscribes per type', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    expect((await client.call(C.getSubscribeStatus, { type: 1 })).data).toEqual({ type: 1, state: 0, time: '08:00' });
    expect(await client.call(C.updateSubscribeStatus, { type: 1, state: 1 })).toMatchObject({ success: true, message: '订阅成功' });
    expect((await client.call(C.getSubscribeStatus, { type: 1 })).data.state).toBe(1);
    expect((await client.call(C.getSubscribeStatus, { type: 2 })).data).toEqual({ type: 2, state: 0, time: '08:30' });
    expect(await client.call(C.updateSubscribeStatus, { type: 1, state: 0 })).toMatchObject({ success: true, message: '取订成功' });
    expect((await client.call(C.getSubscribeStatus, { type: 1 })).data.state).toBe(0);
  });

  it('lists a type’s items, all on at first, and switches one', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const todo = (await client.call(C.getSubscribeContentStatus, { type: 1 })).data;
    expect(todo.length).toBeGreaterThanOrEqual(5);
    expect(todo[0]).toEqual({ code: 'todo_acceptance', descri: '待受理工单', value: 1 });
    const stats = (await client.call(C.getSubscribeContentStatus, { type: 2 })).data;
    expect(stats.length).toBeGreaterThanOrEqual(5);
    expect(stats.every((i: { code: string }) => i.code.startsWith('stat_'))).toBe(true);
    expect(await client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 0 })).toMatchObject({ success: true, message: '取订成功' });
    const after = (await client.call(C.getSubscribeContentStatus, { type: 1 })).data;
    expect(after.find((i: { code: string }) => i.code === 'todo_dispatch').value).toBe(0);
    expect(after.filter((i: { value: number }) => i.value === 0)).toHaveLength(1);
    expect((await client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 1 })).message).toBe('订阅成功');
  });

  it('keeps each user’s subscriptions apart, also across enterprises', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const b = await loggedIn(t.app, t.deps.db, { enterpriseId: a.enterpriseId });
    const c = await loggedIn(t.app, t.deps.db);
    await a.client.call(C.updateSubscribeStatus, { type: 2, state: 1 });
    await a.client.call(C.updateSubscribeContentStatus, { code: 'stat_evaluation', value: 0 });
    for (const other of [b, c]) {
      expect((await other.client.call(C.getSubscribeStatus, { type: 2 })).data.state).toBe(0);
      const items = (await other.client.call(C.getSubscribeContentStatus, { type: 2 })).data;
      expect(items.every((i: { value: number }) => i.value === 1)).toBe(true);
    }
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(C.getSubscribeStatus, { type: 3 })).message).toBe('订阅类型：订阅类型不正确，可选：待办事项、统计事项');
    expect((await client.call(C.updateSubscribeStatus, { type: 1, state: 2 })).message).toBe('订阅状态：请选择开启或关闭');
    expect((await client.call(C.updateSubscribeContentStatus, { code: 'nope', value: 1 })).message).toBe('订阅项：不存在的订阅项');
    const [r] = await rows<{ n: number }>(
      t.deps.db,
      sql`select (select count(*) from subscriptions where enterprise_id = ${enterpriseId}) + (select count(*) from subscription_items where enterprise_id = ${enterpriseId}) as n`,
    );
    expect(Number(r?.n)).toBe(0);
  });

  it('needs a session and, for changes, the CSRF token', async () => {
    const anon = new Client(t.app);
    expect((await anon.call(C.getSubscribeStatus, { type: 1 })).message).toBe('未登录');
    expect((await anon.call(C.getSubscribeContentStatus, { type: 1 })).message).toBe('未登录');
    expect((await anon.call(C.updateSubscribeStatus, { type: 1, state: 1 })).message).toBe('未登录');
    expect((await anon.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 0 })).message).toBe('未登录');
    const { client } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(C.updateSubscribeStatus, { type: 1, state: 1 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 0 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(C.getSubscribeStatus, { type: 1 })).data.state).toBe(0);
  });
});

describe('daily digests', () => {
  // The order and event areas will register the real counts; stand-ins give each user a known number.
  registerDigestItem('todo_acceptance', async (_ex, { userId }) => userId % 7);
  registerDigestItem('todo_dispatch', async () => 2);
  registerDigestItem('stat_order_created', async () => 5);

  const noticesOf = (enterpriseId: number) =>
    rows<{ user_id: number; kind: string; title: string; content: string }>(
      t.deps.db,
      sql`select user_id, kind, title, content from notices where enterprise_id = ${enterpriseId} order by user_id, id`,
    );

  it('at 8:00 writes one to-do notice per subscribed user, with the items each left on, once per day', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const quiet = await makeUser(t.deps.db, a.enterpriseId);
    const b = await loggedIn(t.app, t.deps.db, { enterpriseId: a.enterpriseId });
    const other = await loggedIn(t.app, t.deps.db);
    for (const s of [a, b, other]) await s.client.call(C.updateSubscribeStatus, { type: 1, state: 1 });
    await b.client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 0 });
    await a.client.call(C.updateSubscribeStatus, { type: 2, state: 1 });

    const at0810 = new Date('2030-01-02T00:10:00Z'); // 08:10 in Asia/Shanghai
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', at0810);
    await drainJobs(t.deps);
    const got = await noticesOf(a.enterpriseId);
    expect(got.map((n) => n.user_id)).toEqual([a.user.id, b.user.id]);
    expect(got.some((n) => n.user_id === quiet.id)).toBe(false);
    expect(got[0]).toMatchObject({ kind: 'digest_todo', title: '今日待办事项提醒（2030-01-02）', content: `待受理工单：${a.user.id % 7}\n待派单工单：2` });
    expect(got[1]?.content).toBe(`待受理工单：${b.user.id % 7}`);
    expect((await noticesOf(other.enterpriseId)).length).toBe(1);

    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2030-01-02T00:20:00Z'));
    await drainJobs(t.deps);
    await runDigest(t.deps.db, 1, a.enterpriseId, '2030-01-02');
    expect((await noticesOf(a.enterpriseId)).length).toBe(2);

    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2030-01-02T00:31:00Z'));
    await drainJobs(t.deps);
    const withStats = await noticesOf(a.enterpriseId);
    expect(withStats.filter((n) => n.kind === 'digest_stats')).toEqual([
      { user_id: a.user.id, kind: 'digest_stats', title: '昨日统计事项日报（2030-01-01）', content: '昨日新建工单数：5' },
    ]);
    expect((await a.client.call(N.notifyCount)).data).toBe(2);
  });

  it('skips an unsubscribed user and one whose items are all off', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    await a.client.call(C.updateSubscribeStatus, { type: 1, state: 1 });
    await a.client.call(C.updateSubscribeContentStatus, { code: 'todo_acceptance', value: 0 });
    await a.client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 0 });
    expect(await runDigest(t.deps.db, 1, a.enterpriseId, '2030-02-01')).toBe(0);
    await a.client.call(C.updateSubscribeStatus, { type: 1, state: 0 });
    await a.client.call(C.updateSubscribeContentStatus, { code: 'todo_dispatch', value: 1 });
    expect(await runDigest(t.deps.db, 1, a.enterpriseId, '2030-02-01')).toBe(0);
  });
});
