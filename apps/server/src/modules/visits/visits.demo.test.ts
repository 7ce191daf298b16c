import { visitsContract as C } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('demo data', () => {
  it('周回访 (13800000007) has plans, tasks to work on, done ones with history, and the report shows them', async () => {
    const ep = await demoEnterpriseOf(t, '13800000007');
    const visitor = await new Client(t.app).login('13800000007', 'demo1234', ep);
    expect((await visitor.send(C.planList, {})).data.count).toBe(2);
    const mine = await visitor.send(C.count, { dataType: '0' });
    expect(mine.data.states['1']).toBeGreaterThan(0);
    expect(mine.data.all).toBeGreaterThan(1);
    expect((await visitor.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBeGreaterThan(0);
    const report = await visitor.send(C.report, { by: 'plan' });
    expect(report.data.total.tasks).toBe(mine.data.all + (await visitor.send(C.myList, { pool: '1' })).data.count);
  });
});
