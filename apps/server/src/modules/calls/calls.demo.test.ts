import { callsContract as C } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('demo data', () => {
  it('the return-visit agent (13800000007) has a seat, a morning of calls on known customers and one call-back to make', async () => {
    const ep = await demoEnterpriseOf(t, '13800000007');
    const agent = await new Client(t.app).login('13800000007', 'demo1234', ep);
    expect((await agent.send(C.seatDetails, {})).data).toMatchObject({ seatNo: '8001' });
    const calls = (await agent.send(C.recordList, { pageIndex: 0, pageSize: 20 })).data;
    expect(calls.map((c) => [c.direction, c.state])).toEqual([
      [1, 4],
      [2, 3],
      [1, 3],
    ]);
    expect(calls.every((c) => c.customerName && c.contactName)).toBe(true);
    expect((await agent.send(C.recordCount, { callbackState: 1 })).data).toBe(1);
  });
});
