import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Db, rows, type Tx } from '../db/client';
import type { Answer } from './factories';

/**
 * Concurrency tests. Every call starts before any is awaited, so they really overlap.
 *
 * `race` fires `n` HTTP requests at once (request i is `fire(i)`) and waits for every answer. It fails
 * the test if any answered HTTP 500 or left the envelope; answers come in the order fired. Use it for
 * every state change and limited resource reached over HTTP.
 */
export async function race<T = any>(n: number, fire: (i: number) => Promise<Answer<T>>): Promise<Answer<T>[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => fire(i)));
  const broken = answers.filter((a) => a.status !== 200 || typeof a.success !== 'boolean');
  expect(broken.map((a) => `HTTP ${a.status} ${a.code ?? ''} ${a.message ?? ''}`)).toEqual([]);
  return answers;
}

/** How many answers said each message ('ok' for every success), e.g. { ok: 1, '名称已存在': 19 }. */
export function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const k = a.success ? 'ok' : a.message;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

/** `n` service calls at once (they may throw, e.g. an AppError); every outcome, in the order fired. */
export async function raceCalls<T>(n: number, fire: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  return Promise.allSettled(Array.from({ length: n }, (_, i) => fire(i)));
}

/** The values of the calls that resolved, and the errors of those that threw. */
export function outcomes<T>(results: PromiseSettledResult<T>[]): { values: T[]; errors: unknown[] } {
  const values: T[] = [];
  const errors: unknown[] = [];
  for (const r of results) r.status === 'fulfilled' ? values.push(r.value) : errors.push(r.reason);
  return { values, errors };
}

/**
 * Waits until `n` statements of this database wait for a lock: a request fired while a test's own transaction holds
 * the row is then queued behind it, and the test commits to see what the request decides after the wait.
 */
export async function waitForLockWaits(db: Db, n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const [w] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((w?.n ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('nothing waited for the lock');
}

/**
 * A request queued behind the test's own transaction: `hold` runs in it, `fire` is sent while it holds its rows, and it
 * commits once PostgreSQL shows the request waiting for a lock. Answers what the request answered after the wait.
 */
export async function behindLock<T>(db: Db, hold: (tx: Tx) => Promise<unknown>, fire: () => Promise<T>): Promise<T> {
  let answer: Promise<T> | undefined;
  await db.transaction(async (tx) => {
    await hold(tx);
    answer = fire();
    // A wait that never comes fails the test here; the request's own outcome is then not the point.
    answer.catch(() => {});
    await waitForLockWaits(db, 1);
  });
  return answer as Promise<T>;
}
