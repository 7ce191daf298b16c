import { callsContract as C } from '@sk/shared';
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
  it('the return-visit agent (13800000007) has a seat, a morning of calls on known customers and one call-back to make', async () => {
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000007' order by e.id desc limit 1`,
    );
    const agent = await new Client(t.app).login('13800000007', 'demo1234', Number(ep?.id));
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
