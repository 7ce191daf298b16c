import { caseContract as C, knowledgeContract as K } from '@sk/shared';
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

describe('knowledge demo', () => {
  it('holds three categories, ten articles and two published cases the search finds', async () => {
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000003' order by e.id desc limit 1`,
    );
    const admin = await new Client(t.app).login('13800000003', 'demo1234', Number(ep?.id));
    expect((await admin.send(K.categories)).data.map((c) => c.name)).toEqual(['空调维修', '安装规范', '服务流程']);
    expect((await admin.send(K.search, { kind: 'article' })).data.count).toBe(10);
    expect((await admin.send(C.list, { state: 2 })).data.count).toBe(2);
    const hits = (await admin.send(K.search, { keyword: '冷媒' })).data.list;
    expect(hits.some((h) => h.kind === 'case')).toBe(true);
    expect(hits.some((h) => h.kind === 'article')).toBe(true);
  });
});
