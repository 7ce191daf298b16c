import {
  activityContract,
  freeNotice,
  orderListContract,
  REPORT_POINTS,
  REPORT_AXES,
  type ReportAxis,
  reportsContract as R,
  type ReportParams,
  subscriptionsContract,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { AXIS_COL, PERIOD } from './test-helpers';
import type { Actor } from '../../platform/actor';
import { type Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertOrder } from '../orders/test-helpers';
import { productOf } from '../quality/test-helpers';
import { insertTask } from '../visits/test-helpers';
import { runDigest } from '../subscriptions/digest';
import { reportDigestLines } from './reports.digest';
import { runReport } from './reports.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Shanghai wall time as an instant. */
const at = (s: string) => `${s}+08:00`;

/**
 * One enterprise's orders spread so that every axis picks a different set: created in February or March, completed
 * in March or April, approved in March or not at all, over two engineers, two teams, two templates and both sources;
 * one in the recycle bin (never counted) and one just outside the period on each side.
 */
async function seed(ep: number) {
  const eng1 = await makeUser(t.deps.db, ep, { roles: [2] });
  const eng2 = await makeUser(t.deps.db, ep, { roles: [2] });
  const team = async (name: string) =>
    Number((await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${ep}, ${name}) returning id`))[0]?.id);
  const teamA = await team('一组');
  const teamB = await team('二组');
  const tpl = async (name: string) =>
    Number(
      (await rows<{ id: number }>(t.deps.db, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, ${name}) returning id`))[0]?.id,
    );
  const tplA = await tpl('安装');
  const tplB = await tpl('维修');
  const specs: Record<string, unknown>[] = [
    { state: 1, created_at: at('2026-03-02 09:00:00'), service_group_id: teamA, template_id: tplA, source: 1, priority: 1 },
    { state: 3, created_at: at('2026-03-05 23:30:00'), service_user_id: eng1.id, service_group_id: teamA, template_id: tplA, source: 1, priority: 2 },
    {
      state: 5,
      created_at: at('2026-03-06 10:00:00'),
      finished_at: at('2026-03-08 12:00:00'),
      complete_examined_at: at('2026-03-09 08:00:00'),
      service_user_id: eng1.id,
      service_group_id: teamA,
      template_id: tplB,
      source: 2,
      priority: 3,
    },
    {
      state: 5,
      created_at: at('2026-02-20 10:00:00'),
      finished_at: at('2026-03-01 00:30:00'),
      service_user_id: eng2.id,
      service_group_id: teamB,
      template_id: tplB,
      source: 1,
      priority: 1,
    },
    {
      state: 5,
      created_at: at('2026-03-25 10:00:00'),
      finished_at: at('2026-04-01 00:00:01'),
      complete_examined_at: at('2026-04-02 08:00:00'),
      service_user_id: eng2.id,
      service_group_id: teamB,
      template_id: tplA,
      source: 1,
      priority: 1,
    },
    { state: 6, created_at: at('2026-03-31 23:59:00'), service_user_id: eng2.id, template_id: tplB, source: 2, priority: 2 },
    {
      state: 5,
      created_at: at('2026-03-10 10:00:00'),
      finished_at: at('2026-03-11 10:00:00'),
      complete_examined_at: at('2026-03-31 20:00:00'),
      service_user_id: eng1.id,
      template_id: tplA,
      source: 1,
      priority: 1,
    },
    { state: 2, created_at: at('2026-02-28 23:59:59'), service_user_id: eng1.id, template_id: tplA, source: 1, priority: 1 },
    { state: 1, created_at: at('2026-04-01 00:00:00'), template_id: tplA, source: 1, priority: 1 },
    { state: 5, created_at: at('2026-03-03 10:00:00'), finished_at: at('2026-03-04 10:00:00'), deleted_at: at('2026-03-05 10:00:00'), template_id: tplA },
  ];
  const ids: number[] = [];
  for (const s of specs) ids.push(await insertOrder(t.deps.db, ep, s));
  return { eng1, eng2, teamA, teamB, tplA, tplB, ids };
}

let director: { client: Client; enterpriseId: number; user: { id: number } };
let seeded: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
  director = { client: d.client, enterpriseId: d.enterpriseId, user: d.user };
  seeded = await seed(d.enterpriseId);
  await seed((await loggedIn(t.app, t.deps.db, { roles: [10] })).enterpriseId); // another enterprise's identical orders must not count
});

const params = (p: Partial<ReportParams>): ReportParams => ({ reportId: 'orderVolume', axis: 'created', dimension: 'state', ...PERIOD, ...p }) as ReportParams;
const run = async (p: Partial<ReportParams>) => {
  const r = await director.client.send(R.run, params(p));
  if (!r.success) throw new Error(`${r.code} ${r.message}`);
  return r.data!;
};

/** An independent count: the orders of the enterprise outside the bin whose axis column falls in the period, by a column. */
async function sqlCount(axis: ReportAxis, by: string, extra = 'true'): Promise<Record<string, number>> {
  const col = sql.raw(AXIS_COL[axis]);
  const found = await rows<{ k: string | null; n: number }>(
    t.deps.db,
    sql`select ${sql.raw(by)}::text as k, count(*)::int as n from orders where enterprise_id = ${director.enterpriseId} and deleted_at is null
      and ${col} >= '2026-03-01 00:00:00+08' and ${col} <= '2026-03-31 23:59:59+08' and ${sql.raw(extra)} group by 1`,
  );
  return Object.fromEntries(found.map((r) => [r.k ?? 'null', Number(r.n)]));
}

/** The /allOrder total of a figure's drill query (the list's own endpoint, as the page calls it). */
async function listTotal(drill: Record<string, string>): Promise<number> {
  const r = await director.client.send(orderListContract.getAllOrderList, { scope: 'all', pageIndex: 0, pageSize: 10, ...drill } as never);
  if (!r.success) throw new Error(`${r.code} ${r.message} ${JSON.stringify(drill)}`);
  return r.data!.count;
}

describe('运营报表: order volume', () => {
  for (const axis of Object.keys(REPORT_AXES) as ReportAxis[]) {
    it(`counts by state, engineer, team, source and day on the ${axis} axis as an independent SQL count, and each figure's list has its total`, async () => {
      for (const [dimension, col] of [
        ['state', 'state'],
        ['engineer', 'service_user_id'],
        ['team', 'service_group_id'],
        ['source', 'source'],
        ['template', 'template_id'],
        ['day', `to_char(${AXIS_COL[axis]} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`],
      ] as const) {
        const r = await run({ axis, dimension });
        const expected = await sqlCount(axis, col);
        expect(Object.fromEntries(r.rows.map((x) => [x.key ?? 'null', x.values.orders])), `${axis}/${dimension}`).toEqual(expected);
        const completed = await sqlCount(axis, col, 'state = 5');
        expect(Object.fromEntries(r.rows.filter((x) => x.values.completed).map((x) => [x.key ?? 'null', x.values.completed]))).toEqual(completed);
        for (const row of r.rows) {
          for (const [measure, drill] of Object.entries(row.drill))
            expect(await listTotal(drill), `${axis}/${dimension}/${row.key}/${measure}`).toBe(row.values[measure]);
        }
        expect(await listTotal(r.total.drill.orders!)).toBe(r.total.values.orders);
      }
    });
  }

  it('knows the seeded set: 6 created in March, 3 completed, 2 approved; names and the total row', async () => {
    expect((await run({ axis: 'created' })).total.values).toMatchObject({ orders: 6, completed: 3, cancelled: 1, open: 2 });
    expect((await run({ axis: 'completed' })).total.values.orders).toBe(3);
    expect((await run({ axis: 'approved' })).total.values.orders).toBe(2);
    const byTeam = await run({ dimension: 'team' });
    expect(byTeam.rows.map((r) => r.name).sort()).toEqual(['一组', '二组', '无服务团队'].sort());
    expect(byTeam.rows.find((r) => r.key == null)?.drill).toEqual({}); // "no team" cannot be said to the list
    const filtered = await run({ dimension: 'engineer', serviceGroupId: seeded.teamA });
    expect(filtered.total.values.orders).toBe(3);
  });
});

describe('运营报表: the other reports', () => {
  it('SLA attainment, first-time fix, complaint rate and visit pass rate equal their own counts', async () => {
    const ep = director.enterpriseId;
    const [o1, o2, o3, , , , o7] = seeded.ids as [number, number, number, number, number, number, number];
    // SLA: o1 met, o2 breached on one of two clocks, o3 met, a cancelled clock of o7 does not count.
    const clock = (order: number, type: number, breached: boolean, outcome = 1) =>
      t.deps.db.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, policy_name, type, started_at, outcome, breached_at)
        values (${ep}, ${order}, '标准', ${type}, now(), ${outcome}, ${breached ? sql`now()` : null})`);
    await clock(o1, 1, false);
    await clock(o2, 1, false);
    await clock(o2, 2, true);
    await clock(o3, 1, false);
    await clock(o7, 1, true, 2);
    const sla = await run({ reportId: 'slaAttainment', dimension: 'engineer' });
    expect(sla.total.values).toEqual({ measured: 3, met: 2, breached: 1, rate: 66.7 });
    expect(sla.rows.find((r) => r.key === String(seeded.eng1.id))?.values).toMatchObject({ measured: 2, met: 1, breached: 1 });

    // First-time fix: o3's product comes back within 30 days (a repeat), o7's after 40 days (not).
    const product = async () => (await productOf(t.deps.db, ep, null)).productId;
    const p3 = await product();
    const p7 = await product();
    await t.deps.db.execute(sql`update orders set installed_product_id = ${p3} where enterprise_id = ${ep} and id = ${o3}`);
    await t.deps.db.execute(sql`update orders set installed_product_id = ${p7} where enterprise_id = ${ep} and id = ${o7}`);
    await insertOrder(t.deps.db, ep, { state: 1, installed_product_id: p3, created_at: at('2026-03-20 10:00:00') });
    await insertOrder(t.deps.db, ep, { state: 1, installed_product_id: p7, created_at: at('2026-04-25 10:00:00') });
    const ff = await run({ reportId: 'firstFix', axis: 'completed', dimension: 'engineer' });
    const [done] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and deleted_at is null and state = 5
        and finished_at between '2026-03-01 00:00:00+08' and '2026-03-31 23:59:59+08'`,
    );
    expect(ff.total.values).toEqual({
      completed: done?.n,
      fixed: (done?.n ?? 0) - 1,
      repeat: 1,
      rate: Math.round((1000 * ((done?.n ?? 0) - 1)) / (done?.n ?? 1)) / 10,
    });
    for (const row of ff.rows) if (row.drill.completed) expect(await listTotal(row.drill.completed)).toBe(row.values.completed);

    // Complaints: two on o3, one on o7; the rate counts complained orders.
    for (const order of [o3, o3, o7]) {
      await t.deps.db.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, title, level)
        values (${ep}, ${`TS${Math.random().toString(36).slice(2, 8)}`}, 1, ${order}, '服务态度差', '一般')`);
    }
    const cr = await run({ reportId: 'complaintRate', axis: 'created', dimension: 'template' });
    expect(cr.total.values).toEqual({ completed: 3, complained: 2, complaints: 3, rate: 66.7 });
    expect((await run({ reportId: 'complaintRate', axis: 'completed', dimension: 'team' })).total.values).toMatchObject({
      completed: done?.n,
      complained: 2,
      complaints: 3,
    });

    // Visits: tasks of orders completed in March (insertTask makes the order, completed now: set into March).
    const v1 = await insertTask(t.deps.db, ep, { state: 3, engineerId: seeded.eng1.id });
    const v2 = await insertTask(t.deps.db, ep, { state: 2, engineerId: seeded.eng1.id });
    const v3 = await insertTask(t.deps.db, ep, { state: 1, engineerId: seeded.eng2.id });
    for (const v of [v1, v2, v3]) {
      await t.deps.db.execute(sql`update orders set created_at = ${at('2026-03-15 10:00:00')}, finished_at = ${at('2026-03-16 10:00:00')}
        where enterprise_id = ${ep} and id = ${v.orderId}`);
    }
    const vp = await run({ reportId: 'visitPass', axis: 'created', dimension: 'engineer' });
    expect(vp.total.values).toEqual({ tasks: 3, reached: 2, passed: 1, rate: 50 });
    expect(vp.rows.find((r) => r.key === String(seeded.eng1.id))?.values).toEqual({ tasks: 2, reached: 2, passed: 1, rate: 50 });
  });

  it('every report runs on every axis and dimension it declares, and refuses one it does not', async () => {
    const cat = (await director.client.send(R.catalogue)).data ?? [];
    expect(cat.map((c) => c.id)).toEqual(['orderVolume', 'slaAttainment', 'firstFix', 'utilisation', 'parts', 'visitPass', 'complaintRate', 'providerFees']);
    for (const c of cat) {
      for (const axis of c.axes) for (const d of c.dimensions) await run({ reportId: c.id as never, axis: axis.key as never, dimension: d.key as never });
    }
    expect(await director.client.send(R.run, params({ reportId: 'utilisation', axis: 'created' }))).toMatchObject({
      success: false,
      message: '工程师利用率不支持按创建时间统计',
    });
    expect(await director.client.send(R.run, params({ startTime: undefined }))).toMatchObject({ success: false, message: '请选择统计期间' });
    expect(await director.client.get(R.run.path, { ...params({}), axis: 'x' })).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('运营报表: scope', () => {
  const actor = (id: number, sysrole: number, providerId: number | null = null): Actor => ({
    id,
    enterpriseId: director.enterpriseId,
    sysrole,
    admin: false,
    powers: ['chart_manage'],
    providerId,
    timeZone: 'Asia/Shanghai',
  });
  it('counts what the viewer’s order list shows: the director everything, an engineer his orders, a provider’s user his provider’s', async () => {
    const ep = director.enterpriseId;
    const all = (await runReport(t.deps.db, actor(director.user.id, 10), params({}))).total.values.orders;
    const eng = (await runReport(t.deps.db, actor(seeded.eng1.id, 2), params({}))).total.values.orders;
    const [mine] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and deleted_at is null and service_user_id = ${seeded.eng1.id}
        and created_at between '2026-03-01 00:00:00+08' and '2026-03-31 23:59:59+08'`,
    );
    expect(all).toBeGreaterThan(eng ?? 0);
    expect(eng).toBe(mine?.n);
    const [prov] = await rows<{ id: number }>(t.deps.db, sql`insert into service_providers (enterprise_id, name) values (${ep}, '外包甲') returning id`);
    await t.deps.db.execute(sql`update orders set provider_id = ${prov?.id} where enterprise_id = ${ep} and id = ${seeded.ids[1]}`);
    const provider = await runReport(t.deps.db, actor(seeded.eng2.id, 1, Number(prov?.id)), params({ dimension: 'provider' }));
    expect(provider.total.values.orders).toBe(1);
    expect(provider.rows.map((r) => r.name)).toEqual(['外包甲']);
  });

  it('refuses users without the chart power, and the free plan with the spec’s notice', async () => {
    const engineer = await loggedIn(t.app, t.deps.db, { enterpriseId: director.enterpriseId, roles: [2] });
    expect(await engineer.client.send(R.run, params({}))).toMatchObject({ success: false, code: 'NO_POWER' });
    const free = await loggedIn(t.app, t.deps.db, { roles: [10], plan: 0 });
    for (const r of [await free.client.send(R.run, params({})), await free.client.send(R.queries, { pageIndex: 0, pageSize: 10 })]) {
      expect(r).toMatchObject({ success: false, message: freeNotice('reports') });
    }
  });
});

describe('运营报表: saved queries, export, digest, page views', () => {
  it('lists mine and the shared ones; another user’s private query is invisible and only the owner changes his', async () => {
    const ep = director.enterpriseId;
    const other = await loggedIn(t.app, t.deps.db, { enterpriseId: ep, roles: [10] });
    const mine = await director.client.send(R.queryCreate, { name: '三月工单', params: params({ axis: 'completed' }) });
    expect(mine).toMatchObject({ success: true, message: '保存成功' });
    const sharedId = (await other.client.send(R.queryCreate, { name: '共享的', params: params({}), shared: true })).data!.id;
    const privateId = (await other.client.send(R.queryCreate, { name: '私有的', params: params({}) })).data!.id;
    const list = (await director.client.send(R.queries, { pageIndex: 0, pageSize: 10 })).data!;
    expect(list.list.map((q) => [q.name, q.mine])).toEqual([
      ['三月工单', true],
      ['共享的', false],
    ]);
    expect(list.count).toBe(2);
    expect(list.list[0]?.params.axis).toBe('completed');
    expect(await director.client.send(R.queryUpdate, { id: sharedId, name: '改名' })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await director.client.send(R.queryDelete, { id: privateId })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const stranger = await loggedIn(t.app, t.deps.db, { roles: [10] });
    expect((await stranger.client.send(R.queries, { pageIndex: 0, pageSize: 10 })).data?.count).toBe(0);
    expect(await stranger.client.send(R.queryDelete, { id: mine.data!.id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const [left] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from report_queries where enterprise_id = ${ep}`);
    expect(left?.n).toBe(3);
    expect(await director.client.send(R.queryCreate, { name: ' ', params: params({}) })).toMatchObject({ success: false, message: '查询名称：请输入查询名称' });
    expect(await director.client.send(R.queryCreate, { name: '坏的', params: params({ reportId: 'utilisation', axis: 'created' }) })).toMatchObject({
      success: false,
      message: '工程师利用率不支持按创建时间统计',
    });
    expect(await director.client.send(R.queryDelete, { id: mine.data!.id })).toMatchObject({ success: true, message: '删除成功' });
  });

  it('writes the digest line into the subscribed owner’s 8:30 notice, and nothing into another subscriber’s', async () => {
    const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
    const other = await loggedIn(t.app, t.deps.db, { enterpriseId: d.enterpriseId, roles: [10] });
    for (const c of [d.client, other.client]) expect((await c.call(subscriptionsContract.updateSubscribeStatus, { type: 2, state: 1 })).success).toBe(true);
    await insertOrder(t.deps.db, d.enterpriseId, { state: 5, created_at: at('2030-01-01 10:00:00') });
    await insertOrder(t.deps.db, d.enterpriseId, { state: 1, created_at: at('2030-01-01 11:00:00') });
    await insertOrder(t.deps.db, d.enterpriseId, { state: 1, created_at: at('2030-01-02 09:00:00') }); // the digest's own day: not reported
    const q = { name: '昨日工单', params: params({ startTime: '2029-01-01 00:00:00', endTime: '2029-01-31 23:59:59' }), inDigest: true, shared: true };
    expect((await d.client.send(R.queryCreate, q)).success).toBe(true);
    expect(await runDigest(t.deps, 2, d.enterpriseId, '2030-01-02')).toBe(2);
    const notices = await rows<{ user_id: number; content: string }>(
      t.deps.db,
      sql`select user_id, content from notices where enterprise_id = ${d.enterpriseId} and kind = 'digest_stats' order by id`,
    );
    expect(notices.find((n) => Number(n.user_id) === d.user.id)?.content).toContain('昨日工单：工单数2，已完成1，已取消0，未完成1');
    expect(notices.find((n) => Number(n.user_id) === other.user.id)?.content).not.toContain('昨日工单');
  });

  it('deletes a query once when the same delete arrives five times at once, and runs reports in parallel without error', async () => {
    const id = (await director.client.send(R.queryCreate, { name: '并发', params: params({}) })).data!.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => director.client.send(R.queryDelete, { id })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).map((a) => a.code)).toEqual(['NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND']);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const runs = await Promise.all(Array.from({ length: 5 }, () => director.client.send(R.run, params({ dimension: 'day' }))));
    expect(new Set(runs.map((r) => JSON.stringify(r.data?.total.values))).size).toBe(1);
  });

  it('adds a query to the 8:30 digest with the reported day’s figures, exports to the download centre, and its pages’ point codes record', async () => {
    const ep = director.enterpriseId;
    const id = (await director.client.send(R.queryCreate, { name: '每日工单', params: params({}) })).data!.id;
    await insertOrder(t.deps.db, ep, { state: 1, created_at: at('2026-03-05 10:00:00') });
    const a: Actor = {
      id: director.user.id,
      enterpriseId: ep,
      sysrole: 10,
      admin: false,
      powers: ['chart_manage'],
      providerId: null,
      timeZone: 'Asia/Shanghai',
    };
    expect(await reportDigestLines(t.deps.db, a, '2026-03-05')).toEqual([]);
    expect(await director.client.send(R.queryUpdate, { id, inDigest: true })).toMatchObject({ success: true });
    expect(await reportDigestLines(t.deps.db, a, '2026-03-05')).toEqual(['每日工单：工单数2，已完成0，已取消0，未完成2']);

    const ex = await director.client.send(R.export, { ...params({}), fileName: '三月报表' });
    expect(ex).toMatchObject({ success: true, data: { name: '三月报表' } });
    const [file] = await rows<{ kind: string }>(t.deps.db, sql`select kind from export_files where enterprise_id = ${ep} and id = ${ex.data!.id}`);
    expect(file?.kind).toBe('operateReport');

    // The report pages' point codes are valid codes of the page-view endpoint (page_points).
    for (const code of Object.values(REPORT_POINTS)) expect(await director.client.send(activityContract.point, { code })).toMatchObject({ success: true });
    const [views] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from page_points where enterprise_id = ${ep} and code like 'report.%'`);
    expect(views?.n).toBe(3);
  });
});
