import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
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

const WINDOW = sql`now() - interval '15 minutes'`;

export async function recentFailures(ex: Executor, mobile: string, ip: string): Promise<{ byMobile: number; byIp: number }> {
  const [r] = await rows<{ m: number; i: number }>(
    ex,
    sql`select (select count(*) from login_attempts where mobile = ${mobile} and created_at > ${WINDOW})::int as m,
               (select count(*) from login_attempts where ip = ${ip} and created_at > ${WINDOW})::int as i`,
  );
  return { byMobile: Number(r?.m ?? 0), byIp: Number(r?.i ?? 0) };
}

export async function recordFailure(ex: Executor, mobile: string, ip: string): Promise<void> {
  await ex.insert(loginAttempts).values({ mobile, ip });
}

export async function clearFailures(ex: Executor, mobile: string): Promise<void> {
  await ex.delete(loginAttempts).where(eq(loginAttempts.mobile, mobile));
}

export async function lastCodeAt(ex: Executor, mobile: string, purpose: string): Promise<string | null> {
  const [r] = await ex
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return r?.at ?? null;
}

export async function storeCode(ex: Executor, mobile: string, purpose: string, codeHash: string, ttlSeconds: number): Promise<void> {
  await ex.insert(smsCodes).values({
    mobile,
    purpose,
    codeHash,
    expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval` as never,
  });
}

/** Marks a live code used; true only for the one caller that wins (single use under concurrency). */
export async function consumeCode(ex: Executor, mobile: string, purposes: string[], codeHash: string): Promise<boolean> {
  const n = await affected(
    ex,
    sql`update sms_codes set used_at = now()
        where id = (select id from sms_codes where mobile = ${mobile} and code_hash = ${codeHash}
                    and purpose in ${sql.raw(`('${purposes.map((p) => p.replace(/'/g, '')).join("','")}')`)}
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
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, 'ticket'), eq(smsCodes.codeHash, codeHash), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, sql`now()`)))
    .limit(1);
  return !!r;
}
