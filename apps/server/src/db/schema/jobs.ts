import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Jobs themselves live in pg-boss's own schema (`pgboss`, see platform/jobs.ts). This table makes
 * "at most one job per key, ever" hold across app instances: a key is inserted in the same
 * transaction as its job. Global: daily schedules and sweeps belong to no enterprise.
 */
export const jobKeys = pgTable('job_keys', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});
