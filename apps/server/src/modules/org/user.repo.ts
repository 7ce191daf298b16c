import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { affected, rows } from '../../db/client';
import { serviceGroupMembers, serviceGroups, serviceProviders, sessions, users } from '../../db/schema/index';

export type UserRecord = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'enterpriseId' | 'id'>;
export type UserChanges = Partial<
  Pick<UserRecord, 'name' | 'avatar' | 'email' | 'mobile' | 'deptId' | 'roles' | 'sysrole' | 'admin' | 'jobNumber' | 'userType' | 'providerId' | 'passwordHash'>
>;

/** A user that is not deleted, or null. */
export async function findLive(ex: Executor, enterpriseId: number, id: number): Promise<UserRecord | null> {
  const [u] = await ex
    .select()
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id), isNull(users.deletedAt)));
  return u ?? null;
}

export async function insert(ex: Executor, enterpriseId: number, v: NewUser): Promise<number> {
  const [r] = await ex
    .insert(users)
    .values({ ...v, enterpriseId })
    .returning({ id: users.id });
  return r!.id;
}

export async function update(ex: Executor, enterpriseId: number, id: number, v: UserChanges): Promise<void> {
  const set = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  if (Object.keys(set).length === 0) return;
  await ex
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id), isNull(users.deletedAt)));
}

/** Compare-and-set of the enabled flag; false when someone else changed it first. */
export async function setEnabled(ex: Executor, enterpriseId: number, id: number, enabled: boolean): Promise<boolean> {
  const n = await affected(
    ex,
    sql`update users set enabled = ${enabled}, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id} and enabled = ${!enabled} and deleted_at is null`,
  );
  return n === 1;
}

/** Soft delete (compare-and-set on deleted_at); the user leaves their groups and group leaderships. */
export async function softDelete(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const n = await affected(
    ex,
    sql`update users set deleted_at = now(), enabled = false, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id} and deleted_at is null`,
  );
  if (n !== 1) return false;
  await ex.delete(serviceGroupMembers).where(and(eq(serviceGroupMembers.enterpriseId, enterpriseId), eq(serviceGroupMembers.userId, id)));
  await ex
    .update(serviceGroups)
    .set({ leaderId: null })
    .where(and(eq(serviceGroups.enterpriseId, enterpriseId), eq(serviceGroups.leaderId, id)));
  return true;
}

/** Ends a user's sessions, optionally keeping the one making the request. */
export async function endSessions(ex: Executor, enterpriseId: number, userId: number, keepSessionId?: string): Promise<void> {
  const conds = [eq(sessions.enterpriseId, enterpriseId), eq(sessions.userId, userId)];
  if (keepSessionId) conds.push(ne(sessions.id, keepSessionId));
  await ex.delete(sessions).where(and(...conds));
}

/** Enabled, non-deleted users holding role 3 (who can manage the organisation), other than `exceptId`. */
export async function otherAdmins(ex: Executor, enterpriseId: number, exceptId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId} and id <> ${exceptId}
      and enabled and deleted_at is null and roles @> array[3]::smallint[]`,
  );
  return r?.n ?? 0;
}

/**
 * The provider a user is put under, held FOR SHARE until the user's write commits: a disable of the provider (which
 * disables its users) waits for it, and a user write that waited for a disable's commit reads the provider disabled.
 */
export async function provider(tx: Tx, enterpriseId: number, id: number): Promise<{ enabled: boolean } | null> {
  const [p] = await tx
    .select({ enabled: serviceProviders.enabled })
    .from(serviceProviders)
    .where(and(eq(serviceProviders.enterpriseId, enterpriseId), eq(serviceProviders.id, id)))
    .for('share');
  return p ?? null;
}

/** Whether the user is one of the enterprise's (deleted or not). */
export async function existsInEnterprise(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [u] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)));
  return !!u;
}

/** Whether the user is enabled and when he was deleted, or null when he is not the enterprise's. */
export async function userState(ex: Executor, enterpriseId: number, id: number): Promise<Pick<UserRecord, 'enabled' | 'deletedAt'> | null> {
  const [u] = await ex
    .select({ enabled: users.enabled, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, id)));
  return u ?? null;
}

/** The id of the live user of the enterprise with this mobile, or null. */
export async function liveIdByMobile(ex: Executor, enterpriseId: number, mobile: string): Promise<number | null> {
  const [u] = await ex
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.mobile, mobile), isNull(users.deletedAt)));
  return u?.id ?? null;
}
