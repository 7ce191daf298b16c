import { createHmac } from 'node:crypto';
import { automationContract as C, powersOfRole } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { moveOrder } from '../orders/order.state';
import { POOL_SETTINGS } from '@sk/shared';
import { poolLogs, setSetting } from '../pool/pool.fixtures';
import { UNCLAIMED_JOB } from '../pool/pool.service';
import { addOrder, localServer, notify, orderTag, orderType } from './automation.fixtures';
import { attemptDelivery, BACKOFF_SECONDS, signBody } from './automation.deliver';
import type { SystemActor } from '../../platform/actor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = a.enterpriseId;
  const dispatcher = await makeUser(t.deps.db, ep, { roles: [1] });
  const engineer = await makeUser(t.deps.db, ep, { roles: [2] });
  const viewer = (id: number, role: number): SystemActor => ({
    id,
    enterpriseId: ep,
    sysrole: role,
    admin: role === 3,
    providerId: null,
    powers: powersOfRole(role),
  });
  return { ...a, ep, tpl: await orderType(t, ep), dispatcher, engineer, admin: viewer(a.user.id, 3), eng: viewer(engineer.id, 2) };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const addRule = async (s: Setup, o: Record<string, unknown>) => {
  const r = await s.client.send(C.ruleAdd, { templateId: s.tpl, name: '规则', trigger: 0, ...o });
  if (!r.success) throw new Error(r.message);
  return Number(r.data.id);
};
const addTimed = async (s: Setup, o: Record<string, unknown>) => {
  const r = await s.client.send(C.timedAdd, { templateId: s.tpl, name: '定时', ...o });
  if (!r.success) throw new Error(r.message);
  return Number(r.data.id);
};
const noticesOf = (ep: number, userId: number) =>
  rows<{ title: string; content: string; link: string }>(
    t.deps.db,
    sql`select title, content, link from notices where enterprise_id = ${ep} and user_id = ${userId} and kind = 'automation'`,
  );
const tagsOf = async (ep: number, orderId: number) =>
  (await rows<{ tag_id: number }>(t.deps.db, sql`select tag_id::int from tag_links where enterprise_id = ${ep} and obj_type = 3 and obj_id = ${orderId}`)).map(
    (r) => r.tag_id,
  );
const timersOf = (ep: number, orderId: number) =>
  rows<{ state: number; fire_at: string }>(
    t.deps.db,
    sql`select state, fire_at from automation_timers where enterprise_id = ${ep} and order_id = ${orderId} order by id`,
  );
const deliveries = (ep: number) =>
  rows<{ id: number; status: number; attempts: number; last_code: number | null; next_attempt_at: string | null }>(
    t.deps.db,
    sql`select id::int, status, attempts, last_code, next_attempt_at from webhook_deliveries where enterprise_id = ${ep} order by id`,
  );

describe('trigger points', () => {
  it('after creation: notifies the role’s users with the template and tags matching orders, after the order commits', async () => {
    const s = await setup();
    const tag = await orderTag(t, s.ep);
    const urgentOnly = await orderTag(t, s.ep);
    await addRule(s, { actions: [notify({ roles: [1], template: '新工单{工单编号}：{标题}，客户{客户}' }), { type: 'tag', tagId: tag }] });
    await addRule(s, { conditions: { priorities: [3] }, actions: [{ type: 'tag', tagId: urgentOnly }] });
    await addRule(s, { trigger: 1, actions: [{ type: 'tag', tagId: urgentOnly }] });
    const id = await addOrder(s.client, { title: '电视无信号', priority: 2 });
    expect(await tagsOf(s.ep, id)).toEqual([]); // nothing runs inside the order's transaction
    await drainJobs(t.deps);
    expect(await tagsOf(s.ep, id)).toEqual([tag]);
    const [n] = await noticesOf(s.ep, s.dispatcher.id);
    expect(n).toMatchObject({ title: expect.stringContaining('创建后'), link: `/allOrder/orderDetail/${id}` });
    expect(n?.content).toMatch(/^新工单GD\d{8}-\d{4}：电视无信号，客户.+/);
    expect(await noticesOf(s.ep, s.engineer.id)).toEqual([]);
  });

  it('after dispatch: assigns, copies and notifies the order’s service person in-app and by SMS', async () => {
    const s = await setup();
    const watcher = await makeUser(t.deps.db, s.ep, { roles: [4] });
    await addRule(s, {
      trigger: 1,
      actions: [notify({ personTypes: [3], channels: ['notice', 'sms'], template: '请处理{工单编号}' }), { type: 'copy', userIds: [watcher.id] }],
    });
    await addRule(s, { trigger: 0, actions: [{ type: 'assign', userId: s.engineer.id }] });
    const id = await addOrder(s.client);
    await drainJobs(t.deps);
    const [o] = await rows(t.deps.db, sql`select state, service_user_id from orders where enterprise_id = ${s.ep} and id = ${id}`);
    expect(o).toMatchObject({ state: 2, service_user_id: s.engineer.id });
    expect(await noticesOf(s.ep, s.engineer.id)).toHaveLength(1);
    expect(t.sms.lastCode(s.engineer.mobile)).not.toBeNull(); // the SMS job went through the platform's sender
    expect(t.sms.lastCode(watcher.mobile)).toBeNull();
    const copied = await rows(
      t.deps.db,
      sql`select 1 from order_people where enterprise_id = ${s.ep} and order_id = ${id} and part = 6 and user_id = ${watcher.id}`,
    );
    expect(copied).toHaveLength(1);
  });
});

describe('put in the pool', () => {
  const poolRow = async (ep: number, id: number) =>
    (
      await rows(
        t.deps.db,
        sql`select o.state, o.in_pool, e.rule_id, e.pooled_by from orders o left join pool_entries e on e.enterprise_id = o.enterprise_id and e.order_id = o.id
      where o.enterprise_id = ${ep} and o.id = ${id}`,
      )
    )[0];

  it('a rule after creation puts the new order into the pool through the pool’s own entry (logged, unclaimed timer armed)', async () => {
    const s = await setup();
    await setSetting(t, s.ep, POOL_SETTINGS.enabled, '1');
    await setSetting(t, s.ep, POOL_SETTINGS.unclaimedMinutes, '30');
    await addRule(s, { actions: [{ type: 'pool' }] });
    const id = await addOrder(s.client);
    await drainJobs(t.deps);
    expect(await poolRow(s.ep, id)).toMatchObject({ state: 1, in_pool: true, rule_id: null, pooled_by: null });
    const logs = await poolLogs(t, s.ep, id);
    expect(logs.at(-1)).toMatchObject({ action: 'edit', user_id: null, note: '自动化规则放入工单池', changed: { in_pool: true } });
    const timers = await rows(t.deps.db, sql`select 1 from pgboss.job where name = ${UNCLAIMED_JOB} and (data->'payload'->>'orderId')::bigint = ${id}`);
    expect(timers).toHaveLength(1);
  });

  it('leaves the order where it is when the pool is off, or when an earlier action assigned it', async () => {
    const s = await setup();
    await addRule(s, { actions: [{ type: 'pool' }] });
    const off = await addOrder(s.client);
    await drainJobs(t.deps);
    expect(await poolRow(s.ep, off)).toMatchObject({ state: 1, in_pool: false, rule_id: null });
    const s2 = await setup();
    await setSetting(t, s2.ep, POOL_SETTINGS.enabled, '1');
    await addRule(s2, { actions: [{ type: 'assign', userId: s2.engineer.id }, { type: 'pool' }] });
    const assigned = await addOrder(s2.client);
    await drainJobs(t.deps);
    expect(await poolRow(s2.ep, assigned)).toMatchObject({ state: 2, in_pool: false });
  });
});

describe('webhooks', () => {
  it('posts a signed JSON body, retries a 500 with backoff, logs each attempt and re-sends on request', async () => {
    const s = await setup();
    const srv = await localServer([500]);
    try {
      await addRule(s, { trigger: 1, actions: [{ type: 'webhook', url: srv.url, secret: 'k3y' }] });
      const id = await addOrder(s.client);
      await moveOrder(t.deps.db, s.admin, id, 'dispatch', { patch: { service_user_id: s.engineer.id } });
      await drainJobs(t.deps);
      expect(srv.got).toHaveLength(1);
      const [d] = await deliveries(s.ep);
      expect(d).toMatchObject({ status: 2, attempts: 1, last_code: 500 });
      // The retry waits the first backoff step (its job is due then, not now).
      const wait = (new Date(d?.next_attempt_at as string).getTime() - Date.now()) / 1000;
      expect(wait).toBeGreaterThan(BACKOFF_SECONDS[0] - 10);
      expect(wait).toBeLessThanOrEqual(BACKOFF_SECONDS[0]);
      expect(await drainJobs(t.deps)).toBe(0);

      const first = srv.got[0];
      const body = JSON.parse(first?.body ?? '{}');
      expect(body).toMatchObject({ event: 1, eventName: '派单后', orderId: id, state: 2 });
      const ts = String(first?.headers['x-sk-timestamp']);
      expect(first?.headers['x-sk-signature']).toBe(`sha256=${createHmac('sha256', 'k3y').update(`${ts}.${first?.body}`).digest('hex')}`);
      expect(signBody('k3y', ts, first?.body ?? '')).toBe(String(first?.headers['x-sk-signature']).slice(7));

      // The backoff has passed: the queued retry runs (called directly rather than waiting 30 s).
      await attemptDelivery(t.deps, s.ep, Number(d?.id));
      expect((await deliveries(s.ep))[0]).toMatchObject({ status: 1, attempts: 2, last_code: 200, next_attempt_at: null });
      expect(srv.got[1]?.body).toBe(first?.body);

      expect(await s.client.send(C.resend, { id: d?.id })).toMatchObject({ success: true, message: '已重新发送' });
      await drainJobs(t.deps);
      expect(srv.got).toHaveLength(3);
      expect((await deliveries(s.ep))[0]).toMatchObject({ status: 1, attempts: 3 });
      expect((await s.client.send(C.deliveries, {})).data).toMatchObject({ count: 1, list: [{ id: d?.id, status: 1, attempts: 3, orderId: id }] });
    } finally {
      await srv.close();
    }
  });

  it('gives up after the last backoff step', async () => {
    const s = await setup();
    const srv = await localServer(Array(10).fill(500));
    try {
      await addRule(s, { actions: [{ type: 'webhook', url: srv.url, secret: '' }] });
      await addOrder(s.client);
      await drainJobs(t.deps);
      const [d] = await deliveries(s.ep);
      for (let i = 0; i < BACKOFF_SECONDS.length; i++) await attemptDelivery(t.deps, s.ep, Number(d?.id));
      expect((await deliveries(s.ep))[0]).toMatchObject({ status: 3, attempts: BACKOFF_SECONDS.length + 1, next_attempt_at: null });
      expect(srv.got).toHaveLength(BACKOFF_SECONDS.length + 1);
    } finally {
      await srv.close();
    }
  });
});

describe('the robot channel', () => {
  it('posts DingTalk markdown with its signature, and WeCom markdown', async () => {
    const s = await setup();
    const srv = await localServer();
    try {
      await s.client.send(C.robotSet, { robotType: 1, robotUrl: `${srv.url}?access_token=abc`, robotSecret: 'SECabc' });
      await s.client.send(C.updateNotify, { list: [{ event: 0, channels: ['robot'], template: '新单{工单编号}' }] });
      await addRule(s, { actions: [notify({ channels: [], roles: [1] })] });
      await addOrder(s.client);
      await drainJobs(t.deps);
      expect(srv.got).toHaveLength(1);
      const ding = srv.got[0];
      const u = new URL(ding?.url ?? '', 'http://x');
      const stamp = u.searchParams.get('timestamp') ?? '';
      expect(u.searchParams.get('access_token')).toBe('abc');
      expect(u.searchParams.get('sign')).toBe(createHmac('sha256', 'SECabc').update(`${stamp}\nSECabc`).digest('base64'));
      expect(JSON.parse(ding?.body ?? '')).toEqual({
        msgtype: 'markdown',
        markdown: { title: expect.stringContaining('创建后'), text: expect.stringMatching(/新单GD\d{8}/) },
      });
      expect(await noticesOf(s.ep, s.dispatcher.id)).toEqual([]); // the event's channels: robot only

      await s.client.send(C.robotSet, { robotType: 2, robotUrl: `${srv.url}?key=wx`, robotSecret: '' });
      expect(await s.client.send(C.robotTest)).toMatchObject({ success: true });
      await drainJobs(t.deps);
      const wecom = srv.got[1];
      expect(wecom?.url).toBe('/hook?key=wx');
      expect(JSON.parse(wecom?.body ?? '')).toEqual({ msgtype: 'markdown', markdown: { content: expect.stringContaining('服务管家测试消息') } });
      expect((await deliveries(s.ep)).map((d) => d.status)).toEqual([1, 1]);
    } finally {
      await srv.close();
    }
  });
});

describe('timers', () => {
  it('arms at the moment plus the delay and is cancelled when the order moves on', async () => {
    const s = await setup();
    await addTimed(s, { trigger: 2, amount: 1, unit: 2, condition: 2, actions: [notify({ personTypes: [3] })] });
    const id = await addOrder(s.client);
    expect(await timersOf(s.ep, id)).toEqual([]);
    const { row } = await moveOrder(t.deps.db, s.admin, id, 'dispatch', { patch: { service_user_id: s.engineer.id } });
    const [armed] = await timersOf(s.ep, id);
    expect(armed?.state).toBe(0);
    expect(new Date(armed?.fire_at as string).getTime() - new Date(row.dispatched_at as string).getTime()).toBe(3600_000);
    await moveOrder(t.deps.db, s.eng, id, 'accept');
    expect((await timersOf(s.ep, id))[0]?.state).toBe(2);
    await drainJobs(t.deps);
    expect(await noticesOf(s.ep, s.engineer.id)).toEqual([]);
  });

  it('re-arms when the moment moves: the timer for the old time is cancelled', async () => {
    const s = await setup();
    await addTimed(s, { trigger: 4, amount: 1, unit: 2, condition: 4, actions: [notify({ personTypes: [3] })] });
    const id = await addOrder(s.client, { customApplyTime: '2030-05-01 09:00:00' });
    const [first] = await timersOf(s.ep, id);
    expect(first?.state).toBe(0);
    const { row } = await moveOrder(t.deps.db, s.admin, id, 'edit', { patch: { appointment_at: '2030-05-02T01:00:00Z' } });
    const [old, now] = await timersOf(s.ep, id);
    expect(old?.state).toBe(2);
    expect(now?.state).toBe(0);
    expect(new Date(now?.fire_at as string).getTime()).toBe(new Date(row.appointment_at as string).getTime() + 3600_000);
  });

  it('survives a restart: armed by one app, fired by a new one on the same database', async () => {
    const first = await createTestApp();
    const s0 = { ...t };
    t = first;
    let second: Awaited<ReturnType<typeof rebuild>> | null = null;
    try {
      const s = await setup();
      const tag = await orderTag(t, s.ep);
      await addTimed(s, { trigger: 4, amount: 1, unit: 1, condition: 4, actions: [{ type: 'tag', tagId: tag }, notify({ userIds: [s.dispatcher.id] })] });
      const past = new Date(Date.now() - 2 * 3600_000);
      const appointment = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(past);
      const id = await addOrder(s.client, { customApplyTime: appointment });
      expect((await timersOf(s.ep, id))[0]?.state).toBe(0);
      await first.app.close();

      second = await rebuild(first);
      t = { ...first, app: second.app, deps: second.deps };
      expect(await drainJobs(second.deps)).toBeGreaterThan(0);
      expect((await timersOf(s.ep, id))[0]?.state).toBe(1);
      expect(await tagsOf(s.ep, id)).toEqual([tag]);
      expect(await noticesOf(s.ep, s.dispatcher.id)).toEqual([expect.objectContaining({ title: expect.stringContaining('定时事件') })]);
    } finally {
      await second?.app.close();
      await first.database.close();
      t = s0 as TestApp;
    }
  });
});

/** A new app on the same database, as after a restart. */
async function rebuild(old: TestApp) {
  const { buildApp } = await import('../../app');
  const { createDeps } = await import('../../platform/create-deps');
  const deps = createDeps(old.deps.config, old.database, { sms: old.sms });
  const app = await buildApp(deps);
  await app.ready();
  return { app, deps };
}
