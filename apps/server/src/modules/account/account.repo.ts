import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { affected } from '../../db/client';
import { enterprises, loginAttempts, smsCodes, users } from '../../db/schema/index';

export interface LoginCandidate {
  userId: number;
  enterpriseId: number;
  enterpriseName: string;
  passwordHash: string | null;
  enabled: boolean;
}

/** Every account a mobile holds, across enterprises. */
export function candidatesByMobile(ex: Executor, mobile: string): Promise<LoginCandidate[]> {
  return ex
    .select({
      userId: users.id,
      enterpriseId: users.enterpriseId,
      enterpriseName: enterprises.name,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
    })
    .from(users)
    .innerJoin(enterprises, eq(enterprises.id, users.enterpriseId))
    .where(and(eq(users.mobile, mobile), isNull(users.deletedAt)))
    .orderBy(users.enterpriseId);
}

export async function recordFailure(ex: Executor, mobile: string, ip: string): Promise<void> {
  await ex.insert(loginAttempts).values({ mobile, ip });
}

/** Serialises the codes of one mobile and purpose for the transaction (an advisory lock: there may be no row yet). */
export const lockCodesOf = (ex: Executor, mobile: string, purpose: string) =>
  ex.execute(sql`select pg_advisory_xact_lock(7312, hashtext(${mobile} || ':' || ${purpose}))`);

export async function lastCodeAt(ex: Executor, mobile: string, purpose: string): Promise<string | null> {
  const [r] = await ex
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return r?.at ?? null;
}

/** Removes a code whose text was never delivered (so asking again need not wait). */
export async function dropCode(ex: Executor, mobile: string, purpose: string, codeHash: string): Promise<void> {
  await ex.delete(smsCodes).where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), eq(smsCodes.codeHash, codeHash)));
}

export async function storeCode(ex: Executor, mobile: string, purpose: string, codeHash: string, ttlSeconds: number): Promise<void> {
  await ex.insert(smsCodes).values({
    mobile,
    purpose,
    codeHash,
    expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval` as never,
  });
}

/**
 * Checks an SMS code against the mobile's live codes of these purposes, in the caller's transaction.
 * The live codes are row-locked, so concurrent guesses queue: a match spends that code; a miss counts
 * against every live code, and a code that has taken `maxFails` wrong guesses is spent.
 */
export async function checkCode(tx: Tx, mobile: string, purposes: string[], codeHash: string, maxFails: number): Promise<boolean> {
  const live = await tx
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), inArray(smsCodes.purpose, purposes), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
    .orderBy(desc(smsCodes.id))
    .for('update');
  const hit = live.find((c) => c.codeHash === codeHash);
  if (hit) {
    await tx.update(smsCodes).set({ usedAt: sql`now()` }).where(eq(smsCodes.id, hit.id));
    return true;
  }
  if (live.length > 0) {
    await tx
      .update(smsCodes)
      .set({ fails: sql`${smsCodes.fails} + 1`, usedAt: sql`case when ${smsCodes.fails} + 1 >= ${maxFails} then now() end` })
      .where(
        inArray(
          smsCodes.id,
          live.map((c) => c.id),
        ),
      );
  }
  return false;
}

/** Spends a live choose-enterprise ticket; true only for the one caller that wins. */
export async function consumeTicket(ex: Executor, mobile: string, ticketHash: string): Promise<boolean> {
  const n = await affected(
    ex,
    sql`update sms_codes set used_at = now()
        where id = (select id from sms_codes where mobile = ${mobile} and code_hash = ${ticketHash} and purpose = 'ticket'
                    and used_at is null and expires_at > now() order by id desc limit 1)
        and used_at is null`,
  );
  return n === 1;
}

/** A ticket is readable (epList) until it is consumed by the final login. */
export async function ticketAlive(ex: Executor, mobile: string, codeHash: string): Promise<boolean> {
  const [r] = await ex
    .select({ id: smsCodes.id })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.mobile, mobile),
        eq(smsCodes.purpose, 'ticket'),
        eq(smsCodes.codeHash, codeHash),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return !!r;
}

/** Drops a session by its token's hash (the login rotates the id). */
export async function dropSession(ex: Executor, tokenHash: string): Promise<void> {
  await ex.execute(sql`delete from sessions where id = ${tokenHash}`);
}

/** Sets the password of every account the mobile holds. */
export async function setPasswordOfMobile(ex: Executor, mobile: string, passwordHash: string): Promise<void> {
  await ex.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.mobile, mobile));
}

export async function setSysrole(ex: Executor, enterpriseId: number, userId: number, role: number): Promise<void> {
  await ex
    .update(users)
    .set({ sysrole: role })
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
}

/** A trial enterprise whose service expires after `trialDays`, with its administrator; null when an insert returned nothing. */
export async function insertTrialEnterprise(
  tx: Tx,
  p: { enterpriseName: string; industry: string; name: string; mobile: string; passwordHash: string },
  trialDays: number,
): Promise<{ enterpriseId: number; userId: number } | null> {
  const [ep] = await tx
    .insert(enterprises)
    .values({
      name: p.enterpriseName,
      isChargeUser: 2,
      tryoutType: 1,
      packageName: '试用版',
      buyPersonNum: 10,
      industry: p.industry,
      setupProgress: 0,
      epServiceExpireTime: sql`now() + ${`${trialDays} days`}::interval` as never,
    })
    .returning({ id: enterprises.id });
  if (!ep) return null;
  const [user] = await tx
    .insert(users)
    .values({ enterpriseId: ep.id, mobile: p.mobile, name: p.name, roles: [3, 1, 2], sysrole: 3, admin: true, passwordHash: p.passwordHash })
    .returning({ id: users.id });
  return user ? { enterpriseId: ep.id, userId: user.id } : null;
}

/** The enterprise's provisioning progress (0…100); 100 when the enterprise is not found. */
export async function setupProgress(ex: Executor, enterpriseId: number): Promise<number> {
  const [e] = await ex.select({ p: enterprises.setupProgress }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  return e?.p ?? 100;
}

export async function setPcVersion(ex: Executor, enterpriseId: number, userId: number, pcVersion: number): Promise<void> {
  await ex
    .update(users)
    .set({ pcVersion })
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
}

export async function noviceGuideDone(ex: Executor, enterpriseId: number, userId: number): Promise<boolean> {
  const [u] = await ex
    .select({ done: users.noviceGuideDone })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
  return !!u?.done;
}

export async function finishNoviceGuide(ex: Executor, enterpriseId: number, userId: number): Promise<void> {
  await ex
    .update(users)
    .set({ noviceGuideDone: true })
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
}
