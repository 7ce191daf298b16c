import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns';

/**
 * The job queue (platform/jobs.ts). Global: a job may belong to no enterprise (daily schedules),
 * and runners claim across enterprises with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default(sql`'{}'::jsonb`),
    /** queued, running, done, failed */
    state: text('state').notNull().default('queued'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Refreshed while a handler runs; a stale lock means the instance died. */
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_uq').on(t.uniqueKey),
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_ep_idx').on(t.enterpriseId, t.kind),
  ],
);
