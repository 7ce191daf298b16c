// The per-day summary behind /returnVisitReport and the all-task tabs (modules/visits/summary.ts): over a seeded random
// set of tasks, written, moved through changeState, edited, moved across days and deleted, the report read from the
// summary equals the report read from the tasks for every grouping, period and filter, and so do the tab counts.
import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { dayAgo, pickWith, rng } from '../../test/seeded';
import { report, wholeDays } from './report.service';
import { rebuildVisitSummary } from './summary';
import { insertPlan } from './test-helpers';
import { stateCounts, summaryStateCounts } from './tasks.repo';
import { moveTask } from './visits.state';
import type { PatchValue } from '../../platform/state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const REASONS = ['问题未解决', '服务态度差', '上门不及时', null];
const BY = ['plan', 'engineer', 'team', 'template'] as const;
const day = dayAgo;

async function seededSet(seed: number) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  const db = t.deps.db;
  const r = rng(seed);
  const pick = pickWith(r);
  const engineers = [(await makeUser(db, ep, { roles: [2], name: '李师傅' })).id, (await makeUser(db, ep, { roles: [2], name: '王师傅' })).id, null];
  const plans = [
    await insertPlan(db, ep, { name: '安装回访' }),
    await insertPlan(db, ep, { name: '维修回访' }),
    await insertPlan(db, ep, { name: '事件回访' }),
  ];
  const values = [];
  for (let i = 0; i < 160; i++) {
    const state = pick([1, 2, 3, 4, 5]);
    const scores: Record<string, number> = {};
    if (state === 2 || state === 3) for (const d of [0, 1, 2, 3]) if (r() < 0.85) scores[d] = 1 + Math.floor(r() * 5);
    // Creation over 40 days at any second (days split at the enterprise's midnight, not UTC's).
    const created = new Date(Date.now() - Math.floor(r() * 40 * 86_400) * 1000).toISOString();
    values.push(
      sql`(${ep}, ${admin.user.id}, ${pick(plans)}, ${pick([1, 1, 6])}, ${seed * 1000 + i}, ${pick(engineers)}::bigint, ${pick([11, 12, null])}::bigint, ${pick([21, 22, 23, null])}::bigint,
        ${state}, ${state === 2 || state === 4 ? pick(REASONS) : null}, ${JSON.stringify(scores)}::jsonb, ${created}::timestamptz, ${`RV${i}`}, '标题', '客户', ${created}::timestamptz)`,
    );
  }
  // One statement for all (the insert trigger takes a transition table of many rows).
  await db.execute(sql`insert into return_visit_tasks (enterprise_id, visitor_id, plan_id, visit_type, record_id, engineer_id, service_group_id, template_id, state, reason,
      scores, created_at, order_no, order_title, customer_name, completed_at) values ${sql.join(values, sql`, `)}`);
  const ids = (await rows<{ id: number; state: number }>(db, sql`select id, state from return_visit_tasks where enterprise_id = ${ep} order by id`)).map(
    (x) => ({
      id: Number(x.id),
      state: Number(x.state),
    }),
  );
  const actor = { id: admin.user.id, enterpriseId: ep, sysrole: 3, admin: true };
  // State changes through the platform's changeState, as the visitor's submit and the next-visit sweep make them.
  for (const x of ids.filter((x) => x.state === 1).slice(0, 15)) {
    const action = pick(['pass', 'passUnrated', 'fail', 'later'] as const);
    const patch: Record<string, PatchValue> =
      action === 'pass'
        ? { scores: { 0: 5, 1: 4, 2: 3, 3: 2 } }
        : action === 'fail'
          ? { reason: pick(REASONS), scores: { 0: 1 } }
          : action === 'later'
            ? { reason: '客户未接听' }
            : {};
    await moveTask(db, actor, ep, x.id, action, { patch, expected: 1 });
  }
  for (const x of ids.filter((x) => x.state === 4).slice(0, 5)) await moveTask(db, null, ep, x.id, 'due', { expected: 4 });
  // Edits of the keys and the scores, a move across days, a many-row update and a delete.
  await db.execute(
    sql`update return_visit_tasks set engineer_id = ${engineers[0]}, scores = '{"0": 2}'::jsonb where enterprise_id = ${ep} and id = ${ids[3]?.id}`,
  );
  await db.execute(sql`update return_visit_tasks set created_at = created_at - interval '3 days' where enterprise_id = ${ep} and id % 7 = 0`);
  await db.execute(sql`update return_visit_tasks set sms_sent_at = now() where enterprise_id = ${ep}`);
  await db.execute(sql`delete from return_visit_tasks where enterprise_id = ${ep} and id = ${ids[5]?.id}`);
  return { admin, ep, plans, actor: { ...actor, timeZone: 'Asia/Shanghai' } as unknown as Actor };
}

describe('the return-visit summary', () => {
  it('gives the same report as the tasks for every grouping, period and filter, and the same tab counts; a rebuild gives the same rows', async () => {
    const s = await seededSet(7);
    await seededSet(8); // another enterprise's tasks count nowhere here
    const periods: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      [`${day(29)} 00:00:00`, `${day(0)} 23:59:59`],
      [day(10), day(3)],
      [day(40), undefined],
      [undefined, day(20)],
      [day(0), day(0)],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BY),
        fc.constantFrom(...periods),
        fc.constantFrom(undefined, ...s.plans),
        fc.constantFrom(undefined, 1, 6),
        async (by, [startTime, endTime], id, visitType) => {
          const q = { by, startTime, endTime, id, visitType } as Parameters<typeof report>[2];
          const fromTasks = await report(t.deps.db, s.actor, q, 'tasks');
          const fromSummary = await report(t.deps.db, s.actor, q, 'summary');
          const sorted = (x: typeof fromTasks) => ({ ...x, rows: [...x.rows].sort((a, b) => String(a.key).localeCompare(String(b.key))) });
          expect(sorted(fromSummary)).toEqual(sorted(fromTasks));
        },
      ),
      { numRuns: 40, seed: 42 },
    );
    const all = await report(t.deps.db, s.actor, { by: 'plan' }, 'summary');
    expect(all.total.tasks).toBe(159);
    expect(all.total.averages['0']).not.toBeNull();
    expect(await summaryStateCounts(t.deps.db, s.ep)).toEqual(await stateCounts(t.deps.db, s.ep, []));
    // The API's tabs (dataType=1) read the summary and agree.
    const tabs = await s.admin.client.send(C.count, { dataType: '1' });
    expect(tabs.data.all).toBe(159);
    // The rebuild (the backfill of an older database) lands on the same non-empty rows the triggers kept.
    const kept = async () =>
      rows(
        t.deps.db,
        sql`select * from return_visit_day_stats where enterprise_id = ${s.ep} and n <> 0 order by day, plan_id, visit_type, engineer_id, service_group_id, template_id, state, reason`,
      );
    const before = await kept();
    await rebuildVisitSummary(t.deps.db, s.ep);
    expect(await kept()).toEqual(before);
  });

  it('answers whole days only; a period cut inside a day reads the tasks', async () => {
    expect(wholeDays('2026-11-01 00:00:00', '2026-11-24 23:59:59')).toEqual({ from: '2026-11-01', to: '2026-11-24' });
    expect(wholeDays('2026/11/01', undefined)).toEqual({ from: '2026-11-01', to: undefined });
    expect(wholeDays('2026-11-01 08:00:00', '2026-11-24')).toBeNull();
    expect(wholeDays(undefined, '2026-11-24 12:00:00')).toBeNull();
  });
});
