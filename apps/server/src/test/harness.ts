import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { type AppDeps, createDeps } from '../platform/create-deps';
import { forgetSnapshots } from '../platform/list.snapshot';
import { LogSmsSender } from '../platform/sms';
import { withDb } from './global-setup';

let seq = 0;

/**
 * How a copy is made. PostgreSQL 15+ copies a template by writing every block of it to the WAL (26 MB per test file,
 * about 9 GB a run); FILE_COPY copies its files after a checkpoint, which costs little without fsync: 120–200 ms a copy
 * against 240–480 ms. A server older than 15 (TEST_DATABASE_URL) has only the file copy, without the clause.
 */
let copyClause: Promise<string> | null = null;
async function copyStrategy(admin: Database): Promise<string> {
  copyClause ??= (async () => {
    const r = (await admin.db.execute('show server_version_num' as never)) as unknown as { rows: { server_version_num: string }[] };
    return Number(r.rows[0]?.server_version_num) >= 150000 ? ' strategy file_copy' : '';
  })();
  return copyClause;
}

/** A fresh copy of the migrated template database, for one test file. */
export async function openTestDatabase(): Promise<Database> {
  const info = inject('testDb');
  const name = `sk_t_${process.pid}_${Date.now()}_${seq++}`;
  const admin = await openPostgres(info.url, 1);
  await admin.db.execute(`create database ${name} template ${info.template}${await copyStrategy(admin)}` as never);
  await admin.close();
  const db = await openPostgres(withDb(info.url, name), 5);
  return {
    ...db,
    close: async () => {
      await db.close();
      const a = await openPostgres(info.url, 1);
      await a.db.execute(`drop database if exists ${name} with (force)` as never).catch(() => {});
      await a.close();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  sms: LogSmsSender;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Another instance of the app on this one's database (its own pool, as a second server would have): its close
   * leaves the database to the first.
   */
  sameDatabaseAs?: TestApp;
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const first = opts.sameDatabaseAs?.database;
  const database = first ? await openPostgres(first.url, 5) : await openTestDatabase();
  // Workers keep modules between files (isolate: false): the list snapshots of the last file's database go.
  forgetSnapshots();
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    DATA_DIR: `/tmp/sk-test/data-${process.pid}`,
    // One test user runs a whole file in seconds: the API's rate limits are raised, except where a test sets the scale
    // (platform/rate-limit.test.ts).
    RATE_LIMIT_SCALE: '1000',
    ...env,
  });
  const sms = new LogSmsSender(() => {});
  const deps = createDeps(config, database, { sms });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    sms,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
