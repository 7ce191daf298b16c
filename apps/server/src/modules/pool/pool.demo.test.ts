import { poolContract as K } from '@sk/shared';
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
  it('the demo’s in-house engineer can grab the demo pool order (its time is free for him)', async () => {
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000002' order by e.id desc limit 1`,
    );
    const engineer = await new Client(t.app).login('13800000002', 'demo1234', Number(ep!.id));
    const list = await engineer.send(K.list, { pageSize: 100 });
    expect(list.data.list.length).toBeGreaterThan(0);
    const id = (list.data.list[0]?.id ?? 0) as number;
    const slots = await engineer.send(K.freeSlots, { orderId: id });
    expect(slots.data.requestedFree).toBe(true);
    expect(await engineer.send(K.grab, { orderId: id })).toMatchObject({ success: true, message: '抢单成功' });
  });
});
