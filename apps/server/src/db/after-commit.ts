import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Executor } from './types';
import { onPrimary } from './replica';
import { outsideStatementScope } from './statements';

/**
 * Work after commit (docs/platform.md "What runs after commit"): a hook queues what need not happen inside its
 * transaction (an in-app notice), and it runs once the outermost transaction has committed, on the pool, after the
 * caller's transaction has returned: the row locks are released sooner and the request does not wait for it. A
 * rollback drops what was queued, and so does a rollback to a savepoint for what was queued inside it, so a notice
 * is never sent for a change that did not happen. Not durable: work that must survive a crash is a job enqueued in
 * the transaction (platform/jobs.ts).
 */
export type AfterCommitTask = (db: Db) => Promise<unknown>;

interface Pending {
  tasks: AfterCommitTask[];
  /** Open savepoints: how many tasks were queued when each began. */
  marks: { name: string; at: number }[];
}

const DB = Symbol('after-commit db');
const PENDING = Symbol('after-commit pending');
type Watched = pg.PoolClient & { [DB]?: Db; [PENDING]?: Pending };

const inflight = new Set<Promise<void>>();
let report: (err: unknown) => void = (err) => console.error('提交后的处理失败', err);

/** Where a failed task is told (the app's logger); answers the one before. */
export function onAfterCommitError(r: (err: unknown) => void): (err: unknown) => void {
  const before = report;
  report = r;
  return before;
}

function launch(db: Db, tasks: AfterCommitTask[]): void {
  if (tasks.length === 0) return;
  // Outside the request's statement count and read scope: it is not the request's work, and it reads the primary.
  const run = outsideStatementScope(() =>
    onPrimary(async () => {
      for (const t of tasks) {
        try {
          await t(db);
        } catch (err) {
          report(err);
        }
      }
    }),
  );
  inflight.add(run);
  void run.finally(() => inflight.delete(run));
}

const textOf = (q: unknown): string => (typeof q === 'string' ? q : typeof (q as { text?: unknown })?.text === 'string' ? (q as { text: string }).text : '');

/** Follows the transaction statements of the pool's clients (db/client.ts openPostgres): `db` is what tasks get. */
export function watchCommits(pool: pg.Pool, db: Db): void {
  pool.on('connect', (c) => {
    const client = c as Watched;
    client[DB] = db;
    const query = client.query;
    client.query = function (this: Watched, ...args: unknown[]) {
      const res = (query as (...a: unknown[]) => unknown).apply(this, args);
      const text = textOf(args[0]).trim().toLowerCase();
      if (text.startsWith('begin')) {
        this[PENDING] = { tasks: [], marks: [] };
        return res;
      }
      const p = this[PENDING];
      if (!p) return res;
      const sp = /^(savepoint|release savepoint|rollback to savepoint) (\S+)$/.exec(text);
      if (text === 'commit') {
        this[PENDING] = undefined;
        // Run only once the server has said the commit succeeded.
        if (res && typeof (res as Promise<unknown>).then === 'function')
          (res as Promise<unknown>).then(
            () => launch(db, p.tasks),
            () => {},
          );
      } else if (text === 'rollback') {
        this[PENDING] = undefined;
      } else if (sp?.[1] === 'savepoint') {
        p.marks.push({ name: sp[2] as string, at: p.tasks.length });
      } else if (sp) {
        const i = p.marks.map((m) => m.name).lastIndexOf(sp[2] as string);
        if (i >= 0) {
          if (sp[1] === 'rollback to savepoint') p.tasks.length = p.marks[i]?.at ?? p.tasks.length;
          // A released savepoint is gone; rolled back to, it stays open (PostgreSQL's rule).
          p.marks.length = sp[1] === 'release savepoint' ? i : i + 1;
        }
      }
      return res;
    } as typeof client.query;
  });
}

/**
 * Runs `task` once the transaction `ex` belongs to has committed (its outermost one: a savepoint's commit is not
 * enough); dropped if it rolls back. Outside a transaction (`ex` the database) it runs at once, detached as well.
 */
export function afterCommit(ex: Executor, task: AfterCommitTask): void {
  if (!is(ex, PgTransaction)) {
    launch(ex as Db, [task]);
    return;
  }
  const client = (ex as unknown as { session?: { client?: Watched } }).session?.client;
  const db = client?.[DB];
  if (!client || !db) throw new Error('afterCommit: the transaction is not on a watched pool (db/client.ts openPostgres)');
  const pending = client[PENDING];
  if (!pending) throw new Error('afterCommit: no transaction is open on its client');
  pending.tasks.push(task);
}

/** Waits until every task already started has ended (tests, instead of sleeping; the app's close). */
export async function afterCommitSettled(): Promise<void> {
  while (inflight.size > 0) await Promise.allSettled([...inflight]);
}
