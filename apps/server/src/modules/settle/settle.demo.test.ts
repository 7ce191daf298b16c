import { providerConsoleContract as P, rewardsContract as R } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { DEMO_STEPS as demoSteps } from '../../demo/steps';
import { runProvision } from '../../platform/provision';
import { Client, makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the demo month to settle', () => {
  it('the demo provider has rewards and penalties of the month; a platform partner’s issued statement shows in 平台结算 by group', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '演示企业（结算）' });
    const people: Record<number, { id: number; mobile: string }> = {};
    for (let r = 1; r <= 10; r++) people[r] = await makeUser(t.deps.db, ep, { roles: [r], admin: r === 3 });
    await runProvision(t.deps.db, ep, 'manufacturing');
    // The demo enterprise's outsourcing partner and its user (org.provision.ts demoProvider, only for the demo's name).
    const [p] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into service_providers (enterprise_id, name, partner_type) values (${ep}, '华东联保服务有限公司', 1) returning id::int`,
    );
    const provider = await makeUser(t.deps.db, ep, { roles: [1, 2] });
    await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${p?.id}, sysrole = 1 where enterprise_id = ${ep} and id = ${provider.id}`);
    for (const step of demoSteps) await t.deps.db.transaction((tx) => step.run(tx, ep));

    const made = await rows<{ kind: number; state: number; submitted_by: number; decided_by: number | null; logs: number }>(
      t.deps.db,
      sql`select r.kind, r.state, r.submitted_by::int, r.decided_by::int,
          (select count(*)::int from reward_logs l where l.enterprise_id = r.enterprise_id and l.reward_id = r.id) as logs
        from rewards r join service_providers p on p.enterprise_id = r.enterprise_id and p.id = r.provider_id
        where r.enterprise_id = ${ep} and p.name = '华东联保服务有限公司' order by r.id`,
    );
    expect(made.map((r) => [r.kind, r.state, r.logs])).toEqual([
      [2, 2, 2],
      [1, 2, 2],
      [2, 1, 1],
    ]);
    // Nobody approved what he submitted.
    for (const r of made.filter((x) => x.state === 2)) expect(r.decided_by).not.toBe(r.submitted_by);
    // The provider's user reads his records.
    const pu = await new Client(t.app).login(provider.mobile, undefined, ep);
    const mine = await pu.send(R.list, {});
    expect(mine.success, mine.message).toBe(true);
    expect(mine.data.length).toBe(3);
    // 平台结算: the platform's issued statement, one row per service group.
    const fin = await new Client(t.app).login(people[8]!.mobile, undefined, ep);
    const platform = await fin.send(P.platform, {});
    expect(platform.success, platform.message).toBe(true);
    expect(platform.data.list.map((r) => [r.providerName, r.partnerType, r.state, r.orderCount])).toEqual([
      ['华南授权服务平台', 4, 2, 5],
      ['华南授权服务平台', 4, 2, 5],
    ]);
  });
});
