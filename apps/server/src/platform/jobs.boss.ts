import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { type Executor, sql } from '../db/client';
import type { Database } from '../db/client';

/** pg-boss plumbing behind platform/jobs.ts; nothing outside the platform imports pg-boss. */
export const BOSS_SCHEMA = 'pgboss';

/** pg-boss speaks (text, values); our executors are Drizzle's. One statement per call. */
export function executorDb(ex: Executor): PgBoss.Db {
  return {
    executeSql: async (text, values = []) => {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql.param(values[Number(p) - 1])));
      const res = (await ex.execute(sql.join(chunks, sql.raw('')))) as unknown as { rows: unknown[] };
      return { rows: res.rows };
    },
  };
}

/** The pool itself, for pg-boss's own multi-statement commands (schema install, maintenance). */
export function poolDb(database: Database): PgBoss.Db {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { executeSql: async (text, values) => pool.query(text, values) };
}

/**
 * The queues with a job that may run now (created or waiting for a retry, its start time passed). A named statement:
 * planning it over every queue's partition took about 7 ms, running it under 1 ms.
 */
export async function dueQueues(database: Database): Promise<string[]> {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const text = `select distinct name from ${BOSS_SCHEMA}.job where state < 'active' and start_after < now()`;
  const res = await pool.query<{ name: string }>({ name: 'sk_due_queues', text });
  return res.rows.map((r) => r.name);
}

const quiet = { supervise: false, schedule: false, migrate: false } as const;

/** Builds commands only (send through a caller's executor); never started, owns no connection. */
export const commands = new PgBoss({
  schema: BOSS_SCHEMA,
  ...quiet,
  db: {
    executeSql: () => {
      throw new Error('commands has no database: pass { db }');
    },
  },
});

/** Installs or upgrades pg-boss's schema; part of `migrate()`, so every database has it. */
export async function installBoss(database: Database): Promise<void> {
  const boss = new PgBoss({ schema: BOSS_SCHEMA, db: poolDb(database), supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

export interface BossOptions {
  /** Maintenance: expire jobs of dead instances, archive and delete old ones (one instance at a time). */
  supervise: boolean;
  /** Seconds between maintenance runs (JOB_SUPERVISE_SECONDS); pg-boss's 120 by default. */
  superviseSeconds?: number;
  /** A worker's complete or fail that did not reach the database (see workerDb); given: this boss runs workers. */
  onAckLost?: (err: unknown) => void;
}

/** pg-boss's own texts of the two statements its worker sends after a job ran (plans.js; pinned with the package). */
function ackStatements(schema: string): Set<string> {
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Record<string, (schema: string) => string>;
  const complete = plans.completeJobs?.(schema);
  const fail = plans.failJobsById?.(schema);
  if (!complete || !fail) throw new Error('pg-boss: completeJobs/failJobsById not found in src/plans.js (a new major version?)');
  return new Set([complete, fail]);
}

/**
 * pg-boss 10's worker sends a job's complete and fail without awaiting them (manager.js, watch), so when PostgreSQL is
 * gone at that moment the rejection is unhandled and ends the process: the soak saw all three instances die at a SIGKILL
 * of the postmaster (bench/README.md, "Soak"). Here those two statements never reject: the loss is reported, the job
 * stays active, and supervision expires it and runs it again (jobs are at-least-once and idempotent). Every other
 * statement fails as before.
 */
export function workerDb(db: PgBoss.Db, onAckLost: (err: unknown) => void, schema = BOSS_SCHEMA): PgBoss.Db {
  const acks = ackStatements(schema);
  return {
    executeSql: async (text, values) => {
      if (!acks.has(text)) return db.executeSql(text, values);
      try {
        return await db.executeSql(text, values);
      } catch (err) {
        onAckLost(err);
        return { rows: [{ count: '0' }] };
      }
    },
  };
}

export function createBoss(database: Database, o: BossOptions): PgBoss {
  const db = poolDb(database);
  return new PgBoss({
    schema: BOSS_SCHEMA,
    db: o.onAckLost ? workerDb(db, o.onAckLost) : db,
    migrate: false,
    schedule: false,
    supervise: o.supervise,
    ...(o.superviseSeconds ? { maintenanceIntervalSeconds: o.superviseSeconds } : {}),
    deleteAfterDays: 7,
  });
}
