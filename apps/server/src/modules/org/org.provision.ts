import { DEFAULT_DEPARTMENTS, DEFAULT_SERVICE_GROUPS } from '@sk/shared';
import type { Tx } from '../../db/client';
import { type DemoStep, DEMO_ENTERPRISES } from '../../platform/demo/data';
import { addProvisionStep } from '../../platform/provision';
import { demoTeams } from './org.demo';
import * as repo from './provision.repo';

/** A root department named after the enterprise with the usual departments below it, and two service groups. */
export async function provisionOrg(tx: Tx, enterpriseId: number): Promise<void> {
  if ((await repo.orgRowCount(tx, 'departments', enterpriseId)) === 0) {
    await repo.insertDepartmentTree(tx, enterpriseId, (await repo.enterpriseName(tx, enterpriseId)) ?? '总部', DEFAULT_DEPARTMENTS);
  }
  if ((await repo.orgRowCount(tx, 'service_groups', enterpriseId)) === 0) await repo.insertServiceGroups(tx, enterpriseId, DEFAULT_SERVICE_GROUPS);
}

/** Where each demo role sits; everyone else sits in the root department. */
const ROLE_DEPARTMENT: Record<number, string> = { 1: '客服部', 2: '技术服务部', 5: '销售部', 6: '客服部', 7: '客服部', 8: '财务部', 9: '仓储部' };

async function placeInDepartments(tx: Tx, enterpriseId: number, people: { id: number; roles: number[] }[]): Promise<void> {
  const list = await repo.departmentsOf(tx, enterpriseId);
  const root = list.find((d) => d.parentId == null);
  for (const u of people) {
    const dept = list.find((d) => d.name === ROLE_DEPARTMENT[u.roles[0] ?? 0]) ?? root;
    if (dept) await repo.setUserDepartment(tx, enterpriseId, u.id, dept.id);
  }
}

async function fillGroups(tx: Tx, enterpriseId: number, people: { id: number; roles: number[] }[]): Promise<void> {
  const groups = await repo.serviceGroupIds(tx, enterpriseId);
  const holding = (r: number) => people.filter((u) => u.roles.includes(r)).map((u) => u.id);
  const workers = holding(2).length ? holding(2) : holding(3);
  const plans = [
    { members: workers, leader: workers[0] },
    { members: [...workers, ...holding(1)], leader: holding(1)[0] ?? workers[0] },
  ];
  for (const [i, g] of groups.slice(0, plans.length).entries()) {
    const plan = plans[i]!;
    if (plan.leader == null) continue;
    await repo.staffGroup(tx, enterpriseId, g.id, plan.leader, [...new Set([...plan.members, plan.leader])]);
  }
}

/**
 * The demo enterprise also gets an outsourcing partner with one user (mobile 13600000001, the demo password): the
 * provider's dispatcher (role 1, its /assignOrder desk) and its engineer (role 2).
 */
async function demoProvider(tx: Tx, enterpriseId: number): Promise<void> {
  await repo.insertDemoProvider(tx, enterpriseId, await repo.adminPasswordHash(tx, enterpriseId));
}

export const orgDemoStep: DemoStep = {
  name: 'org.demo',
  async run(tx, enterpriseId) {
    const people = await repo.unplacedPeople(tx, enterpriseId);
    await placeInDepartments(tx, enterpriseId, people);
    await fillGroups(tx, enterpriseId, people);
    if ((await repo.enterpriseName(tx, enterpriseId)) === DEMO_ENTERPRISES[0]?.name) {
      await demoProvider(tx, enterpriseId);
      await demoTeams(tx, enterpriseId);
    }
  },
};

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireOrgProvision(): void {
  addProvisionStep({ name: 'org.defaults', run: (tx, enterpriseId) => provisionOrg(tx, enterpriseId) });
}
