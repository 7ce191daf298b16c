// Logins of the customer portal (docs/portal.md): mobile + password, or a one-time link sent by SMS.
import { PORTAL_LINK_MINUTES, PORTAL_LINK_PATH } from '@sk/shared';
import type { Db } from '../../db/client';
import { audit } from '../../platform/audit';
import { checkAttempt } from '../../platform/attempts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { assertNewPassword } from '../../platform/passwords';
import { createPortalSession, type PortalSession } from '../../platform/portal-session';
import { type SmsSender, sendLinkText } from '../../platform/sms';
import {
  type Candidate,
  candidateOf,
  candidates,
  dropOtherSessions,
  dropLoginToken,
  dropSession,
  insertLoginToken,
  linkSentWithin,
  lockAccountLinks,
  passwordHashOf,
  setPasswordHash,
  spendLoginToken,
  touchLogin,
} from './auth.repo';

/** A new link for the same mobile waits this long (as an SMS code does). */
export const LINK_RESEND_SECONDS = 60;

// An unknown mobile still costs one hash check, so timing does not tell who has an account.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};

export type PortalLogin = { kind: 'session'; token: string } | { kind: 'choose'; epList: { id: number; name: string }[] };

async function open(db: Db, c: Candidate, ip: string, previousToken: string | undefined, how: string): Promise<string> {
  if (!c.enabled) throw new AppError('PORTAL_DISABLED');
  const s = await db.transaction(async (tx) => {
    // The session id rotates at login: a portal session the browser held is dropped.
    if (previousToken) await dropSession(tx, sha256(previousToken));
    await touchLogin(tx, c);
    return createPortalSession(tx, { enterpriseId: c.enterprise_id, accountId: c.id, customerId: c.customer_id, ip });
  });
  await audit(db, { action: 'portal_login', enterpriseId: c.enterprise_id, ip, detail: { accountId: c.id, how } });
  return s.token;
}

/**
 * Mobile + password, limited as the staff login is (platform/attempts.ts: the same per-mobile and per-address
 * counters). A mobile with accounts in several enterprises whose password matches picks one.
 */
export async function portalPasswordLogin(
  db: Db,
  p: { mobile: string; password: string; enterpriseId?: number | null; ip: string; previousToken?: string },
): Promise<PortalLogin> {
  const matched = await checkAttempt(db, p, async (tx) => {
    const list = await candidates(tx, p.mobile);
    const ok: Candidate[] = [];
    for (const c of list) if (await verifyPassword(c.password_hash, p.password)) ok.push(c);
    if (list.length === 0) await verifyPassword(await dummy(), p.password);
    return ok.length > 0 ? ok : null;
  });
  if (!matched) {
    await audit(db, { action: 'portal_login_failed', mobile: p.mobile, ip: p.ip, detail: { reason: 'password' } });
    throw new AppError('LOGIN_FAILED');
  }
  const chosen = p.enterpriseId ? matched.find((c) => c.enterprise_id === p.enterpriseId) : matched.length === 1 ? matched[0] : undefined;
  if (!chosen) {
    if (p.enterpriseId) throw new AppError('LOGIN_FAILED');
    return { kind: 'choose', epList: matched.map((c) => ({ id: c.enterprise_id, name: c.enterprise_name })) };
  }
  return { kind: 'session', token: await open(db, chosen, p.ip, p.previousToken, 'password') };
}

/**
 * Sends each enabled account of the mobile a one-time login link (random 32 bytes, kept only as its sha256, valid
 * PORTAL_LINK_MINUTES, single use). Answers the same whether or not the mobile has an account.
 */
export async function sendLoginLink(db: Db, sms: SmsSender, mobile: string, origin: string): Promise<number> {
  const list = (await candidates(db, mobile)).filter((c) => c.enabled);
  for (const c of list) {
    const token = randomToken();
    const made = await db.transaction(async (tx) => {
      // One queue per account: of two requests at once, the second finds the first's link and sends nothing.
      await lockAccountLinks(tx, c.id);
      // Too soon after the last link: nothing is sent, and the answer is the same (it tells no one the account exists).
      if (await linkSentWithin(tx, c, LINK_RESEND_SECONDS)) return false;
      await insertLoginToken(tx, c, sha256(token), PORTAL_LINK_MINUTES);
      return true;
    });
    if (!made) continue;
    const url = `${origin}${PORTAL_LINK_PATH}?token=${token}`;
    const text = `【${c.enterprise_name}】您的服务门户登录链接：${url} ，${PORTAL_LINK_MINUTES}分钟内有效，仅可使用一次。`;
    // Sent after commit (a slow gateway holds no connection); a failed send drops the link, so asking again works at once.
    await sendLinkText(db, sms, { mobile, text, token }, { undo: (ex) => dropLoginToken(ex, c, sha256(token)) });
  }
  return LINK_RESEND_SECONDS;
}

/** Spends a link: one guarded update, so of two uses (or two at once) only the first logs in. */
export async function linkLogin(db: Db, token: string, ip: string, previousToken: string | undefined): Promise<string> {
  const k = await spendLoginToken(db, sha256(token));
  if (!k) {
    await audit(db, { action: 'portal_login_failed', ip, detail: { reason: 'link' } });
    throw new AppError('PORTAL_LINK_INVALID');
  }
  const c = await candidateOf(db, k.enterprise_id, k.account_id);
  if (!c) throw new AppError('PORTAL_LINK_INVALID');
  return open(db, c, ip, previousToken, 'link');
}

/**
 * The customer changes his own password: the staff rules (platform/passwords.ts); a wrong old password counts as a wrong
 * login of his mobile (the same limit, then 密码错误次数过多); every other portal session of the account ends.
 */
export async function changePortalPassword(db: Db, p: PortalSession, oldPassword: string, newPassword: string, ip: string): Promise<void> {
  assertNewPassword(newPassword);
  const proved = await checkAttempt(
    db,
    { mobile: p.mobile, ip },
    async (tx) => {
      const hash = await passwordHashOf(tx, p.enterpriseId, p.accountId);
      return hash && (await verifyPassword(hash, oldPassword)) ? true : null;
    },
    'PASSWORD_LOCKED',
  );
  if (!proved) throw new AppError('PASSWORD_OLD_WRONG');
  const hash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, p.enterpriseId, p.accountId, hash);
    await dropOtherSessions(tx, p.enterpriseId, p.accountId, p.sessionId);
  });
  await audit(db, { action: 'portal_password_changed', enterpriseId: p.enterpriseId, ip, detail: { accountId: p.accountId } });
}
