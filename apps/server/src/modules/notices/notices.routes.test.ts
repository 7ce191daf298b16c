import { announcementsContract as A, orderContract as K, noticesContract as N, orderActionsContract as O, slaContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { slaWarningOf } from '../automation/automation.actions';
import { newCustomer } from '../customers/test-helpers';
import { orderIn, team } from '../orders/actions.fixtures';
import { addNotices } from './notices.repo';
import { sanitizeHtml } from './sanitize';
import { slaOn } from '../sla/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

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
    expect(page.data.list[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const first = page.data.list[2]!.id;
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
    const theirs = (await a.client.call(N.notifyList)).data.list[0]!.id;
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

describe('notice centre: categories, search, opening', () => {
  it('filters by category and keyword, opens one (read, its link) and leaves the rest unread', async () => {
    const s = await loggedIn(t.app, t.deps.db);
    const ep = s.enterpriseId;
    await addNotices(t.deps.db, {
      enterpriseId: ep,
      userIds: [s.user.id],
      kind: 'spare_warning',
      title: '库存预警',
      content: '总仓的备件“滤芯”库存1',
      link: '/sparewarning?warehouseId=1',
    });
    await addNotices(t.deps.db, {
      enterpriseId: ep,
      userIds: [s.user.id],
      kind: 'sla.warn',
      title: '工单GD001即将超时',
      content: '空调维修：接单时限将到',
      link: '/allOrder/orderDetail/9',
    });
    await addNotices(t.deps.db, { enterpriseId: ep, userIds: [s.user.id], kind: 'digest_todo', title: '今日待办事项', content: '待派单工单：2' });
    const sla = await s.client.call(N.notifyList, { group: 'sla' });
    expect(sla.data.list.map((n: { title: string }) => n.title)).toEqual(['工单GD001即将超时']);
    expect((await s.client.call(N.notifyList, { group: 'spare' })).data.count).toBe(1);
    expect((await s.client.call(N.notifyList, { keyword: '滤芯' })).data.list.map((n: { kind: string }) => n.kind)).toEqual(['spare_warning']);
    expect((await s.client.call(N.notifyList, { keyword: '%' })).data.count).toBe(0);
    expect((await s.client.call(N.notifyList, { group: 'nope' })).message).toBe('通知分类：不存在的通知分类');

    const opened = await s.client.call(N.notifyOpen, { id: sla.data.list[0]!.id });
    expect(opened.data).toEqual({ link: '/allOrder/orderDetail/9' });
    expect((await s.client.call(N.notifyCount)).data).toBe(2);
    // opening it again changes nothing
    await s.client.call(N.notifyOpen, { id: sla.data.list[0]!.id });
    expect((await s.client.call(N.notifyCount)).data).toBe(2);
    const digest = (await s.client.call(N.notifyList, { group: 'digest' })).data.list[0]!;
    expect((await s.client.call(N.notifyOpen, { id: digest.id })).data).toEqual({ link: '/guideOne' });
    expect((await s.client.call(N.notifyList, { unread: 1 })).data.list.map((n: { kind: string }) => n.kind)).toEqual(['spare_warning']);

    // another enterprise's user cannot open it, and it stays as it was
    const other = await loggedIn(t.app, t.deps.db);
    const spare = (await s.client.call(N.notifyList, { unread: 1 })).data.list[0]!.id;
    expect((await other.client.call(N.notifyOpen, { id: spare })).code).toBe('NOT_FOUND');
    expect((await s.client.call(N.notifyCount)).data).toBe(1);
  });
});

describe('the {SLA预警} template variable', () => {
  it('names each running clock as due, at risk or overdue, and is "无" without one', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    const c = tm.admin.client;
    const customerId = await newCustomer(c);
    const before = (await c.call(K.add, { customerId, title: '无SLA' })).data.id;
    expect(await slaWarningOf(t.deps.db, tm.ep, before, 'Asia/Shanghai')).toBe('无');
    await c.call(S.create, { name: '标准SLA', clocks: [{ type: 2, target: 30, unit: 1, warnMinutes: 10 }], escalation: [] });
    const id = (await c.call(K.add, { customerId, title: '漏水' })).data.id;
    expect(await slaWarningOf(t.deps.db, tm.ep, id, 'Asia/Shanghai')).toMatch(/^派单超时截止\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const back = async (m: number) =>
      t.deps.db.execute(
        sql`update order_sla_clocks set started_at = started_at - ${m} * interval '1 minute', deadline_at = deadline_at - ${m} * interval '1 minute',
          warn_at = warn_at - ${m} * interval '1 minute' where enterprise_id = ${tm.ep} and order_id = ${id}`,
      );
    await back(21);
    expect(await slaWarningOf(t.deps.db, tm.ep, id, 'Asia/Shanghai')).toMatch(/^派单超时即将超时（截止.+）$/);
    await back(10);
    expect(await slaWarningOf(t.deps.db, tm.ep, id, 'Asia/Shanghai')).toMatch(/^派单超时已超时（截止.+）$/);
  });
});

describe('assignment notices', () => {
  it('the engineer an order is dispatched to is told, with a link to it; the dispatcher is not', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 1, { service_user_id: null, dispatcher_id: null });
    expect((await tm.dispatcher.client.call(O.dispatch, { orderId: id, serviceUserId: tm.engineer.id, expectedState: 1 })).success).toBe(true);
    const told = (await tm.engineer.client.call(N.notifyList, { group: 'order' })).data.list;
    expect(told).toMatchObject([
      { kind: 'order_assigned', title: expect.stringMatching(/^工单.+已指派给您$/), link: `/allOrder/orderDetail/${id}`, read: false },
    ]);
    expect((await tm.dispatcher.client.call(N.notifyList, { group: 'order' })).data.count).toBe(0);
    expect((await tm.engineer2.client.call(N.notifyList, { group: 'order' })).data.count).toBe(0);
  });
});

describe('announcements', () => {
  async function org() {
    const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const ep = admin.enterpriseId;
    const [east] = await rows<{ id: number }>(t.deps.db, sql`insert into departments (enterprise_id, name) values (${ep}, '华东区') returning id::int`);
    const [sh] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into departments (enterprise_id, name, parent_id) values (${ep}, '上海站', ${east?.id}) returning id::int`,
    );
    const [west] = await rows<{ id: number }>(t.deps.db, sql`insert into departments (enterprise_id, name) values (${ep}, '华西区') returning id::int`);
    const as = async (deptId: number | null, roles = [2]) => {
      const u = await makeUser(t.deps.db, ep, { roles, deptId });
      return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
    };
    return {
      ep,
      admin,
      east: Number(east?.id),
      west: Number(west?.id),
      inEast: await as(Number(east?.id)),
      inShanghai: await as(Number(sh?.id)),
      inWest: await as(Number(west?.id)),
    };
  }

  it('publishes to chosen departments and their sub-departments; readers see it unread until opened; the publisher sees who read', async () => {
    const o = await org();
    const r = await o.admin.client.call(A.publish, { title: '春节值班安排', content: '<p>请<b>按时</b>到岗</p><script>alert(1)</script>', deptIds: [o.east] });
    expect(r).toMatchObject({ success: true, message: '发布成功', data: { recipients: 2 } });
    const id = r.data.id;
    for (const u of [o.inEast, o.inShanghai]) {
      expect((await u.client.call(N.enterpriseNoticeCount)).data).toBe(1);
      expect((await u.client.call(A.list)).data.list).toMatchObject([{ id, title: '春节值班安排', read: false }]);
    }
    expect((await o.inWest.client.call(N.enterpriseNoticeCount)).data).toBe(0);
    expect((await o.inWest.client.call(A.list)).data.count).toBe(0);
    expect((await o.inWest.client.call(A.detail, { id })).code).toBe('NOT_FOUND');

    const opened = await o.inEast.client.call(A.detail, { id });
    expect(opened.data).toMatchObject({ title: '春节值班安排', content: '<p>请<b>按时</b>到岗</p>', read: true, dept_names: ['华东区'] });
    expect((await o.inEast.client.call(N.enterpriseNoticeCount)).data).toBe(0);
    expect((await o.inEast.client.call(A.list, { unread: 1 })).data.count).toBe(0);
    expect((await o.inShanghai.client.call(N.enterpriseNoticeCount)).data).toBe(1);

    const manage = await o.admin.client.call(A.list, { manage: 1 });
    expect(manage.data.list[0]).toMatchObject({ id, recipients: 2, readers: 1, state: 1 });
    const read = await o.admin.client.call(A.readers, { id, read: 1 });
    expect(read.data.list.map((x: { user_id: number }) => x.user_id)).toEqual([o.inEast.id]);
    expect(read.data.list[0]!.read_time).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const unread = await o.admin.client.call(A.readers, { id, read: 0 });
    expect(unread.data.list).toMatchObject([{ user_id: o.inShanghai.id, dept_name: '上海站', read: false, read_time: '' }]);
  });

  it('to everyone when no department is chosen; pinned ones first; search by title', async () => {
    const o = await org();
    const first = (await o.admin.client.call(A.publish, { title: '第一条', content: '普通' })).data;
    expect(first.recipients).toBe(4);
    await o.admin.client.call(A.publish, { title: '第二条', content: '普通' });
    await o.admin.client.call(A.pin, { id: first.id, pinned: true });
    expect((await o.inWest.client.call(A.list)).data.list.map((x: { title: string }) => x.title)).toEqual(['第一条', '第二条']);
    expect((await o.inWest.client.call(A.list, { keyword: '第二' })).data.list.map((x: { title: string }) => x.title)).toEqual(['第二条']);
    expect((await o.inWest.client.call(A.list, { pageIndex: 1, pageSize: 10 })).data).toMatchObject({ count: 2, list: [] });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const o = await org();
    const other = await loggedIn(t.app, t.deps.db);
    const [foreignDept] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into departments (enterprise_id, name) values (${other.enterpriseId}, '外企') returning id::int`,
    );
    expect((await o.admin.client.call(A.publish, { title: '', content: 'x' })).message).toBe('标题：请输入标题');
    expect((await o.admin.client.call(A.publish, { title: '空', content: '<script>x</script>' })).message).toBe('内容：请输入内容');
    expect((await o.admin.client.call(A.publish, { title: '外部门', content: 'x', deptIds: [foreignDept?.id] })).message).toBe(
      '发布范围：部门不存在或已被删除',
    );
    expect((await o.admin.client.call(A.publish, { title: '外文件', content: 'x', attachments: [999999999] })).message).toBe('文件不存在或已被删除');
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int n from announcements where enterprise_id = ${o.ep}`);
    expect(n?.n).toBe(0);
    const [m] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int n from notices where enterprise_id = ${o.ep}`);
    expect(m?.n).toBe(0);
  });

  it('only administrators publish, pin, withdraw and see readers; the free plan gets the permission notice', async () => {
    const o = await org();
    const id = (await o.admin.client.call(A.publish, { title: '公告', content: '内容' })).data.id;
    expect((await o.inEast.client.call(A.publish, { title: '越权', content: 'x' })).code).toBe('ADMIN_ONLY');
    expect((await o.inEast.client.call(A.withdraw, { id })).code).toBe('ADMIN_ONLY');
    expect((await o.inEast.client.call(A.pin, { id, pinned: true })).code).toBe('ADMIN_ONLY');
    expect((await o.inEast.client.call(A.readers, { id })).code).toBe('ADMIN_ONLY');
    expect((await o.inEast.client.call(A.list, { manage: 1 })).code).toBe('ADMIN_ONLY');
    const free = await loggedIn(t.app, t.deps.db, { plan: 0 });
    const refused = await free.client.call(A.list);
    expect(refused.code).toBe('PLAN_FREE');
    expect(refused.message).toMatch(/^免费版不支持公告通知，建议升级为VIP版本，咨询热线：/);
    expect((await free.client.call(A.publish, { title: 'x', content: 'x' })).code).toBe('PLAN_FREE');
  });

  it('another enterprise’s announcement id is not found and stays unchanged', async () => {
    const o = await org();
    const id = (await o.admin.client.call(A.publish, { title: '本企业', content: '内容' })).data.id;
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await other.client.call(A.detail, { id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(A.withdraw, { id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(A.pin, { id, pinned: true })).code).toBe('NOT_FOUND');
    expect((await other.client.call(A.readers, { id })).code).toBe('NOT_FOUND');
    const [a] = await rows<{ state: number; pinned: boolean }>(t.deps.db, sql`select state::int, pinned from announcements where id = ${id}`);
    expect(a).toEqual({ state: 1, pinned: false });
    expect((await o.inWest.client.call(N.enterpriseNoticeCount)).data).toBe(1);
  });

  it('withdraw: parallel requests give one withdrawal, and it leaves every reader’s list and count', async () => {
    const o = await org();
    const id = (await o.admin.client.call(A.publish, { title: '将撤回', content: '内容' })).data.id;
    const answers = await Promise.all(Array.from({ length: 8 }, () => o.admin.client.call(A.withdraw, { id })));
    expect(answers.filter((x) => x.success)).toHaveLength(1);
    expect(answers.filter((x) => !x.success).every((x) => ['INVALID_STATE', 'STATE_CHANGED'].includes(String(x.code)))).toBe(true);
    const logs = await rows(t.deps.db, sql`select action from announcement_logs where enterprise_id = ${o.ep} and announcement_id = ${id}`);
    expect(logs).toEqual([{ action: 'withdraw' }]);
    expect((await o.inWest.client.call(N.enterpriseNoticeCount)).data).toBe(0);
    expect((await o.inWest.client.call(A.list)).data.count).toBe(0);
    expect((await o.inWest.client.call(A.detail, { id })).code).toBe('NOT_FOUND');
    expect((await o.admin.client.call(A.list, { manage: 1 })).data.list[0]).toMatchObject({ id, state: 2 });
  });
});

describe('sanitizeHtml', () => {
  it('keeps formatting, drops scripts, handlers and unsafe links', () => {
    expect(sanitizeHtml('<p onclick="x()">a<img src=x onerror=alert(1)></p>')).toBe('<p>a<img></p>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="https://a.cn/?a=1&b=2">y</a>')).toBe(
      '<a>x</a><a href="https://a.cn/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">y</a>',
    );
    expect(sanitizeHtml('<style>p{}</style><iframe src=//x></iframe><!-- c -->ok<b>1 < 2</b>')).toBe('ok<b>1 &lt; 2</b>');
    expect(sanitizeHtml('<img src="/api/upload/file/3">')).toBe('<img src="/api/upload/file/3">');
  });
});
