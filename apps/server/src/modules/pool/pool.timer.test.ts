import { orderContract as O, poolContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { rows } from '../../db/client';
import { createDeps } from '../../platform/create-deps';
import { drainJobs } from '../../platform/jobs';
import { LogSmsSender } from '../../platform/sms';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';
import { poolLogs, setSetting } from './pool.fixtures';
import { UNCLAIMED_JOB } from './pool.service';

let t: TestApp;
let tm: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  await setSetting(t, tm.ep, 'order_high_seas', '1');
  await setSetting(t, tm.ep, 'order_pool_unclaimed_minutes', '15');
});
afterAll(async () => t.close());

/** The unclaimed timers of an order, as pg-boss keeps them. */
const timersOf = (orderId: number) =>
  rows<{ state: string; minutes_left: number }>(
    t.deps.db,
    sql`select state, round(extract(epoch from start_after - now()) / 60)::int as minutes_left from pgboss.job
      where name = ${UNCLAIMED_JOB} and (data->'payload'->>'orderId')::bigint = ${orderId} order by created_on`,
  );
/** Time passes: the order's timers are due now (tests wait on conditions, not on the clock). */
const makeDue = (orderId: number) =>
  t.deps.db.execute(sql`update pgboss.job set start_after = now() where name = ${UNCLAIMED_JOB} and (data->'payload'->>'orderId')::bigint = ${orderId}`);
const noticesOf = (userId: number) =>
  rows<{ kind: string; title: string; link: string | null }>(
    t.deps.db,
    sql`select kind, title, link from notices where user_id = ${userId} and kind = 'order_pool_unclaimed'`,
  );

/** A second app on the same database, as after a restart (the first one is closed). */
async function restartedApp() {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', DATA_DIR: `/tmp/sk-test/data-${process.pid}` });
  const deps = createDeps(config, t.database, { sms: new LogSmsSender(() => {}) });
  const app = await buildApp(deps);
  await app.ready();
  return { app, deps };
}

describe('the unclaimed timer', () => {
  it('is armed when an order enters the pool and fires after a restart: back to 待派单, logged, the dispatcher notified', async () => {
    const id = await orderIn(t, tm, 1);
    expect((await tm.dispatcher.client.send(K.put, { orderIds: [id] })).success).toBe(true);
    expect(await timersOf(id)).toEqual([{ state: 'created', minutes_left: 15 }]);

    await t.app.close();
    const next = await restartedApp();
    try {
      await drainJobs(next.deps);
      expect((await orderRow(t, tm.ep, id)).in_pool).toBe(true);
      await makeDue(id);
      await drainJobs(next.deps);
    } finally {
      await next.app.close();
    }
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: false, version: 2 });
    expect((await poolLogs(t, tm.ep, id)).map((l) => [l.action, l.user_id, l.note])).toEqual([
      ['edit', tm.dispatcher.id, '放入工单池'],
      ['edit', null, '超过15分钟无人抢单，退回派单员'],
    ]);
    expect(await noticesOf(tm.dispatcher.id)).toEqual([
      { kind: 'order_pool_unclaimed', title: expect.stringContaining('无人抢单'), link: `/allOrder/orderDetail/${id}` },
    ]);
    expect((await timersOf(id)).map((j) => j.state)).toEqual(['completed']);
  });
});

describe('the timer after the app restarted', () => {
  let app2: Awaited<ReturnType<typeof restartedApp>>;
  beforeAll(async () => {
    app2 = await restartedApp();
  });
  afterAll(async () => app2.app.close());
  /** The user's session, now talking to the restarted app. */
  const sameSession = (c: Client) => Object.assign(new Client(app2.app), { cookie: c.cookie, csrf: c.csrf });

  it('does nothing when the order was grabbed meanwhile; a revokeGrab arms a new one', async () => {
    const id = await orderIn(t, tm, 1);
    await t.deps.db.execute(sql`update orders set in_pool = true where id = ${id}`);
    const engineer = sameSession(tm.engineer.client);
    const dispatcher = sameSession(tm.dispatcher.client);
    await dispatcher.send(K.take, { orderIds: [id] });
    expect((await dispatcher.send(K.put, { orderIds: [id] })).success).toBe(true);
    expect((await engineer.send(K.grab, { orderId: id })).success).toBe(true);
    await makeDue(id);
    await drainJobs(app2.deps);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 3, service_user_id: tm.engineer.id });

    expect((await engineer.send(K.revokeGrab, { orderId: id, reason: '客户改期' })).success).toBe(true);
    expect((await timersOf(id)).map((j) => j.state)).toEqual(['completed', 'created']);
    await makeDue(id);
    await drainJobs(app2.deps);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, in_pool: false, grabbed: false });
    expect((await poolLogs(t, tm.ep, id)).map((l) => l.action)).toEqual(['edit', 'edit', 'grab', 'revokeGrab', 'edit']);
  });

  it('pools a new unassigned order by the first matching rule, with its skills and a timer; a rule of another order type does not', async () => {
    const admin = sameSession(tm.admin.client);
    const [tpl] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into form_templates (enterprise_id, form_kind, name) values (${tm.ep}, 1, '其他类型') returning id`,
    );
    expect((await admin.send(K.saveRule, { name: '其他类型入池', templateId: tpl!.id, sort: 0 })).success).toBe(true);
    const customer = await newCustomer(admin);
    const plain = await admin.send(O.add, { customerId: customer, title: '不入池' });
    expect(plain.success).toBe(true);
    expect((await orderRow(t, tm.ep, plain.data.id)).in_pool).toBe(false);

    expect((await admin.send(K.saveRule, { name: '浦东入池', districtCode: '310115', skills: ['空调'], sort: 1 })).success).toBe(true);
    const r = await admin.send(O.add, { customerId: customer, title: '按规则入池' });
    expect(await orderRow(t, tm.ep, r.data.id)).toMatchObject({ state: 1, in_pool: true });
    expect((await poolLogs(t, tm.ep, r.data.id)).map((l) => [l.action, l.note])).toEqual([
      ['create', null],
      ['edit', '按规则“浦东入池”放入工单池'],
    ]);
    expect((await rows(t.deps.db, sql`select skills from pool_entries where order_id = ${r.data.id}`))[0]).toEqual({ skills: ['空调'] });
    expect(await timersOf(r.data.id)).toHaveLength(1);
  });
});
