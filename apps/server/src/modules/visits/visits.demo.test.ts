import { visitsContract as C } from '@sk/shared';
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
  it('周回访 (13800000007) has plans, tasks to work on, done ones with history, and the report shows them', async () => {
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000007' order by e.id desc limit 1`,
    );
    const visitor = await new Client(t.app).login('13800000007', 'demo1234', Number(ep?.id));
    expect((await visitor.send(C.planList, {})).data.count).toBe(2);
    const mine = await visitor.send(C.count, { dataType: '0' });
    expect(mine.data.states['1']).toBeGreaterThan(0);
    expect(mine.data.all).toBeGreaterThan(1);
    expect((await visitor.get('/v2/order/getAllVisitCount', { dataType: 0 })).data).toBeGreaterThan(0);
    const report = await visitor.send(C.report, { by: 'plan' });
    expect(report.data.total.tasks).toBe(mine.data.all + (await visitor.send(C.myList, { pool: '1' })).data.count);
  });
});
