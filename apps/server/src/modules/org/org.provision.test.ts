import { DEFAULT_DEPARTMENTS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { DEMO_STEPS as demoSteps } from '../../demo/steps';
import { makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { provisionOrg } from './org.provision';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const depts = (ep: number) =>
  rows<{ id: number; name: string; parent_id: number | null }>(
    t.deps.db,
    sql`select id, name, parent_id from departments where enterprise_id = ${ep} order by sort, id`,
  );
const groups = (ep: number) =>
  rows<{ id: number; name: string; leader_id: number | null }>(
    t.deps.db,
    sql`select id, name, leader_id from service_groups where enterprise_id = ${ep} order by id`,
  );

describe('provisioning a new enterprise', () => {
  it('creates a root named after the enterprise, the default departments and two service groups, once', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '新开企业' });
    await t.deps.db.transaction((tx) => provisionOrg(tx, ep));
    await t.deps.db.transaction((tx) => provisionOrg(tx, ep));
    const list = await depts(ep);
    expect(list.map((d) => d.name)).toEqual(['新开企业', ...DEFAULT_DEPARTMENTS]);
    const root = list[0]!;
    expect(root.parent_id).toBeNull();
    expect(list.slice(1).every((d) => d.parent_id === root.id)).toBe(true);
    expect((await groups(ep)).map((g) => g.name)).toEqual(['售后服务一组', '售后服务二组']);
  });
});

describe('demo data', () => {
  it('places the demo users in fitting departments and groups, and gives the demo enterprise an outsourcing partner', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '演示企业' });
    const people: Record<number, number> = {};
    for (let r = 1; r <= 10; r++) people[r] = (await makeUser(t.deps.db, ep, { roles: [r] })).id;
    await t.deps.db.transaction((tx) => provisionOrg(tx, ep));
    const step = demoSteps.find((s) => s.name === 'org.demo')!;
    await t.deps.db.transaction((tx) => step.run(tx, ep));
    const placed = await rows<{ id: number; dept: string }>(
      t.deps.db,
      sql`select u.id, d.name as dept from users u join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id where u.enterprise_id = ${ep} and u.user_type = 0`,
    );
    const deptOf = (role: number) => placed.find((p) => p.id === people[role])?.dept;
    expect(deptOf(2)).toBe('技术服务部');
    expect(deptOf(8)).toBe('财务部');
    expect(deptOf(9)).toBe('仓储部');
    expect(deptOf(3)).toBe('演示企业');
    const g = await groups(ep);
    expect(g[0]?.leader_id).toBe(people[2]);
    expect(g[1]?.leader_id).toBe(people[1]);
    const outsourced = await rows(
      t.deps.db,
      sql`select u.mobile, u.user_type, p.name from users u join service_providers p on p.enterprise_id = u.enterprise_id and p.id = u.provider_id where u.enterprise_id = ${ep}`,
    );
    expect(outsourced).toEqual([{ mobile: '13600000001', user_type: 1, name: '华东联保服务有限公司' }]);
  });
});
