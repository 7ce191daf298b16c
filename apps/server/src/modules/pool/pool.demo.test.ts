import { poolContract as K } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('demo data', () => {
  it('the demo’s in-house engineer can grab the demo pool order (its time is free for him)', async () => {
    const ep = await demoEnterpriseOf(t, '13800000002');
    const engineer = await new Client(t.app).login('13800000002', 'demo1234', ep);
    const list = await engineer.send(K.list, { pageSize: 100 });
    expect(list.data.list.length).toBeGreaterThan(0);
    const id = (list.data.list[0]?.id ?? 0) as number;
    const slots = await engineer.send(K.freeSlots, { orderId: id });
    expect(slots.data.requestedFree).toBe(true);
    expect(await engineer.send(K.grab, { orderId: id })).toMatchObject({ success: true, message: '抢单成功' });
  });
});
