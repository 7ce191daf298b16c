// Running one bench scenario by itself (npx tsx bench/<area>.ts), outside bench/run.ts.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPostgres } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { openEmbedded } from '../apps/server/src/db/open';
import { createDeps } from '../apps/server/src/platform/create-deps';

const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** A migrated database for the run: BENCH_DATABASE_URL (or DATABASE_URL), else a throw-away embedded one removed after. */
export async function withBenchDatabase(tag: string, fn: (database: Database) => Promise<void>): Promise<void> {
  const dir = url ? null : mkdtempSync(path.join(tmpdir(), `sk-bench-${tag}-`));
  if (dir) chmodSync(dir, 0o755);
  const database = url ? await openPostgres(url, 4) : await openEmbedded(path.join(dir as string, 'pg'), () => {}, false);
  console.info(url ? 'PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL)' : `embedded PostgreSQL ${dir}`);
  try {
    await migrate(database);
    await fn(database);
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** The production app on a free local port over that database, closed after. */
export async function withBenchApp(database: Database, fn: (base: string) => Promise<void>): Promise<void> {
  // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
  const config = loadConfig({ RATE_LIMIT_SCALE: '1000', ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const app = await buildApp(createDeps(config, database));
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await fn(base);
  } finally {
    await app.close();
  }
}

/** Runs `main` when the file is the one started (not when bench/run.ts imports its scenario). */
export function runAlone(meta: ImportMeta, main: () => Promise<void>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(meta.url)) return;
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
