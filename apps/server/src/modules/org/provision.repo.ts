// The statements of the org's provisioning and demo step (org.provision.ts): default departments and teams, the demo
// people's places and the demo outsourcing partner.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { departments, enterprises, serviceGroupMembers, serviceGroups, serviceProviderContacts, serviceProviders, users } from '../../db/schema/index';

/** The count of an enterprise's departments or service groups. */
export async function orgRowCount(tx: Tx, table: 'departments' | 'service_groups', enterpriseId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${enterpriseId}`);
  return r?.n ?? 0;
}

export async function enterpriseName(tx: Tx, enterpriseId: number): Promise<string | null> {
  const [e] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  return e?.name ?? null;
}

/** A root department and the named departments below it, in order. */
export async function insertDepartmentTree(tx: Tx, enterpriseId: number, rootName: string, names: readonly string[]): Promise<void> {
  const [root] = await tx.insert(departments).values({ enterpriseId, name: rootName, parentId: null, sort: 0 }).returning({ id: departments.id });
  await tx.insert(departments).values(names.map((name, i) => ({ enterpriseId, name, parentId: root!.id, sort: i + 1 })));
}

export async function insertServiceGroups(tx: Tx, enterpriseId: number, groups: readonly { name: string; type: number }[]): Promise<void> {
  await tx.insert(serviceGroups).values(groups.map((g) => ({ enterpriseId, name: g.name, type: g.type })));
}

/** The live users without a department, with their roles. */
export async function unplacedPeople(tx: Tx, enterpriseId: number): Promise<{ id: number; roles: number[] }[]> {
  const found = await tx
    .select({ id: users.id, roles: users.roles })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), isNull(users.deptId), isNull(users.deletedAt)));
  return found.map((u) => ({ id: u.id, roles: u.roles.map(Number) }));
}

export function departmentsOf(tx: Tx, enterpriseId: number) {
  return tx.select().from(departments).where(eq(departments.enterpriseId, enterpriseId));
}

export async function setUserDepartment(tx: Tx, enterpriseId: number, userId: number, deptId: number): Promise<void> {
  await tx
    .update(users)
    .set({ deptId })
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
}

export function serviceGroupIds(tx: Tx, enterpriseId: number) {
  return tx.select({ id: serviceGroups.id }).from(serviceGroups).where(eq(serviceGroups.enterpriseId, enterpriseId)).orderBy(serviceGroups.id);
}

/** Sets a team's leader and adds the members (those already in stay). */
export async function staffGroup(tx: Tx, enterpriseId: number, groupId: number, leaderId: number, memberIds: number[]): Promise<void> {
  await tx
    .update(serviceGroups)
    .set({ leaderId })
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.id, groupId)));
  await tx
    .insert(serviceGroupMembers)
    .values(memberIds.map((userId) => ({ enterpriseId, groupId, userId })))
    .onConflictDoNothing();
}

/** The password hash of an administrator (role 3) of the enterprise, for the demo's provider user. */
export async function adminPasswordHash(tx: Tx, enterpriseId: number): Promise<string | null> {
  const [admin] = await tx
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), isNull(users.deletedAt), sql`${users.roles} @> array[3]::smallint[]`));
  return admin?.hash ?? null;
}

/**
 * The demo's outsourcing partner with its contacts, its one user (mobile 13600000001, `passwordHash`) and its team;
 * nothing when the partner is there already.
 */
export async function insertDemoProvider(tx: Tx, enterpriseId: number, passwordHash: string | null): Promise<void> {
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
    .values({ enterpriseId, mobile: '13600000001', name: '陈外包', roles: [1, 2], sysrole: 1, userType: 1, providerId: p.id, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const [team] = await tx
    .insert(serviceGroups)
    .values({ enterpriseId, name: '外包服务团队', type: 2, leaderId: u?.id ?? null })
    .onConflictDoNothing()
    .returning({ id: serviceGroups.id });
  if (team && u) await tx.insert(serviceGroupMembers).values({ enterpriseId, groupId: team.id, userId: u.id });
}
