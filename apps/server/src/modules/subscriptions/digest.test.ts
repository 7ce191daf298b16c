import { SUBSCRIBE_ITEMS, subscriptionsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { type Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertOrder } from '../orders/test-helpers';
import { enqueueDueDigests, runDigest } from './digest';
import { DIGEST_PROVIDERS } from './digest.items';

/**
 * The daily digests at a fixed clock: the job is given `now` (enterprise time zone Asia/Shanghai, UTC+8), so
 * 2030-01-02T00:10Z is 08:10 local on 2 January and the statistics digest reports 1 January.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const at = (iso: string) => new Date(iso);
const BEFORE_8 = at('2030-01-01T23:59:00Z'); // 07:59 local, 2 January
const AT_0810 = at('2030-01-02T00:10:00Z');
const AT_0831 = at('2030-01-02T00:31:00Z');
/** Instants of 1 January local (yesterday for the 2 January digest) and outside it. */
const Y_0800 = '2030-01-01T00:00:00Z';
const Y_1000 = '2030-01-01T02:00:00Z';
const Y_1400 = '2030-01-01T06:00:00Z';
const DEC31_2330 = '2029-12-31T15:30:00Z';
const JAN2_0030 = '2030-01-01T16:30:00Z';

type Notice = { user_id: number; kind: string; title: string; content: string; link: string | null };
const noticesOf = (enterpriseId: number) =>
  rows<Notice>(
    t.deps.db,
    sql`select user_id, kind, title, content, link from notices where enterprise_id = ${enterpriseId} and kind like 'digest_%' order by id`,
  );

async function insertEvent(enterpriseId: number, cols: { principal_id?: number; created_at?: string }) {
  const [tpl] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into form_templates (enterprise_id, form_kind, name) values (${enterpriseId}, 6, ${`事件${Math.random().toString(36).slice(2, 8)}`}) returning id`,
  );
  await rows(
    t.deps.db,
    sql`insert into events (enterprise_id, event_no, template_id, state, title, principal_id, dispatch_state, created_at)
      values (${enterpriseId}, ${`E${Math.random().toString(36).slice(2, 10)}`}, ${tpl?.id}, 1, '网络故障', ${cols.principal_id ?? null},
        ${cols.principal_id ? 1 : 0}, ${cols.created_at ?? new Date().toISOString()})`,
  );
}

async function subscribe(c: Client, types: number[], off: string[] = []) {
  for (const type of types) expect((await c.call(C.updateSubscribeStatus, { type, state: 1 })).success).toBe(true);
  for (const code of off) expect((await c.call(C.updateSubscribeContentStatus, { code, value: 0 })).success).toBe(true);
}

describe('daily digests', () => {
  it('has a provider for every one of the thirteen subscription items', () => {
    expect(SUBSCRIBE_ITEMS).toHaveLength(13);
    expect(Object.keys(DIGEST_PROVIDERS).sort()).toEqual(SUBSCRIBE_ITEMS.map((i) => i.code).sort());
  });

  it('writes the 8:00 and 8:30 digests once, with the lines of every subscribed item, the badge counts and yesterday in scope', async () => {
    // Enterprise A: an administrator (every order) subscribed to both, with 待派单 and 评价 switched off; an engineer (own orders) to statistics.
    const admin = await loggedIn(t.app, t.deps.db, { roles: [3, 9] });
    const ep = admin.enterpriseId;
    const eng = await loggedIn(t.app, t.deps.db, { enterpriseId: ep, roles: [2] });
    const quiet = await makeUser(t.deps.db, ep, { roles: [3] });
    await subscribe(admin.client, [1, 2], ['todo_dispatch', 'stat_evaluation']);
    await subscribe(eng.client, [2]);
    const me = admin.user.id;

    await insertOrder(t.deps.db, ep, { state: 0, created_at: Y_1000, service_user_id: eng.user.id });
    await insertOrder(t.deps.db, ep, { state: 0, created_at: DEC31_2330 });
    await insertOrder(t.deps.db, ep, { state: 1, created_at: JAN2_0030 });
    await insertOrder(t.deps.db, ep, { state: 3, service_user_id: me, due_at: '2020-01-01T00:00:00Z', created_at: DEC31_2330 });
    await insertOrder(t.deps.db, ep, { state: 5, created_at: Y_0800, finished_at: Y_1000, due_at: Y_1400 });
    await insertOrder(t.deps.db, ep, { state: 2, service_user_id: me, due_at: Y_1400, created_at: DEC31_2330 });
    await insertOrder(t.deps.db, ep, { state: 7, examine_type: 1, examine_result: 0, created_at: DEC31_2330 });
    await insertOrder(t.deps.db, ep, { state: 5, created_at: DEC31_2330, finished_at: DEC31_2330, evaluated_at: Y_1000 });
    await insertOrder(t.deps.db, ep, { state: 0, created_at: Y_1000, deleted_at: Y_1400 });
    await insertEvent(ep, { principal_id: me, created_at: Y_1000 });
    await insertEvent(ep, { created_at: DEC31_2330 });

    // Enterprise B: the same kind of data, and its own subscriber; a free enterprise's subscriber gets nothing.
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await subscribe(other.client, [1, 2]);
    for (let i = 0; i < 3; i++) await insertOrder(t.deps.db, other.enterpriseId, { state: 0, created_at: Y_1000 });
    await insertEvent(other.enterpriseId, { principal_id: other.user.id, created_at: Y_1000 });
    const free = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    await subscribe(free.client, [1, 2]);
    await insertOrder(t.deps.db, free.enterpriseId, { state: 0, created_at: Y_1000 });

    // 07:59: nothing is due yet.
    expect(await enqueueDueDigests(t.deps.db, BEFORE_8)).toBe(0);

    // 08:10: the to-do digests; run twice (two instances' ticks, a restart) and drain: written once.
    expect(await enqueueDueDigests(t.deps.db, AT_0810)).toBeGreaterThanOrEqual(2);
    expect(await enqueueDueDigests(t.deps.db, AT_0810)).toBe(0);
    await drainJobs(t.deps);
    const badges = (await admin.client.get('/v2/menu/mobile/getCount')).data as Record<string, number>;
    expect(badges).toMatchObject({ AcceptanceOrder: 2, ExamineOrder: 1, DueOrder: 1, Myevent: 1 });
    let got = await noticesOf(ep);
    expect(got).toEqual([
      {
        user_id: me,
        kind: 'digest_todo',
        title: '今日待办事项提醒（2030-01-02）',
        link: '/guideOne',
        content: [
          `待受理工单：${badges.AcceptanceOrder}`,
          '我的待服务工单：2',
          `待我审批的工单：${badges.ExamineOrder}`,
          `超时未完成工单：${badges.DueOrder}`,
          `待我处理的事件：${badges.Myevent}`,
          '低于安全库存的备件：0',
        ].join('\n'),
      },
    ]);
    expect(got.some((n) => n.user_id === quiet.id)).toBe(false);

    // 08:31: the statistics digests of 1 January.
    await enqueueDueDigests(t.deps.db, AT_0831);
    await enqueueDueDigests(t.deps.db, AT_0831);
    await drainJobs(t.deps);
    got = await noticesOf(ep);
    const stats = got.filter((n) => n.kind === 'digest_stats');
    expect(stats.find((n) => n.user_id === me)).toEqual({
      user_id: me,
      kind: 'digest_stats',
      title: '昨日统计事项日报（2030-01-01）',
      link: null,
      content: [
        '昨日新建工单数：2',
        '昨日完成工单数：1',
        '昨日超时工单数：1',
        '昨日新建事件数：1',
        // No return visits that day (modules/visits/digest.test.ts checks the figures).
        '昨日回访：回访任务0，已回访0，通过0（其中未评价0），不通过0，通过率—',
      ].join('\n'),
    });
    // The engineer counts only his own orders (the one he serves, created yesterday).
    expect(stats.find((n) => n.user_id === eng.user.id)?.content.split('\n')).toEqual(
      expect.arrayContaining(['昨日新建工单数：1', '昨日完成工单数：0', '昨日超时工单数：0', '昨日客户评价数：0']),
    );
    expect(got).toHaveLength(3);

    // Enterprise B's digests count B's data only; the free plan gets none.
    const theirs = await noticesOf(other.enterpriseId);
    expect(theirs.map((n) => n.kind)).toEqual(['digest_todo', 'digest_stats']);
    expect(theirs[0]?.content).toContain('待受理工单：3');
    expect(theirs[1]?.content).toContain('昨日新建工单数：3');
    expect(theirs[1]?.content).toContain('昨日新建事件数：1');
    expect(await noticesOf(free.enterpriseId)).toEqual([]);

    // A restart later that day enqueues nothing new and a direct re-run writes nothing.
    expect(await enqueueDueDigests(t.deps.db, at('2030-01-02T05:00:00Z'))).toBe(0);
    expect(await runDigest(t.deps, 1, ep, '2030-01-02')).toBe(0);
    expect(await noticesOf(ep)).toHaveLength(3);
  });

  it('two parallel runs of the same digest write one notice per user', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await subscribe(a.client, [1]);
    await insertOrder(t.deps.db, a.enterpriseId, { state: 0 });
    const written = await Promise.all([runDigest(t.deps, 1, a.enterpriseId, '2030-03-05'), runDigest(t.deps, 1, a.enterpriseId, '2030-03-05')]);
    expect(written.reduce((x, y) => x + y, 0)).toBe(1);
    // Two instances ticking at once on the next day: one job, one notice.
    await Promise.all([enqueueDueDigests(t.deps.db, at('2030-03-06T00:01:00Z')), enqueueDueDigests(t.deps.db, at('2030-03-06T00:01:00Z'))]);
    await drainJobs(t.deps);
    const got = await noticesOf(a.enterpriseId);
    expect(got.map((n) => n.title)).toEqual(['今日待办事项提醒（2030-03-05）', '今日待办事项提醒（2030-03-06）']);
    expect(got[0]?.content).toContain('待受理工单：1');
  });

  it('is due at 8:00 in the enterprise’s own time zone, not the server’s', async () => {
    const ny = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await rows(t.deps.db, sql`update enterprises set time_zone = 'America/New_York' where id = ${ny.enterpriseId}`);
    await subscribe(ny.client, [1]);
    // 11:50Z is 07:50 in New York (summer time, UTC−4) and 19:50 in Shanghai: not yet due there.
    await enqueueDueDigests(t.deps.db, at('2030-05-01T11:50:00Z'));
    await drainJobs(t.deps);
    expect(await noticesOf(ny.enterpriseId)).toEqual([]);
    await enqueueDueDigests(t.deps.db, at('2030-05-01T12:05:00Z')); // 08:05 EDT
    await drainJobs(t.deps);
    expect((await noticesOf(ny.enterpriseId)).map((n) => n.title)).toEqual(['今日待办事项提醒（2030-05-01）']);
  });

  it('leaves out an unsubscribed type, switched-off items and a user whose items are all off', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await subscribe(
      a.client,
      [1],
      SUBSCRIBE_ITEMS.filter((i) => i.type === 1).map((i) => i.code),
    );
    expect(await runDigest(t.deps, 1, a.enterpriseId, '2030-02-01')).toBe(0);
    expect(await runDigest(t.deps, 2, a.enterpriseId, '2030-02-01')).toBe(0);
    await a.client.call(C.updateSubscribeContentStatus, { code: 'todo_acceptance', value: 1 });
    expect(await runDigest(t.deps, 1, a.enterpriseId, '2030-02-01')).toBe(1);
    expect((await noticesOf(a.enterpriseId))[0]?.content).toBe('待受理工单：0');
    await a.client.call(C.updateSubscribeStatus, { type: 1, state: 0 });
    expect(await runDigest(t.deps, 1, a.enterpriseId, '2030-02-02')).toBe(0);
  });
});
