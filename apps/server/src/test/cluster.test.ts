import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IM_SOCKET_PATH } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Database, rows } from '../db/client';
import { makeEnterprise, makeUser, TEST_PASSWORD } from './factories';
import { openTestDatabase } from './harness';
import { HttpClient, type Instance, startInstance } from './instance';
import { type FakeS3, startFakeS3 } from './s3';

// Three app instances as `npm start` runs them, on one PostgreSQL database and one S3 bucket, each with its own
// DATA_DIR (nothing shared on disk). Started once for the whole file.
const NODES = 3;
let database: Database;
let s3: FakeS3;
let dirs: string[] = [];
let nodes: Instance[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startFakeS3();
  const secret = randomBytes(32).toString('base64');
  dirs = Array.from({ length: NODES }, () => mkdtempSync(path.join(os.tmpdir(), 'sk-node-')));
  // Each instance names itself in its S3 requests' user agent; a job of a dead instance expires after 4 s (JOB_EXPIRE_SECONDS)
  // and the survivors look for such jobs every second (JOB_SUPERVISE_SECONDS), so the SIGKILL test takes seconds, not the
  // hour of an export's own expiry.
  const env = (i: number) => ({
    DATABASE_URL: database.url,
    DATA_DIR: dirs[i]!,
    SECRET_KEY: secret,
    AWS_SDK_UA_APP_ID: `sk-node-${i}`,
    JOB_EXPIRE_SECONDS: '4',
    JOB_SUPERVISE_SECONDS: '1',
    ...s3.env,
  });
  nodes = await Promise.all(dirs.map((_d, i) => startInstance(null, env(i))));
}, 180_000);
afterAll(async () => {
  for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGTERM');
  await Promise.all(nodes.map((n) => n.exited));
  await s3?.close();
  await database?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

const url = (i: number) => nodes[i]!.url;
async function user(roles = [3], enterpriseId?: number) {
  const ep = enterpriseId ?? (await makeEnterprise(database.db));
  const u = await makeUser(database.db, ep, { roles });
  return { enterpriseId: ep, mobile: u.mobile, id: u.id };
}
/** The same client (cookie, CSRF token) pointed at another instance. */
const at = (c: HttpClient, i: number) => Object.assign(new HttpClient(url(i)), { cookie: c.cookie, csrf: c.csrf });

describe('three instances on one database', () => {
  it('a session made on one works on the others; logout on one ends it on all', async () => {
    const u = await user();
    const a = await new HttpClient(url(0)).login(u.mobile, TEST_PASSWORD, u.enterpriseId);
    for (const i of [1, 2]) expect((await at(a, i).get('/v2/sessionUser/info')).success).toBe(true);
    expect((await at(a, 1).post('/logout')).success).toBe(true);
    for (const i of [0, 1, 2]) expect((await at(a, i).get('/v2/sessionUser/info')).message).toBe('未登录');
  });

  it('counts failed logins across instances: the sixth try is locked wherever it lands', async () => {
    const u = await user();
    for (let k = 0; k < 5; k++) {
      const r = await new HttpClient(url(k % 3)).post('/stand/pwdLogin', { mobile: u.mobile, password: 'wrong-pass-1', enterpriseId: u.enterpriseId });
      expect(r.success).toBe(false);
    }
    const locked = await new HttpClient(url(2)).post('/stand/pwdLogin', { mobile: u.mobile, password: TEST_PASSWORD, enterpriseId: u.enterpriseId });
    expect(locked.code).toBe('LOGIN_LOCKED');
  });

  it('an export started on one runs once and downloads from another', async () => {
    const u = await user();
    const a = await new HttpClient(url(0)).login(u.mobile, TEST_PASSWORD, u.enterpriseId);
    const started = await a.post('/export/user', { fileName: '三实例导出' });
    expect(started.success).toBe(true);
    const b = at(a, 1);
    let item: { process_state: number; file_download_url: string | null } | undefined;
    do {
      item = (await b.get<{ list: { id: number; process_state: number; file_download_url: string | null }[] }>('/fileDownloadCenter/list')).data.list.find(
        (x) => x.id === started.data.id,
      );
      if (item?.process_state === 1) await new Promise((r) => setTimeout(r, 200));
    } while (item?.process_state === 1);
    expect(item?.process_state).toBe(2);
    const res = await fetch(`${url(2)}${item!.file_download_url}`, { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    const runs = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select id from pgboss.job where name = 'export.run' and data->'payload'->>'exportId' = ${String(started.data.id)}
            union all select id from pgboss.archive where name = 'export.run' and data->'payload'->>'exportId' = ${String(started.data.id)}) j`,
    );
    expect(runs[0]?.n).toBe(1);
  });

  it('runs each sweep slot (the SLA sweep, the digest tick) and each daily timer once, not once per instance', async () => {
    const per = await rows<{ name: string; at: string; n: number }>(
      database.db,
      sql`select name, coalesce(data->'payload'->>'slot', data->'payload'->>'scheduleDate') as at, count(*)::int as n
          from (select name, data from pgboss.job union all select name, data from pgboss.archive) j
          where data->'payload' ? 'slot' or data->'payload' ? 'scheduleDate' group by 1, 2`,
    );
    expect(per.filter((r) => r.n > 1)).toEqual([]);
    const names = new Set(per.map((r) => r.name));
    for (const kind of ['sla.sweep', 'subscribe.digest.tick']) expect(names, kind).toContain(kind);
  });

  it('a chat message sent through one instance reaches a socket on another', async () => {
    const a = await user([6]);
    const b = await user([6], a.enterpriseId);
    const ca = await new HttpClient(url(0)).login(a.mobile, TEST_PASSWORD, a.enterpriseId);
    const cb = await new HttpClient(url(2)).login(b.mobile, TEST_PASSWORD, b.enterpriseId);
    const open = (i: number, cookie: string) => new WebSocket(`${url(i).replace('http', 'ws')}/api${IM_SOCKET_PATH}`, { headers: { cookie } });
    const frames = (ws: WebSocket, type: string) =>
      new Promise<Record<string, any>>((resolve, reject) => {
        ws.on('message', (d) => {
          const f = JSON.parse(String(d));
          if (f.eventType === type) resolve(f);
        });
        ws.on('close', () => reject(new Error('closed')));
      });
    const wa = open(0, ca.cookie);
    const wb = open(2, cb.cookie);
    try {
      await Promise.all([frames(wa, 'open'), frames(wb, 'open')]);
      const got = frames(wb, 'message');
      wa.send(JSON.stringify({ eventType: 'text', payload: '三号机收到吗' }));
      expect((await got).data).toMatchObject({ eventType: 'text' });
      expect(JSON.stringify((await got).data)).toContain('三号机收到吗');
    } finally {
      wa.terminate();
      wb.terminate();
    }
  });

  it('a deep page of a walked search asked of another instance than its first page is still correct', async () => {
    const u = await user();
    await database.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
      select ${u.enterpriseId}, '16' || lpad(g::text, 9, '0'), '工程师' || g, '{2}', 2 from generate_series(1, 45) g`);
    const a = await new HttpClient(url(0)).login(u.mobile, TEST_PASSWORD, u.enterpriseId);
    const page = async (c: HttpClient, pageIndex: number) =>
      (await c.get<{ list: { id: number }[]; count: number }>(`/v2/user/list?role=2&pageSize=10&pageIndex=${pageIndex}`)).data;
    const first = await page(a, 0);
    expect(first.count).toBe(45);
    // A row of the third page goes away after the first page was read (and its snapshot taken on instance 0).
    const expected = await rows<{ id: number }>(
      database.db,
      sql`select id::int from users where enterprise_id = ${u.enterpriseId} and 2 = any(roles) order by id desc limit 10 offset 20`,
    );
    await database.db.execute(sql`update users set roles = '{3}' where enterprise_id = ${u.enterpriseId} and id = ${expected[3]!.id}`);
    const third = await page(at(a, 1), 2);
    expect(third.list.map((r) => r.id)).not.toContain(expected[3]!.id);
    const live = await rows<{ id: number }>(
      database.db,
      sql`select id::int from users where enterprise_id = ${u.enterpriseId} and 2 = any(roles) order by id desc limit 10 offset 20`,
    );
    expect(third.list.map((r) => r.id)).toEqual(live.map((r) => r.id));
    expect(first.list.map((r) => r.id)).toEqual(
      (
        await rows<{ id: number }>(
          database.db,
          sql`select id::int from users where enterprise_id = ${u.enterpriseId} and 2 = any(roles) order by id desc limit 10`,
        )
      )
        .map((r) => r.id)
        .filter((id) => id !== expected[3]!.id),
    );
  });

  // Last: it leaves two instances running.
  it('SIGKILL of the instance running a job loses nothing: the job expires there and runs once more, to the end, on another', async () => {
    const u = await user();
    const a = await new HttpClient(url(0)).login(u.mobile, TEST_PASSWORD, u.enterpriseId);
    // The export's upload is held at the object store: its job is mid-run on whichever instance claimed it.
    const held = s3.hold((method, path) => method !== 'GET' && method !== 'HEAD' && path.includes('/exports/'));
    let victim = -1;
    let started: { data: { id: number } };
    try {
      started = await a.post('/export/user', { fileName: '断电导出' });
      const agent = await held.first;
      victim = [0, 1, 2].find((i) => agent.includes(`app/sk-node-${i}`)) ?? -1;
      expect(victim, agent).toBeGreaterThanOrEqual(0);
      nodes[victim]!.child.kill('SIGKILL');
      expect(await nodes[victim]!.exited).toBe('SIGKILL');
    } finally {
      held.release();
    }
    const survivor = at(a, (victim + 1) % 3);
    let item: { process_state: number; file_download_url: string | null } | undefined;
    do {
      item = (
        await survivor.get<{ list: { id: number; process_state: number; file_download_url: string | null }[] }>('/fileDownloadCenter/list')
      ).data.list.find((x) => x.id === started.data.id);
      if (item?.process_state === 1) await new Promise((r) => setTimeout(r, 200));
    } while (item?.process_state === 1);
    expect(item?.process_state).toBe(2);
    const res = await fetch(`${url((victim + 2) % 3)}${item!.file_download_url}`, { headers: { cookie: a.cookie } });
    expect(res.status).toBe(200);
    // One job, run twice: the cut-off try and the retry that completed.
    const runs = await rows<{ state: string; retry_count: number }>(
      database.db,
      sql`select state::text, retry_count from (select state, retry_count, data from pgboss.job where name = 'export.run'
            union all select state, retry_count, data from pgboss.archive where name = 'export.run') j
          where data->'payload'->>'exportId' = ${String(started!.data.id)}`,
    );
    expect(runs).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 60_000);
});
