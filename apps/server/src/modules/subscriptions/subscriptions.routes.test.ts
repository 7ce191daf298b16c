import { subscriptionsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

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
    expect(after.find((i: { code: string }) => i.code === 'todo_dispatch')!.value).toBe(0);
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
