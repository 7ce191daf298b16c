import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installBoss } from './platform/jobs.boss';
import type { Database } from './db/client';
import { createDerived } from './db/derived';
import { createStatistics } from './db/statistics';
import { createOrderNumbers } from './modules/orders/index';
import { createComplaintSummary } from './modules/quality/index';
import { createReportSummary } from './modules/reports/index';
import { createSettleKeys } from './modules/settle/index';
import { createVisitSummary } from './modules/visits/index';

/**
 * The modules' own database objects drizzle-kit cannot express (summaries with their triggers and backfills, keys,
 * sequences), created after the schema's, in this order.
 */
const MODULE_OBJECTS: readonly ((database: Database) => Promise<void>)[] = [
  // The return-visit report's per-day summary.
  createVisitSummary,
  // The quality report's per-day and per-serial summaries.
  createComplaintSummary,
  // 运营报表's per-day summary.
  createReportSummary,
  // The keys of statement lines, checked per statement.
  createSettleKeys,
  // Order numbers from a sequence per enterprise.
  createOrderNumbers,
];

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db', 'migrations');

/** A database made by an older pre-release build, whose single init migration has been regenerated since. */
export class OldSchemaError extends Error {}

export const OLD_SCHEMA_MESSAGE =
  '数据库由旧版本的服务管家创建，正式发布前的数据库结构不提供升级。请备份后删除数据目录（默认 ./data）或改用一个空数据库，再重新启动；演示数据会自动重新生成。';

const alreadyThere = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '42P07' || e?.cause?.code === '42P07';
};

/** The advisory lock key that lets one starting instance at a time change the schema ('sk-migrate'). */
const MIGRATE_LOCK = 0x736b6d69;

/**
 * Applies the committed drizzle-kit migrations (each once, in order, in a transaction), then the statistics, triggers
 * and job schema. Instances starting together take turns: PostgreSQL refuses a function replaced by two sessions at once
 * ("tuple concurrently updated"). The lock is held on a connection of its own, outside the pool the steps use.
 */
export async function migrate(database: Database): Promise<void> {
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATE_LOCK]);
    await migrateLocked(database);
  } finally {
    // Closing the connection also releases the lock.
    await lock.end().catch(() => {});
  }
}

async function migrateLocked(database: Database): Promise<void> {
  const opts = { migrationsFolder: MIGRATIONS_DIR };
  try {
    await migratePg(database.db as never, opts);
  } catch (err) {
    // The regenerated init (docs/database.md, Migrations) met the tables of an older one.
    if (alreadyThere(err)) throw new OldSchemaError(OLD_SCHEMA_MESSAGE);
    throw err;
  }
  await createStatistics(database);
  await createDerived(database);
  for (const create of MODULE_OBJECTS) await create(database);
  await installBoss(database);
}
