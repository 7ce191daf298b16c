import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPlan, insertTask } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Tasks of two plans and two engineers in every state, with scores and reasons. */
async function seeded(plan: 0 | 1 = 1) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3], plan });
  const ep = admin.enterpriseId;
  const e1 = await makeUser(t.deps.db, ep, { roles: [2], name: '李师傅' });
  const e2 = await makeUser(t.deps.db, ep, { roles: [2], name: '王师傅' });
  const p1 = await insertPlan(t.deps.db, ep, { name: '安装回访' });
  const p2 = await insertPlan(t.deps.db, ep, { name: '维修回访' });
  const rows: [number, number, number, Record<string, number> | null, string | null][] = [
    [p1, e1.id, 3, { 0: 5, 1: 5, 2: 4, 3: 5 }, null],
    [p1, e1.id, 3, { 0: 3, 1: 4, 2: 4, 3: 3 }, null],
    [p1, e1.id, 2, { 0: 1, 1: 3, 2: 2, 3: 1 }, '问题未解决'],
    [p1, e2.id, 5, null, null],
    [p1, e2.id, 1, null, null],
    [p2, e2.id, 2, null, '服务态度差'],
    [p2, e2.id, 2, null, '问题未解决'],
    [p2, e2.id, 4, null, '客户未接听'],
  ];
  for (const [planId, engineerId, state, scores, reason] of rows) {
    const { id } = await insertTask(t.deps.db, ep, { planId, engineerId, state });
    await t.deps.db.execute(sql`update return_visit_tasks set scores = ${JSON.stringify(scores ?? {})}::jsonb, reason = ${reason} where id = ${id}`);
  }
  return { ...admin, p1, p2, e1, e2 };
}

describe('the return-visit report', () => {
  it('per plan and per engineer: tasks, reached, pass rate, unrated, not passed by reason, averages; another enterprise adds nothing', async () => {
    const s = await seeded();
    await seeded();
    const byPlan = await s.client.send(C.report, { by: 'plan' });
    expect(byPlan.success).toBe(true);
    const install = byPlan.data.rows.find((r) => r.key === s.p1);
    expect(install).toMatchObject({
      name: '安装回访',
      tasks: 5,
      reached: 4,
      passed: 3,
      passRate: 75,
      unrated: 1,
      notPassed: 1,
      waiting: 1,
      byReason: { 问题未解决: 1 },
      averages: { 0: 3, 1: 4, 2: 3.33, 3: 3 },
    });
    const repair = byPlan.data.rows.find((r) => r.key === s.p2);
    expect(repair).toMatchObject({ tasks: 3, reached: 2, passed: 0, passRate: 0, byReason: { 服务态度差: 1, 问题未解决: 1 }, waiting: 1 });
    expect(byPlan.data.total).toMatchObject({
      name: '合计',
      tasks: 8,
      reached: 6,
      passed: 3,
      passRate: 50,
      notPassed: 3,
      byReason: { 问题未解决: 2, 服务态度差: 1 },
    });
    const byEngineer = await s.client.send(C.report, { by: 'engineer' });
    expect(byEngineer.data.rows.map((r) => [r.name, r.tasks, r.notPassed])).toEqual(
      expect.arrayContaining([
        ['李师傅', 3, 1],
        ['王师傅', 5, 2],
      ]),
    );
    // One plan (the spec's /returnVisitReport?id&visitType).
    const one = await s.client.send(C.report, { by: 'engineer', id: s.p2, visitType: 1 });
    expect(one.data.total.tasks).toBe(3);
    // The figure "not passed: 问题未解决" opens the list on the same filters.
    const list = await s.client.send(C.list, { planId: s.p1, reason: '问题未解决' });
    expect(list.data.count).toBe(1);
  });

  it('is locked on the free plan and needs its power; bad input is refused in Chinese', async () => {
    const free = await seeded(0);
    const r = await free.client.send(C.report, { by: 'plan' });
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
    const s = await seeded();
    expect((await s.client.send(C.report, { by: 'city' })).message).toContain('统计维度');
    expect((await s.client.send(C.report, { by: 'plan', startTime: '2026-13-40' })).message).toContain('开始时间');
  });
});
