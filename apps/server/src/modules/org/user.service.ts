import { OUTSOURCED_USER, STAFF_USER, type UserDetail } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import { audit } from '../../platform/audit';
import { checkAttempt } from '../../platform/attempts';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { assertNewPassword } from '../../platform/passwords';
import { AppError, invalid } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import type { SessionUser } from '../../platform/session';
import * as depts from './dept.repo';
import { isUniqueViolation, lockEnterprise } from './org.common';
import { assertSeatFree, refreshSeats } from './seats';
import * as q from './user.list.repo';
import * as repo from './user.repo';

export interface UserInput {
  mobile?: string;
  name?: string;
  deptId?: number | null;
  roles?: number[];
  admin?: boolean;
  email?: string | null;
  jobNumber?: string | null;
  avatar?: string | null;
  userType?: number;
  providerId?: number | null;
  password?: string;
}

async function hashIfGiven(pw: string | undefined): Promise<string | undefined> {
  if (pw === undefined || pw === '') return undefined;
  assertNewPassword(pw);
  return hashPassword(pw);
}

async function mobileSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MOBILE_TAKEN');
    throw err;
  }
}

async function checkDept(tx: Tx, enterpriseId: number, deptId: number | null | undefined): Promise<void> {
  if (deptId != null && !(await depts.find(tx, enterpriseId, deptId))) throw new AppError('NOT_FOUND');
}

async function checkProvider(tx: Tx, enterpriseId: number, providerId: number | null | undefined): Promise<void> {
  if (providerId == null) throw invalid('服务商：外包人员需选择所属服务商');
  const p = await repo.provider(tx, enterpriseId, providerId);
  if (!p) throw new AppError('NOT_FOUND');
  if (!p.enabled) throw new AppError('PROVIDER_DISABLED');
}

async function checkMobileFree(tx: Tx, enterpriseId: number, mobile: string, exceptId = 0): Promise<void> {
  const id = await repo.liveIdByMobile(tx, enterpriseId, mobile);
  if (id != null && id !== exceptId) throw new AppError('MOBILE_TAKEN');
}

/** Refuses a change that would leave nobody enabled who holds role 3 (and so can manage the organisation). */
async function keepAnAdmin(tx: Tx, enterpriseId: number, target: repo.UserRecord): Promise<void> {
  if (!target.enabled || !target.roles.includes(3)) return;
  if ((await repo.otherAdmins(tx, enterpriseId, target.id)) === 0) throw new AppError('LAST_ADMIN');
}

export async function createUser(db: Db, enterpriseId: number, v: UserInput & { mobile: string; name: string; roles: number[] }): Promise<number> {
  const passwordHash = await hashIfGiven(v.password);
  const userType = v.userType ?? STAFF_USER;
  return mobileSafe(() =>
    db.transaction(async (tx) => {
      await lockEnterprise(tx, enterpriseId);
      await checkDept(tx, enterpriseId, v.deptId);
      if (userType === OUTSOURCED_USER) await checkProvider(tx, enterpriseId, v.providerId);
      await checkMobileFree(tx, enterpriseId, v.mobile);
      if (userType === STAFF_USER) await assertSeatFree(tx, enterpriseId);
      const id = await repo.insert(tx, enterpriseId, {
        mobile: v.mobile,
        name: v.name,
        deptId: v.deptId ?? null,
        roles: v.roles,
        sysrole: v.roles[0] ?? null,
        admin: v.admin ?? false,
        email: v.email || null,
        jobNumber: v.jobNumber || null,
        avatar: v.avatar || null,
        userType,
        providerId: userType === OUTSOURCED_USER ? v.providerId : null,
        passwordHash: passwordHash ?? null,
      });
      await refreshSeats(tx, enterpriseId);
      return id;
    }),
  );
}

/** The caller's own profile: name, avatar and email only. */
export async function updateSelf(db: Db, me: Actor, v: UserInput): Promise<void> {
  const others = (['mobile', 'deptId', 'roles', 'admin', 'jobNumber', 'userType', 'providerId', 'password'] as const).filter((k) => v[k] !== undefined);
  if (others.length) throw invalid('修改个人资料只能修改姓名、头像和邮箱');
  await repo.update(db, me.enterpriseId, me.id, { name: v.name, avatar: v.avatar, email: v.email });
}

/** An administrator edits another (or their own) account; a reset of his own password keeps `ownSessionId` (his session). */
export async function adminUpdate(db: Db, actor: Actor, id: number, v: UserInput, ownSessionId: string): Promise<void> {
  const ep = actor.enterpriseId;
  const passwordHash = await hashIfGiven(v.password);
  await mobileSafe(() =>
    db.transaction(async (tx) => {
      await lockEnterprise(tx, ep);
      const target = await repo.findLive(tx, ep, id);
      if (!target) throw new AppError('NOT_FOUND');
      const userType = v.userType ?? target.userType;
      const providerId = userType === STAFF_USER ? null : v.providerId !== undefined ? v.providerId : target.providerId;
      await checkDept(tx, ep, v.deptId);
      if (userType === OUTSOURCED_USER && (v.providerId !== undefined || v.userType !== undefined)) await checkProvider(tx, ep, providerId);
      if (v.mobile && v.mobile !== target.mobile) await checkMobileFree(tx, ep, v.mobile, id);
      if (v.roles && !v.roles.includes(3)) await keepAnAdmin(tx, ep, target);
      if (userType === STAFF_USER && target.userType !== STAFF_USER && target.enabled) await assertSeatFree(tx, ep);
      const sysrole = v.roles ? (target.sysrole != null && v.roles.includes(target.sysrole) ? target.sysrole : (v.roles[0] ?? null)) : undefined;
      await repo.update(tx, ep, id, {
        name: v.name,
        mobile: v.mobile,
        deptId: v.deptId,
        roles: v.roles,
        sysrole,
        admin: v.admin,
        email: v.email,
        jobNumber: v.jobNumber,
        avatar: v.avatar,
        userType,
        providerId,
        passwordHash,
      });
      // A reset password ends the user's other sessions.
      if (passwordHash) await repo.endSessions(tx, ep, id, actor.id === id ? ownSessionId : undefined);
      await refreshSeats(tx, ep);
    }),
  );
}

export async function setEnabled(db: Db, actor: Actor, id: number, enabled: boolean): Promise<void> {
  const ep = actor.enterpriseId;
  if (id === actor.id && !enabled) throw new AppError('SELF_DELETE');
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, ep);
    const target = await repo.findLive(tx, ep, id);
    if (!target) throw new AppError('NOT_FOUND');
    if (target.enabled === enabled) return;
    if (enabled && target.userType === STAFF_USER) await assertSeatFree(tx, ep);
    if (enabled && target.userType === OUTSOURCED_USER && target.providerId != null) await checkProvider(tx, ep, target.providerId);
    if (!enabled) await keepAnAdmin(tx, ep, target);
    if (!(await repo.setEnabled(tx, ep, id, enabled))) throw new AppError('CONFLICT');
    if (!enabled) await repo.endSessions(tx, ep, id);
    await refreshSeats(tx, ep);
  });
}

export async function remove(db: Db, actor: Actor, id: number): Promise<void> {
  const ep = actor.enterpriseId;
  if (id === actor.id) throw new AppError('SELF_DELETE');
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, ep);
    const target = await repo.findLive(tx, ep, id);
    if (!target) throw new AppError('NOT_FOUND');
    await keepAnAdmin(tx, ep, target);
    if (!(await repo.softDelete(tx, ep, id))) throw new AppError('CONFLICT');
    await repo.endSessions(tx, ep, id);
    await refreshSeats(tx, ep);
  });
}

/** Changes the caller's own password; the caller's other sessions end (the session is the subject: it takes the session user). */
export async function changePassword(db: Db, me: SessionUser, oldPassword: string | undefined, newPassword: string, ip: string): Promise<void> {
  const current = await repo.findLive(db, me.enterpriseId, me.id);
  if (!current) throw new AppError('NOT_FOUND');
  assertNewPassword(newPassword);
  // Wrong old passwords count like wrong logins (same mobile, same limit), so a stolen session cannot guess it.
  // A user who only ever logged in by code has no password yet and sets the first one here.
  const proved = await checkAttempt(
    db,
    { mobile: me.mobile, ip },
    async () => !current.passwordHash || (await verifyPassword(current.passwordHash, oldPassword ?? '')) || null,
    'PASSWORD_LOCKED',
  );
  if (!proved) throw new AppError('PASSWORD_OLD_WRONG');
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.update(tx, me.enterpriseId, me.id, { passwordHash });
    await repo.endSessions(tx, me.enterpriseId, me.id, me.sessionId);
  });
  await audit(db, { action: 'password_changed', enterpriseId: me.enterpriseId, userId: me.id, ip, detail: { by: 'password' } });
}

export async function detail(db: Db, me: Actor, id: number | undefined): Promise<UserDetail> {
  const userId = id ?? me.id;
  const u = await q.userById(db, me.enterpriseId, me.timeZone, userId);
  if (!u) throw new AppError('NOT_FOUND');
  const deptPath = u.deptId == null ? [] : await depts.ancestorIds(db, me.enterpriseId, u.deptId);
  return { ...u, deptPath, groups: await q.groupsOfUser(db, me.enterpriseId, userId) };
}
