import { noticesContract as N, subscriptionsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addNotices } from './notices.repo';

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

describe('notice centre', () => {
  async function withNotices() {
    const s = await loggedIn(t.app, t.deps.db);
    for (let i = 1; i <= 3; i++) await addNotices(t.deps.db, { enterpriseId: s.enterpriseId, userIds: [s.user.id], kind: 'test', title: `通知${i}` });
    await addNotices(t.deps.db, {
      enterpriseId: s.enterpriseId,
      userIds: [s.user.id],
      category: 2,
      kind: 'announce',
      title: '公告',
      content: '放假安排',
      link: '/notice',
    });
    return s;
  }

  it('counts unread notices of each centre, lists them newest first and clears them', async () => {
    const { client } = await withNotices();
    expect((await client.call(N.notifyCount)).data).toBe(3);
    expect((await client.call(N.enterpriseNoticeCount)).data).toBe(1);
    const page = await client.call(N.notifyList, { pageIndex: 0, pageSize: 10 });
    expect(page.data.count).toBe(3);
    expect(page.data.list.map((n: { title: string }) => n.title)).toEqual(['通知3', '通知2', '通知1']);
    expect(page.data.list[0]).toMatchObject({ category: 1, kind: 'test', read: false, link: null });
    expect(page.data.list[0].create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const first = page.data.list[2].id;
    expect(await client.call(N.notifyClearUnread, { ids: [first] })).toMatchObject({ success: true, message: '清除成功' });
    expect((await client.call(N.notifyCount)).data).toBe(2);
    expect((await client.call(N.notifyList, { unread: 1 })).data.count).toBe(2);
    await client.call(N.notifyClearUnread);
    expect((await client.call(N.notifyCount)).data).toBe(0);
    expect((await client.call(N.enterpriseNoticeCount)).data).toBe(1);
    const ann = await client.call(N.notifyList, { category: 2 });
    expect(ann.data.list[0]).toMatchObject({ title: '公告', content: '放假安排', link: '/notice', read: false });
    await client.call(N.enterpriseNoticeClearUnread, {});
    expect((await client.call(N.enterpriseNoticeCount)).data).toBe(0);
  });

  it('pages the list', async () => {
    const s = await loggedIn(t.app, t.deps.db);
    await addNotices(t.deps.db, { enterpriseId: s.enterpriseId, userIds: Array(12).fill(s.user.id), kind: 'test', title: '批量' });
    const second = await s.client.call(N.notifyList, { pageIndex: 1, pageSize: 10 });
    expect(second.data).toMatchObject({ count: 12 });
    expect(second.data.list).toHaveLength(2);
    expect((await s.client.call(N.notifyList, { pageSize: 15 })).message).toBe('每页条数：每页条数只能是10、20、50、100、500或1000');
    const free = await loggedIn(t.app, t.deps.db, { plan: 0 });
    expect((await free.client.call(N.notifyList, { pageSize: 500 })).message).toBe('每页条数：免费版每页最多显示100条');
    expect((await s.client.call(N.notifyList, { pageSize: 500 })).data.list).toHaveLength(12);
  });

  it('never shows or clears another user’s or enterprise’s notices', async () => {
    const a = await withNotices();
    const b = await loggedIn(t.app, t.deps.db);
    const colleague = await loggedIn(t.app, t.deps.db, { enterpriseId: a.enterpriseId });
    const theirs = (await a.client.call(N.notifyList)).data.list[0].id;
    for (const other of [b, colleague]) {
      expect((await other.client.call(N.notifyCount)).data).toBe(0);
      expect((await other.client.call(N.notifyList)).data.count).toBe(0);
      expect((await other.client.call(N.notifyClearUnread, { ids: [theirs] })).code).toBe('NOT_FOUND');
      await other.client.call(N.notifyClearUnread, {});
    }
    expect((await a.client.call(N.notifyCount)).data).toBe(3);
    expect((await a.client.call(N.notifyClearUnread, { ids: 'x' })).message).toBe('通知：ID格式错误，应为正整数');
    expect((await a.client.call(N.notifyCount)).data).toBe(3);
  });

  it('needs a session and, for clearing, the CSRF token', async () => {
    const anon = new Client(t.app);
    for (const ep of [N.notifyCount, N.enterpriseNoticeCount, N.notifyList, N.notifyClearUnread, N.enterpriseNoticeClearUnread]) {
      expect((await anon.call(ep)).message).toBe('未登录');
    }
    const { client } = await withNotices();
    expect((await client.call(N.notifyClearUnread, {}, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(N.enterpriseNoticeClearUnread, {}, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(N.notifyCount)).data).toBe(3);
    expect((await client.call(N.enterpriseNoticeCount)).data).toBe(1);
  });
});
