import { DEFAULT_DEPARTMENTS, DEFAULT_SERVICE_GROUPS } from '@sk/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { departments, enterprises, serviceGroupMembers, serviceGroups, serviceProviderContacts, serviceProviders, users } from '../../db/schema/index';
import { type DemoStep, DEMO_ENTERPRISES } from '../../db/demo.data';
import { addProvisionStep } from '../../platform/provision';
import { demoTeams } from './org.demo';
import { adminPasswordHash, orgRowCount } from './provision.repo';

/** A root department named after the enterprise with the usual departments below it, and two service groups. */
export async function provisionOrg(tx: Tx, enterpriseId: number): Promise<void> {
  if ((await orgRowCount(tx, 'departments', enterpriseId)) === 0) {
    const [e] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
    const [root] = await tx
      .insert(departments)
      .values({ enterpriseId, name: e?.name ?? '总部', parentId: null, sort: 0 })
      .returning({ id: departments.id });
    await tx.insert(departments).values(DEFAULT_DEPARTMENTS.map((name, i) => ({ enterpriseId, name, parentId: root!.id, sort: i + 1 })));
  }
  if ((await orgRowCount(tx, 'service_groups', enterpriseId)) === 0) {
    await tx.insert(serviceGroups).values(DEFAULT_SERVICE_GROUPS.map((g) => ({ enterpriseId, name: g.name, type: g.type })));
  }
}

/** Where each demo role sits; everyone else sits in the root department. */
const ROLE_DEPARTMENT: Record<number, string> = { 1: '客服部', 2: '技术服务部', 5: '销售部', 6: '客服部', 7: '客服部', 8: '财务部', 9: '仓储部' };

async function placeInDepartments(tx: Tx, enterpriseId: number, people: { id: number; roles: number[] }[]): Promise<void> {
  const list = await tx.select().from(departments).where(eq(departments.enterpriseId, enterpriseId));
  const root = list.find((d) => d.parentId == null);
  for (const u of people) {
    const dept = list.find((d) => d.name === ROLE_DEPARTMENT[u.roles[0] ?? 0]) ?? root;
    if (dept)
      await tx
        .update(users)
        .set({ deptId: dept.id })
        .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, u.id)));
  }
}

async function fillGroups(tx: Tx, enterpriseId: number, people: { id: number; roles: number[] }[]): Promise<void> {
  const groups = await tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.enterpriseId, enterpriseId)).orderBy(serviceGroups.id);
  const holding = (r: number) => people.filter((u) => u.roles.includes(r)).map((u) => u.id);
  const workers = holding(2).length ? holding(2) : holding(3);
  const plans = [
    { members: workers, leader: workers[0] },
    { members: [...workers, ...holding(1)], leader: holding(1)[0] ?? workers[0] },
  ];
  for (const [i, g] of groups.slice(0, plans.length).entries()) {
    const plan = plans[i]!;
    if (plan.leader == null) continue;
    await tx
      .update(serviceGroups)
      .set({ leaderId: plan.leader })
      .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.id, g.id)));
    const ids = [...new Set([...plan.members, plan.leader])];
    await tx
      .insert(serviceGroupMembers)
      .values(ids.map((userId) => ({ enterpriseId, groupId: g.id, userId })))
      .onConflictDoNothing();
  }
}

/**
 * The demo enterprise also gets an outsourcing partner with one user (mobile 13600000001, the demo password): the
 * provider's dispatcher (role 1, its /assignOrder desk) and its engineer (role 2).
 */
async function demoProvider(tx: Tx, enterpriseId: number): Promise<void> {
  const adminHash = await adminPasswordHash(tx, enterpriseId);
  const [p] = await tx
    .insert(serviceProviders)
    .values({
      enterpriseId,
      name: '华东联保服务有限公司',
      partnerType: 1,
      linkman: '陈经理',
      phone: '021-60000001',
      serviceArea: '上海、江苏、浙江',
      regionCodes: ['31', '3201', '3205', '3301'],
      productLines: ['暖通空调', '净水设备'],
      bankName: '中国工商银行上海市分行营业部',
      bankAccountName: '华东联保服务有限公司',
      bankAccount: '1001244309006543210',
    })
    .onConflictDoNothing()
    .returning({ id: serviceProviders.id });
  if (!p) return;
  await tx.insert(serviceProviderContacts).values([
    { enterpriseId, providerId: p.id, name: '陈经理', phone: '021-60000001', position: '总经理', isPrimary: true, sort: 0 },
    { enterpriseId, providerId: p.id, name: '周调度', phone: '13611110001', position: '调度主管', isPrimary: false, sort: 1 },
    { enterpriseId, providerId: p.id, name: '吴会计', phone: '021-60000002', position: '财务', isPrimary: false, sort: 2 },
  ]);
  const [u] = await tx
    .insert(users)
    .values({
      enterpriseId,
      mobile: '13600000001',
      name: '陈外包',
      roles: [1, 2],
      sysrole: 1,
      userType: 1,
      providerId: p.id,
      passwordHash: adminHash,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const [team] = await tx
    .insert(serviceGroups)
    .values({ enterpriseId, name: '外包服务团队', type: 2, leaderId: u?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: serviceGroups.id });
  if (team && u) await tx.insert(serviceGroupMembers).values({ enterpriseId, groupId: team.id, userId: u.id });
}

export const orgDemoStep: DemoStep = {
  name: 'org.demo',
  async run(tx, enterpriseId) {
    const people = (
      await tx
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(and(eq(users.enterpriseId, enterpriseId), isNull(users.deptId), isNull(users.deletedAt)))
    ).map((u) => ({ id: u.id, roles: u.roles.map(Number) }));
    await placeInDepartments(tx, enterpriseId, people);
    await fillGroups(tx, enterpriseId, people);
    const [e] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
    if (e?.name === DEMO_ENTERPRISES[0]?.name) {
      await demoProvider(tx, enterpriseId);
      await demoTeams(tx, enterpriseId);
    }
  },
};

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireOrgProvision(): void {
  addProvisionStep({ name: 'org.defaults', run: (tx, enterpriseId) => provisionOrg(tx, enterpriseId) });
}
