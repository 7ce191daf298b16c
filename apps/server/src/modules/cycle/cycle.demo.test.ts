import { cycleContract as C } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('demo data', () => {
  it('the administrator (13800000003) has templates, plans in progress and paused, and the orders they generated', async () => {
    const ep = await demoEnterpriseOf(t, '13800000003');
    const admin = await new Client(t.app).login('13800000003', 'demo1234', ep);
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
