import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openPostgres } from '../db/client';
import { type AppDeps, createDeps } from '../platform/create-deps';
import { forgetSnapshots } from '../platform/list.snapshot';
import { LogSmsSender } from '../platform/sms';
import { seedDemo } from '../seed';
import { demoTemplateName, withDb } from './global-setup';

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

/**
 * A fresh copy of the migrated template database, for one test file; with `demo`, of that template with the demo seed
 * (demoTemplate).
 */
export async function openTestDatabase(opts: { demo?: boolean } = {}): Promise<Database> {
  const info = inject('testDb');
  const source = opts.demo ? await demoTemplate(info) : info.template;
  const name = `sk_t_${process.pid}_${Date.now()}_${seq++}`;
  const admin = await openPostgres(info.url, 1);
  await admin.db.execute(`create database ${name} template ${source}${await copyStrategy(admin)}` as never);
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

/** How long a demo file's beforeAll may wait: the first demo file of the run seeds the template, the others wait for it. */
export const DEMO_APP_TIMEOUT = 180_000;

/** A test app on a copy of the demo database (demoTemplate). */
export function demoTestApp(): Promise<TestApp> {
  return createTestApp({}, { demo: true });
}

/** The demo enterprise of a demo account (the newest, as the demo seeds one 演示企业). */
export async function demoEnterpriseOf(t: TestApp, mobile: string): Promise<number> {
  const r = await t.deps.db.execute(
    sql`select e.id::int as id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = ${mobile} order by e.id desc limit 1`,
  );
  const id = (r as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (id == null) throw new Error(`no demo enterprise for ${mobile}`);
  return Number(id);
}

/** The demo accounts' password in the demo template. */
export const DEMO_PASSWORD = 'demo1234';
/** Any fixed number: the advisory lock (on the server's maintenance database) held while the demo template is made. */
const DEMO_TEMPLATE_LOCK = 7_301_126;

/**
 * The migrated template with the demo seed, as `npm start` writes it on an empty database (the subscribers wired, the
 * app built on it), made by the first test file of the run that asks for it while the others wait on a lock, then
 * copied for each: every such file seeded the whole demo itself (8–12 s of a worker each in CI). Named by the day in
 * Shanghai, as the demo's dates are relative to the day it was written: a run that crosses midnight there seeds afresh.
 */
async function demoTemplate(info: { url: string; template: string }): Promise<string> {
  const name = demoTemplateName(info.template);
  const lock = new pg.Client({ connectionString: info.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [DEMO_TEMPLATE_LOCK]);
    const made = await lock.query(
      `select 1 from pg_database d join pg_shdescription c on c.objoid = d.oid and c.classoid = 'pg_database'::regclass
        where d.datname = $1 and c.description = 'seeded'`,
      [name],
    );
    if (made.rowCount === 0) {
      // A copy left half made by a worker that died is made again.
      await lock.query(`drop database if exists ${name} with (force)`);
      await lock.query(`create database ${name} template ${info.template}`);
      const t = await createTestApp({}, { database: await openPostgres(withDb(info.url, name), 5) });
      try {
        if (!(await seedDemo(t.deps.db, DEMO_PASSWORD))) throw new Error('the demo template was not empty');
      } finally {
        await t.close();
      }
      // A copy is refused while anyone is connected to the template: the closed pool's sessions end first.
      for (let i = 0; ; i++) {
        const left = await lock.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (left.rows[0].n === 0) break;
        if (i === 100) throw new Error(`the demo template ${name} still has sessions`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await lock.query(`comment on database ${name} is 'seeded'`);
    }
  } finally {
    // The session's end releases its lock.
    await lock.end();
  }
  return name;
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
  /**
   * A copy of the template with the demo seed (the demo enterprises and their month, as `npm start` writes them;
   * password DEMO_PASSWORD) instead of an empty one.
   */
  demo?: boolean;
  /** A database of the caller's, closed with the app (the demo template as it is made). */
  database?: Database;
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const first = opts.sameDatabaseAs?.database;
  const database = opts.database ?? (first ? await openPostgres(first.url, 5) : await openTestDatabase({ demo: opts.demo }));
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
