import { leadsTeam } from '../orders/index';
import { randomInt } from 'node:crypto';
import { DEFAULT_PAGE_SIZE, type Industry, PAGE_SIZES, roleName, type SessionUserInfo } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { audit } from '../../platform/audit';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto';
import { assertNewPassword } from '../../platform/passwords';
import { checkAttempt } from '../../platform/attempts';
import { AppError } from '../../platform/errors';
import { seatsExceeded } from '../../platform/guards';
import { actorOf, type UserActor } from '../../platform/actor';
import { createSession, type SessionUser } from '../../platform/session';
import type { SmsSender } from '../../platform/sms';
import * as repo from './account.repo';
import { getSetting } from '../settings/index';

export const CODE_TTL_SECONDS = 300;
export const CODE_RESEND_SECONDS = 60;
/** Wrong guesses a code survives; the next one spends it. */
export const MAX_CODE_FAILS = 3;

export type LoginOutcome =
  | { kind: 'session'; token: string; enterpriseId: number; userId: number }
  | { kind: 'choose'; ticket: string; epList: { id: number; name: string }[] };

// Unknown mobiles still cost one hash check, so the answer's timing does not tell who has an account.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

/** The accounts whose password matches; with none (or no account at all) the same work is done. */
async function passwordMatches(tx: Tx, mobile: string, password: string): Promise<repo.LoginCandidate[]> {
  const candidates = await repo.candidatesByMobile(tx, mobile);
  const matched: repo.LoginCandidate[] = [];
  for (const c of candidates) if (c.passwordHash && (await verifyPassword(c.passwordHash, password))) matched.push(c);
  if (!candidates.some((c) => c.passwordHash)) await verifyPassword(await dummy(), password);
  return matched;
}

/** A failure already counted by checkAttempt: audit it and answer. */
async function refuse(db: Db, mobile: string, ip: string, reason: string): Promise<never> {
  await audit(db, { action: 'login_failed', mobile, ip, detail: { reason } });
  throw new AppError(reason === 'code' ? 'CODE_INVALID' : 'LOGIN_FAILED');
}

async function fail(db: Db, mobile: string, ip: string, reason: string): Promise<never> {
  await repo.recordFailure(db, mobile, ip);
  return refuse(db, mobile, ip, reason);
}

/** Picks the enterprise among the accounts a proof (password or code) unlocked. */
async function finish(
  db: Db,
  mobile: string,
  ip: string,
  matched: repo.LoginCandidate[],
  enterpriseId: number | undefined,
  client: string,
  previousToken: string | undefined,
): Promise<LoginOutcome> {
  let chosen = matched.find((c) => c.enterpriseId === enterpriseId);
  if (!chosen && enterpriseId === undefined && matched.length === 1) chosen = matched[0];
  if (!chosen && enterpriseId === undefined) {
    const ticket = randomToken(24);
    await repo.storeCode(db, mobile, 'ticket', sha256(ticket), CODE_TTL_SECONDS);
    return { kind: 'choose', ticket, epList: matched.map((m) => ({ id: m.enterpriseId, name: m.enterpriseName })) };
  }
  if (!chosen) return fail(db, mobile, ip, 'enterprise');
  if (!chosen.enabled) throw new AppError('USER_DISABLED');
  const session = await db.transaction(async (tx) => {
    // The session id rotates at login: any session the browser held is dropped.
    if (previousToken) await repo.dropSession(tx, sha256(previousToken));
    return createSession(tx, { enterpriseId: chosen.enterpriseId, userId: chosen.userId, client, ip });
  });
  await audit(db, { action: 'login', enterpriseId: chosen.enterpriseId, userId: chosen.userId, mobile, ip, detail: { client } });
  return { kind: 'session', token: session.token, enterpriseId: chosen.enterpriseId, userId: chosen.userId };
}

export async function passwordLogin(
  db: Db,
  p: { mobile: string; password: string; enterpriseId?: number; ticket?: string; client: string; ip: string; previousToken?: string },
): Promise<LoginOutcome> {
  const matched = await checkAttempt(db, p, async (tx) => {
    const m = await passwordMatches(tx, p.mobile, p.password);
    return m.length > 0 ? m : null;
  });
  if (!matched) return refuse(db, p.mobile, p.ip, 'password');
  return finish(db, p.mobile, p.ip, matched, p.enterpriseId, p.client, p.previousToken);
}

export async function codeLogin(
  db: Db,
  p: { mobile: string; code?: string; ticket?: string; enterpriseId?: number; client: string; ip: string; previousToken?: string },
): Promise<LoginOutcome> {
  if (p.ticket && p.enterpriseId === undefined) throw new AppError('LOGIN_CHOOSE_ENTERPRISE');
  const proved = await checkAttempt(db, p, async (tx) => {
    if (p.ticket) return (await repo.consumeTicket(tx, p.mobile, sha256(p.ticket))) || null;
    return (!!p.code && (await repo.checkCode(tx, p.mobile, ['login'], sha256(p.code), MAX_CODE_FAILS))) || null;
  });
  if (!proved) return refuse(db, p.mobile, p.ip, 'code');
  const candidates = await repo.candidatesByMobile(db, p.mobile);
  if (candidates.length === 0) throw new AppError('LOGIN_NO_ENTERPRISE');
  return finish(db, p.mobile, p.ip, candidates, p.enterpriseId, p.client, p.previousToken);
}

export async function sendCode(db: Db, sms: SmsSender, mobile: string, purpose: string): Promise<number> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  // One at a time per mobile and purpose: parallel asks would each pass the wait and leave a live code each.
  await db.transaction(async (tx) => {
    await repo.lockCodesOf(tx, mobile, purpose);
    const last = await repo.lastCodeAt(tx, mobile, purpose);
    if (last) {
      const wait = CODE_RESEND_SECONDS - Math.floor((Date.now() - new Date(last).getTime()) / 1000);
      if (wait > 0) throw new AppError('CODE_TOO_FREQUENT', { seconds: wait });
    }
    await repo.storeCode(tx, mobile, purpose, sha256(code), CODE_TTL_SECONDS);
  });
  try {
    await sms.send(mobile, `【服务管家】您的验证码是${code}，5分钟内有效，请勿泄露给他人。`, code);
  } catch (err) {
    // Nobody received it: drop it, so asking again works at once.
    await repo.dropCode(db, mobile, purpose, sha256(code));
    throw err;
  }
  return CODE_RESEND_SECONDS;
}

/**
 * Runs `then` in the transaction that spends the mobile's SMS code of `purpose` (the login's limits on wrong codes per
 * mobile and per address): a wrong code runs nothing and answers 验证码错误或已过期; a failure in `then` keeps the code.
 */
export async function withProvedMobile<T>(db: Db, p: { mobile: string; code: string; ip: string }, purpose: string, then: (tx: Tx) => Promise<T>): Promise<T> {
  const out = await checkAttempt(db, p, async (tx) =>
    (await repo.checkCode(tx, p.mobile, [purpose], sha256(p.code), MAX_CODE_FAILS)) ? { v: await then(tx) } : null,
  );
  if (!out) {
    await audit(db, { action: 'code_failed', mobile: p.mobile, ip: p.ip, detail: { purpose } });
    throw new AppError('CODE_INVALID');
  }
  return out.v;
}

/** Sets the password of every account the mobile holds, after proving the mobile with a code. */
export async function setPasswordByCode(db: Db, p: { mobile: string; code: string; password: string; ip: string }): Promise<void> {
  assertNewPassword(p.password);
  const hashed = await hashPassword(p.password);
  const done = await checkAttempt(db, p, async (tx) => {
    if (!(await repo.checkCode(tx, p.mobile, ['password', 'login'], sha256(p.code), MAX_CODE_FAILS))) return null;
    await repo.setPasswordOfMobile(tx, p.mobile, hashed);
    return true;
  });
  if (!done) return refuse(db, p.mobile, p.ip, 'code');
  await audit(db, { action: 'password_changed', mobile: p.mobile, ip: p.ip, detail: { by: 'code' } });
}

export async function epListByTicket(db: Db, mobile: string, ticket: string): Promise<{ id: number; name: string }[]> {
  if (!(await repo.ticketAlive(db, mobile, sha256(ticket)))) throw new AppError('CODE_INVALID');
  const list = await repo.candidatesByMobile(db, mobile);
  return list.map((c) => ({ id: c.enterpriseId, name: c.enterpriseName }));
}

/** Where every list starts: the enterprise's 列表默认每页条数 (one of the page sizes every plan has). */
async function defaultPageSize(ex: Executor, ep: number): Promise<number> {
  const n = Number(await getSetting(ex, ep, 'default_page_size'));
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

export async function sessionUserInfo(ex: Executor, u: SessionUser, phone: string): Promise<SessionUserInfo> {
  return {
    name: u.name,
    id: u.id,
    mobile: u.mobile,
    enterpriseId: u.enterpriseId,
    enterpriseName: u.enterprise.name,
    avatar: u.avatar,
    sysrole: u.sysrole,
    roleName: u.sysrole == null ? '' : roleName(u.sysrole),
    allRoles: u.allRoles.map((r) => ({ type: r, role_name: roleName(r), roleName: roleName(r) })),
    admin: u.admin,
    isChargeUser: u.enterprise.isChargeUser,
    tryoutType: u.enterprise.tryoutType,
    cropId: u.enterprise.cropId,
    powers: u.powers,
    epServiceExpireTime: u.enterprise.epServiceExpireTime,
    sale_channels: u.enterprise.saleChannels,
    csrfToken: u.csrfToken,
    deptId: u.deptId,
    userType: u.userType,
    seatsExceeded: await seatsExceeded(ex, actorOf(u)),
    versionMessage: u.enterprise.versionMessage,
    customServicePhone: phone,
    leadsTeam: await leadsTeam(ex, u.enterpriseId, u.id),
    defaultPageSize: await defaultPageSize(ex, u.enterpriseId),
  };
}

export async function changeRole(db: Db, u: UserActor, role: number): Promise<void> {
  if (!u.roles.includes(role)) throw new AppError('ROLE_NOT_OWNED');
  await repo.setSysrole(db, u.enterpriseId, u.id, role);
  await audit(db, { action: 'role_changed', enterpriseId: u.enterpriseId, userId: u.id, detail: { role } });
}

export const TRIAL_DAYS = 15;

/** Registers a trial enterprise with its administrator; provisioning continues in the background. */
export async function registerEnterprise(
  db: Db,
  p: { enterpriseName: string; industry: Industry; name: string; mobile: string; code: string; password: string; ip: string },
): Promise<{ enterpriseId: number; userId: number }> {
  assertNewPassword(p.password);
  const hashed = await hashPassword(p.password);
  // The code is checked inside the transaction but a wrong one must still count: answer null, commit, then refuse.
  const made = await db.transaction(async (tx) => {
    if (!(await repo.checkCode(tx, p.mobile, ['register', 'login'], sha256(p.code), MAX_CODE_FAILS))) return null;
    const ids = await repo.insertTrialEnterprise(tx, { ...p, passwordHash: hashed }, TRIAL_DAYS);
    if (!ids) throw new AppError('INTERNAL');
    return ids;
  });
  if (!made) throw new AppError('CODE_INVALID');
  return made;
}
