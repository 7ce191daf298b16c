// The statistics digest's 昨日回访 line (8:30): the return-visit report's figures for yesterday, for users whose menu
// shows 回访报表; another enterprise's tasks and tasks of other days never count.
import { subscriptionsContract as S, visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { enqueueDueDigests } from '../subscriptions/digest';
import { insertPlan, insertTask } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Asia/Shanghai (UTC+8): 2031-03-02T00:35Z is 08:35 on 2 March; the statistics digest reports 1 March. */
const AT_0835 = new Date('2031-03-02T00:35:00Z');
const MAR1_1000 = '2031-03-01T02:00:00Z';
const MAR1_2330 = '2031-03-01T15:30:00Z';
const FEB28_2330 = '2031-02-28T15:30:00Z';
const MAR2_0010 = '2031-03-01T16:10:00Z';

async function tasks(ep: number, list: [state: number, createdAt: string, scores?: Record<string, number>, reason?: string][]) {
  const planId = await insertPlan(t.deps.db, ep);
  for (const [state, createdAt, scores, reason] of list) {
    const { id } = await insertTask(t.deps.db, ep, { planId, state });
    await t.deps.db.execute(sql`update return_visit_tasks set created_at = ${createdAt}, scores = ${JSON.stringify(scores ?? {})}::jsonb,
      reason = ${reason ?? null} where enterprise_id = ${ep} and id = ${id}`);
  }
}

const statsOf = async (ep: number, userId: number) =>
  (
    await rows<{ content: string }>(t.deps.db, sql`select content from notices where enterprise_id = ${ep} and user_id = ${userId} and kind = 'digest_stats'`)
  ).map((n) => n.content.split('\n'));

describe('the 8:30 digest’s return-visit line', () => {
  it('carries yesterday’s report figures to the report’s users only', async () => {
    const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const ep = admin.enterpriseId;
    const engineer = await loggedIn(t.app, t.deps.db, { enterpriseId: ep, roles: [2] });
    for (const c of [admin.client, engineer.client]) expect((await c.call(S.updateSubscribeStatus, { type: 2, state: 1 })).success).toBe(true);
    // 1 March: two passed (one unrated), one not passed, one waiting; the day before and the day after do not count.
    await tasks(ep, [
      [3, MAR1_1000, { 0: 5, 1: 4, 2: 5, 3: 4 }],
      [5, MAR1_1000],
      [2, MAR1_2330, { 0: 2, 1: 2, 2: 3, 3: 1 }, '问题未解决'],
      [1, MAR1_2330],
      [3, FEB28_2330, { 0: 5, 1: 5, 2: 5, 3: 5 }],
      [2, MAR2_0010, {}, '服务态度差'],
    ]);
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await tasks(other.enterpriseId, [[2, MAR1_1000, {}, '问题未解决']]);

    await enqueueDueDigests(t.deps.db, AT_0835);
    await drainJobs(t.deps);

    const line = '昨日回访：回访任务4，已回访3，通过2（其中未评价1），不通过1，通过率66.7%';
    const [mine] = await statsOf(ep, admin.user.id);
    expect(mine).toContain(line);
    // The same figures as the report page for that day.
    const r = await admin.client.send(C.report, { by: 'plan', startTime: '2031-03-01', endTime: '2031-03-01' });
    expect(r.data.total).toMatchObject({ tasks: 4, reached: 3, passed: 2, unrated: 1, notPassed: 1, passRate: 66.7 });
    // An engineer's menu has no 回访报表: his digest has no visit line.
    const [his] = await statsOf(ep, engineer.user.id);
    expect(his?.some((l) => l.startsWith('昨日回访'))).toBe(false);
  });
});
