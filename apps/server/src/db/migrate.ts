import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { installBoss } from '../platform/jobs.boss';
import type { Database } from './client';
import { createStatistics } from './statistics';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed drizzle-kit migrations; each runs once, in order, in a transaction. */
export async function migrate(database: Database): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  await migratePg(database.db as never, opts);
  await createStatistics(database);
  await installBoss(database);
}
