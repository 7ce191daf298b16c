import { cycleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // A copy of the demo database: the first demo file of the run seeds it, the others wait for it.
  t = await createTestApp({}, { demo: true });
}, 180_000);
afterAll(async () => t.close());

describe('demo data', () => {
  it('the administrator (13800000003) has templates, plans in progress and paused, and the orders they generated', async () => {
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000003' order by e.id desc limit 1`,
    );
    const admin = await new Client(t.app).login('13800000003', 'demo1234', Number(ep?.id));
    expect((await admin.send(C.tmplList, {})).data.count).toBe(2);
    const plans = (await admin.send(C.planList, {})).data.list;
    expect(plans.map((p) => p.state).sort()).toEqual([1, 1, 2]);
    const monthly = plans.find((p) => p.startType === 1);
    expect(monthly?.orderCount).toBe(1);
    const d = await admin.send(C.planDetail, { id: Number(monthly?.id) });
    expect(d.data.orders[0]).toMatchObject({ orderNo: expect.stringMatching(/^GD/) });
    expect(d.data.upcoming[0]?.generated).toBe(true);
  });
});
