import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded';
import { migrate } from '../migrate';
import { createDeps } from '../platform/create-deps';
import { LogSmsSender } from '../platform/sms';

/**
 * One PostgreSQL server per test run: TEST_DATABASE_URL, or an embedded server started here (the
 * same engine as `npm start`). A migrated template database is copied once per test file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: EmbeddedServer | null = null;
  let dir = '';
  let url = process.env.TEST_DATABASE_URL;
  if (!url) {
    dir = mkdtempSync(path.join(scratchRoot(), 'sk-test-pg-'));
    chmodSync(dir, 0o755); // the server runs as the postgres user when we are root
    server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'postgres', fsync: false, maxConnections: 200 });
    url = server.url;
  }
  const admin = await openPostgres(url, 1);
  const template = `sk_tmpl_${process.pid}_${Date.now()}`;
  await admin.db.execute(`create database ${template}` as never);
  const t = await openPostgres(withDb(url, template), 5);
  await migrate(t);
  await prepareTemplateQueues(t);
  await t.close();
  project.provide('testDb', { url, template });
  return async () => {
    const found = (await admin.db.execute(
      `select datname from pg_database where datname like 'sk_t_${process.pid}_%' or datname = '${template}' or datname like '${template}_demo_%'` as never,
    )) as unknown as { rows: { datname: string }[] };
    for (const r of found.rows) await admin.db.execute(`drop database if exists ${r.datname} with (force)` as never).catch(() => {});
    await admin.close();
    if (server) await server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Where the test server keeps its data: memory (/dev/shm) when it has room, else the temporary directory. Each test
 * file's database copy creates and later deletes about 2,000 files; on ext4 the inode allocator's search past the
 * recently deleted ones took about a tenth of the machine’s CPU during `npm test`. Nothing here must survive the run.
 */
function scratchRoot(): string {
  if (process.env.TEST_PG_DIR) return process.env.TEST_PG_DIR;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.bavail * fs.bsize >= 3 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No /dev/shm (not Linux): the temporary directory.
  }
  return os.tmpdir();
}

/**
 * Builds the app once on the template, which makes pg-boss's queue partitions (about fifty tables): each file's copy
 * then has them, where every file's first app built them again (half a second of each file's setup).
 */
async function prepareTemplateQueues(database: Database): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', DATA_DIR: `/tmp/sk-test/data-${process.pid}` });
  const app = await buildApp(createDeps(config, database, { sms: new LogSmsSender(() => {}) }));
  await app.ready();
  await app.close();
}

/** The demo template's name for this run and the day in Shanghai (harness.ts demoTemplate). */
export function demoTemplateName(template: string): string {
  return `${template}_demo_${new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' }).replaceAll('-', '')}`;
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { url: string; template: string };
  }
}
