import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { DEMO_STEPS as demoSteps } from '../../demo/steps';
import { runProvision } from '../../platform/provision';
import { makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo orders', () => {
  it('a new demo enterprise has orders in every state, each with the log its actions left and the counter after them', async () => {
    // Not the demo enterprise's name: its month (orders.month.ts, tested in db/seed.test.ts) is left out here.
    const ep = await makeEnterprise(t.deps.db, { name: '演示企业（工单）' });
    const people: Record<number, number> = {};
    for (let r = 1; r <= 10; r++) people[r] = (await makeUser(t.deps.db, ep, { roles: [r], admin: r === 3 })).id;
    await runProvision(t.deps.db, ep, 'manufacturing');
    for (const step of demoSteps) await t.deps.db.transaction((tx) => step.run(tx, ep));

    const orders = await rows<{
      id: number;
      state: number;
      in_pool: boolean;
      place_state: number;
      examine_type: number | null;
      service_user_id: number | null;
      logs: number;
    }>(
      t.deps.db,
      sql`select o.id, o.state, o.in_pool, o.place_state, o.examine_type, o.service_user_id,
          (select count(*)::int from order_logs l where l.enterprise_id = o.enterprise_id and l.order_id = o.id) as logs
        from orders o where o.enterprise_id = ${ep} and o.provider_id is null order by o.id`,
      // (The provider's month to settle is settle.demo.ts's own: its engineer is the provider's, its numbers FW….)
    );
    const states = orders.map((o) => o.state);
    for (const s of [0, 1, 2, 3, 4, 5, 6, 7]) expect(states, `state ${s}`).toContain(s);
    expect(orders.filter((o) => o.in_pool)).toHaveLength(1);
    expect(orders.filter((o) => o.place_state === 1)).toHaveLength(1);
    expect(orders.find((o) => o.state === 7)?.examine_type).toBe(2);
    // Every order the engineer holds is theirs; each has its creation row plus one per action.
    expect(orders.filter((o) => o.state >= 2 && o.state <= 5).every((o) => Number(o.service_user_id) === people[2])).toBe(true);
    expect(orders.find((o) => o.state === 4)?.logs).toBe(4);
    // The month's numbers came from the enterprise's sequence: the next one drawn follows them.
    const [seq] = await rows<{ value: number }>(t.deps.db, sql`select last_value as value from ${sql.identifier(`sk_order_no_${ep}`)}`);
    expect(Number(seq?.value)).toBe(orders.length);
    // New orders of the type follow the default process again.
    const [v] = await rows<{ process: { acceptance: boolean } }>(
      t.deps.db,
      sql`select process from process_versions where enterprise_id = ${ep} order by version desc limit 1`,
    );
    expect(v?.process.acceptance).toBe(false);
  });

  it('an enterprise without an engineer gets none', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '免费体验企业', plan: 0 });
    await makeUser(t.deps.db, ep, { roles: [3], admin: true });
    await runProvision(t.deps.db, ep, 'service');
    for (const step of demoSteps) await t.deps.db.transaction((tx) => step.run(tx, ep));
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from orders where enterprise_id = ${ep}`);
    expect(n?.n).toBe(0);
  });
});
