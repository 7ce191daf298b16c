import { caseContract as C, knowledgeContract as K } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('knowledge demo', () => {
  it('holds three categories, ten articles and two published cases the search finds', async () => {
    const ep = await demoEnterpriseOf(t, '13800000003');
    const admin = await new Client(t.app).login('13800000003', 'demo1234', ep);
    expect((await admin.send(K.categories)).data.map((c) => c.name)).toEqual(['空调维修', '安装规范', '服务流程']);
    expect((await admin.send(K.search, { kind: 'article' })).data.count).toBe(10);
    expect((await admin.send(C.list, { state: 2 })).data.count).toBe(2);
    const hits = (await admin.send(K.search, { keyword: '冷媒' })).data.list;
    expect(hits.some((h) => h.kind === 'case')).toBe(true);
    expect(hits.some((h) => h.kind === 'article')).toBe(true);
  });
});
