import type { ErrorCode } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { rows } from '../db/client';
import { loginAttempts } from '../db/schema/index';
import { AppError } from './errors';

export const MAX_FAILS_PER_MOBILE = 5;
export const MAX_FAILS_PER_IP = 30;
export const LOCK_MINUTES = 15;

// Advisory lock classes: one queue per mobile, one per client address.
const LOCK_MOBILE = 73_01;
const LOCK_IP = 73_02;

/**
 * Runs one proof check (a password or an SMS code) for a mobile so that no more than the limit is ever
 * checked, whatever the concurrency: checks of one mobile, and of one address, queue on transaction locks,
 * so each sees every failure before it. `check` answers a value when the proof holds, or null when it
 * does not (then a failure is recorded); a correct proof clears the mobile's failures.
 */
export async function checkAttempt<T>(
  db: Db,
  who: { mobile: string; ip: string },
  check: (tx: Tx) => Promise<T | null>,
  locked: ErrorCode = 'LOGIN_LOCKED',
): Promise<T | null> {
  // Already locked: answer without queueing, so a flood of guesses does not hold connections waiting.
  await refuseIfLocked(db, who, locked);
  return db.transaction(async (tx) => {
    // Always mobile first, then address: one order, so two checks never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_MOBILE}, hashtext(${who.mobile}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IP}, hashtext(${who.ip}))`);
    await refuseIfLocked(tx, who, locked);
    const out = await check(tx);
    if (out === null) await tx.insert(loginAttempts).values({ mobile: who.mobile, ip: who.ip });
    else await tx.execute(sql`delete from login_attempts where mobile = ${who.mobile}`);
    return out;
  });
}

async function refuseIfLocked(ex: Executor, who: { mobile: string; ip: string }, locked: ErrorCode): Promise<void> {
  const since = sql`now() - ${`${LOCK_MINUTES} minutes`}::interval`;
  const [r] = await rows<{ m: number; i: number }>(
    ex,
    sql`select (select count(*) from login_attempts where mobile = ${who.mobile} and created_at > ${since})::int as m,
               (select count(*) from login_attempts where ip = ${who.ip} and created_at > ${since})::int as i`,
  );
  if (Number(r?.m ?? 0) >= MAX_FAILS_PER_MOBILE) throw new AppError(locked, { minutes: LOCK_MINUTES });
  if (Number(r?.i ?? 0) >= MAX_FAILS_PER_IP) throw new AppError('LOGIN_IP_LOCKED');
}
