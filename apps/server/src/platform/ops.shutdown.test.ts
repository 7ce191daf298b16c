import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../db/client';
import { makeEnterprise, makeUser, TEST_PASSWORD } from '../test/factories';
import { openTestDatabase } from '../test/harness';
import { type Instance, startInstance } from '../test/instance';

// A real SIGTERM of the app as `npm start` runs it, with a request in flight.
let database: Database;
let dataDir: string;
let inst: Instance;
beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-term-'));
  inst = await startInstance(null, { DATABASE_URL: database.url, DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  if (inst?.child.exitCode === null) inst.child.kill('SIGKILL');
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown on SIGTERM', () => {
  it('stops taking requests, finishes the one in flight, then exits 0', async () => {
    const enterpriseId = await makeEnterprise(database.db);
    const { mobile } = await makeUser(database.db, enterpriseId);
    const gone = await makeUser(database.db, enterpriseId);
    // Hold the login's per-mobile lock (platform/attempts.ts) so the login below waits inside the server.
    const holder = await (database.db as unknown as { $client: import('pg').Pool }).$client.connect();
    await holder.query('select pg_advisory_lock(7301, hashtext($1))', [mobile]);
    await holder.query('select pg_advisory_lock(7301, hashtext($1))', [gone.mobile]);
    try {
      const login = fetch(`${inst.url}/api/stand/pwdLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'slow-login-1' },
        body: JSON.stringify({ mobile, password: TEST_PASSWORD, enterpriseId }),
      });
      // A second login whose client gives up while it waits: its handler still runs to the end.
      const quitter = new AbortController();
      const abandoned = fetch(`${inst.url}/api/stand/pwdLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: gone.mobile, password: TEST_PASSWORD, enterpriseId }),
        signal: quitter.signal,
      }).catch(() => 'aborted');
      // Wait until both of the server's queries are waiting on the locks.
      for (;;) {
        const w = await rows(
          database.db,
          sql`select 1 from pg_locks l join pg_database d on d.oid = l.database
              where d.datname = current_database() and l.locktype = 'advisory' and l.classid = 7301 and not l.granted`,
        );
        if (w.length === 2) break;
        await new Promise((r) => setImmediate(r));
      }
      quitter.abort();
      expect(await abandoned).toBe('aborted');
      inst.child.kill('SIGTERM');
      await inst.waitFor(/收到 SIGTERM/);
      // No new request is taken: the connection is refused once the listener is closed, 503 while it closes.
      const late = await fetch(`${inst.url}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(late);
      expect(inst.child.exitCode).toBeNull();
      await holder.query('select pg_advisory_unlock(7301, hashtext($1))', [mobile]);
      const res = await login;
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
      // Every connection is gone now, but the abandoned login still runs: the pool stays open for it.
      expect(inst.child.exitCode).toBeNull();
      await holder.query('select pg_advisory_unlock(7301, hashtext($1))', [gone.mobile]);
      expect(await inst.exited).toBe(0);
    } finally {
      holder.release();
    }
    const logs = inst.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { reqId?: string; msg: string });
    expect(logs.filter((l) => l.reqId === 'slow-login-1').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(logs.map((l) => l.msg)).toContain('已停止');
    // The abandoned login finished before the pool closed: its session exists and nothing failed.
    expect(await rows(database.db, sql`select 1 from sessions where user_id = ${gone.id}`)).toHaveLength(1);
    expect(inst.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  }, 120_000);
});
