import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, enterprises } from '../db/schema/index';
import { makeEnterprise, makeUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { actorOf, paidPlan, planOverdue } from './actor';
import { createSession, loadSession } from './session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The Actor of a fresh session of a new user, as a request would make it. */
async function actorFor(enterpriseId: number, o: Parameters<typeof makeUser>[2] = {}) {
  const u = await makeUser(t.deps.db, enterpriseId, o);
  const { token } = await createSession(t.deps.db, { enterpriseId, userId: u.id });
  const session = await loadSession(t.deps.db, token);
  if (!session) throw new Error('no session');
  return { id: u.id, actor: actorOf(session) };
}

describe('actorOf', () => {
  it('carries the user and the enterprise as the session read them', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '甲企业', plan: 1 });
    await t.deps.db.execute(sql`update enterprises set time_zone = 'Asia/Urumqi' where id = ${ep}`);
    const [dept] = await t.deps.db.insert(departments).values({ enterpriseId: ep, name: '售后部' }).returning({ id: departments.id });
    const { id, actor } = await actorFor(ep, { name: '王工', roles: [2, 3], admin: false, deptId: dept?.id });
    expect(actor).toMatchObject({
      id,
      enterpriseId: ep,
      name: '王工',
      sysrole: 2,
      roles: [2, 3],
      admin: false,
      userType: 0,
      providerId: null,
      deptId: dept?.id,
      enterpriseName: '甲企业',
      timeZone: 'Asia/Urumqi',
      plan: { id: 1, seatNotice: null },
    });
    expect(actor.plan.endsAt).not.toBeNull();
    // Powers follow the current role (the engineer's), not every role held.
    expect(actor.powers).not.toContain('09001');
  });

  it('reads the plan: free, paid, overdue, and the seat notice', async () => {
    const free = await actorFor(await makeEnterprise(t.deps.db, { plan: 0 }));
    expect(paidPlan(free.actor)).toBe(false);
    expect(planOverdue(free.actor)).toBe(false);

    const vip = await actorFor(await makeEnterprise(t.deps.db, { plan: 1, expireDays: 30 }));
    expect(paidPlan(vip.actor)).toBe(true);
    expect(planOverdue(vip.actor)).toBe(false);

    const lapsedEp = await makeEnterprise(t.deps.db, { plan: 2, expireDays: -1 });
    await t.deps.db.update(enterprises).set({ versionMessage: '购买人数已超出' }).where(sql`id = ${lapsedEp}`);
    const lapsed = await actorFor(lapsedEp);
    expect(lapsed.actor.plan).toMatchObject({ id: 2, seatNotice: '购买人数已超出' });
    expect(paidPlan(lapsed.actor)).toBe(true);
    expect(planOverdue(lapsed.actor)).toBe(true);
  });
});
