import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { sql } from '../db/client';
import { loadConfig } from '../config';
import { SLA_SWEEP_JOB } from '../modules/sla/sla.install';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness';
import { createDeps } from './create-deps';
import { drainJobs, enqueue } from './jobs';
import { SLOW_REQUEST } from './ops';
import { LocalStorage } from './storage';

let t: TestApp;
let dataDir: string;
const TOKEN = 'metrics-token-0123456789';
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-ops-'));
  t = await createTestApp({ DATA_DIR: dataDir, METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, o: { headers?: Record<string, string>; remoteAddress?: string } = {}) => t.app.inject({ method: 'GET', url, ...o });
/** One sample's value from the exposition text, or undefined. */
const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `) || (labels === '' && l.startsWith(`${name} `)));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};

describe('/healthz and /readyz', () => {
  it('answers alive and ready when the database and storage answer', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with the reason when the storage cannot be reached', async () => {
    writeFileSync(path.join(dataDir, 'not-a-folder'), 'x');
    const deps = createDeps(t.deps.config, t.database, { storage: new LocalStorage(path.join(dataDir, 'not-a-folder')) });
    const app = await buildApp(deps);
    try {
      const r = await app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^文件存储不可用：/) });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 with the reason when the database is down, while /healthz stays alive', async () => {
    const database = await openTestDatabase();
    const app = await buildApp(createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), database));
    await database.close(); // its pool ends and its database is dropped
    try {
      const r = await app.inject({ method: 'GET', url: '/readyz' });
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ status: 'unavailable', reason: expect.stringMatching(/^数据库不可用：/) });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});

describe('/metrics', () => {
  it('counts requests and their latency by route pattern, and shows the pool', async () => {
    for (let i = 0; i < 3; i++) await get(`/api/upload/file/${1000 + i}`);
    // One connection held out of the pool while the metrics are read (idle ones may have been closed by now).
    const held = await (t.deps.db as unknown as { $client: import('pg').Pool }).$client.connect();
    let text: string;
    try {
      text = (await get('/metrics')).body;
    } finally {
      held.release();
    }
    // three different ids, one route pattern
    expect(sample(text, 'sk_http_requests_total', '{method="GET",route="/api/upload/file/:id",status="200"}')).toBe(3);
    expect(sample(text, 'sk_http_request_duration_seconds_count', '{method="GET",route="/api/upload/file/:id"}')).toBe(3);
    expect(text).toMatch(/sk_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/upload\/file\/:id"\}/);
    expect(sample(text, 'sk_pg_pool_total')).toBeGreaterThan(0);
    expect(sample(text, 'sk_pg_pool_waiting')).toBe(0);
    expect(sample(text, 'sk_pg_pool_idle')).toBeGreaterThanOrEqual(0);
  });

  it('shows the job queue depth and age per kind, and the SLA sweep lag', async () => {
    for (let i = 0; i < 2; i++) await enqueue(t.deps.db, { kind: SLA_SWEEP_JOB });
    const before = (await get('/metrics')).body;
    expect(sample(before, 'sk_job_queue_depth', `{kind="${SLA_SWEEP_JOB}"}`)).toBe(2);
    expect(sample(before, 'sk_job_queue_oldest_seconds', `{kind="${SLA_SWEEP_JOB}"}`)).toBeGreaterThanOrEqual(0);
    expect(sample(before, 'sk_sla_sweep_lag_seconds')).toBe(-1);
    await drainJobs(t.deps);
    const after = (await get('/metrics')).body;
    expect(sample(after, 'sk_job_queue_depth', `{kind="${SLA_SWEEP_JOB}"}`)).toBeUndefined();
    const lag = sample(after, 'sk_sla_sweep_lag_seconds') ?? -1;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it('is open to this machine directly, and elsewhere only with the METRICS_TOKEN bearer', async () => {
    expect((await get('/metrics')).statusCode).toBe(200);
    const far = { remoteAddress: '10.1.2.3' };
    const refused = await get('/metrics', far);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, message: '无权查看运行指标' });
    expect((await get('/metrics', { ...far, headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode).toBe(403);
    expect((await get('/metrics', { ...far, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    // a request a proxy on this machine forwarded is not local
    expect((await get('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow();
  });
});

/** A logger stream that keeps each JSON log line the app writes. */
function logCapture(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, stream };
}

describe('request ids', () => {
  it('names each request in its log lines and its answer, taking a proxy X-Request-Id', async () => {
    const { lines, stream } = logCapture();
    const app = await buildApp(t.deps, { logger: { level: 'info', stream } });
    try {
      const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'nginx-abc.123' } });
      expect(given.headers['x-request-id']).toBe('nginx-abc.123');
      const made = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
      const id = String(made.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const other = await app.inject({ method: 'GET', url: '/healthz' });
      expect(other.headers['x-request-id']).not.toBe(id);
      expect(lines.filter((l) => l.reqId === 'nginx-abc.123').map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines.some((l) => l.reqId === id && l.msg === 'request completed' && (l.res as { statusCode: number }).statusCode === 200)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('slow requests', () => {
  it('logs a request still running past the limit once, with the pool and the lock its statement waits on', async () => {
    const { lines, stream } = logCapture();
    const saved = { ...SLOW_REQUEST };
    Object.assign(SLOW_REQUEST, { afterMs: 300, everyMs: 100 });
    const app = await buildApp(t.deps, { logger: { level: 'warn', stream } });
    app.get('/test/locked', async () => {
      await t.deps.db.execute(sql`select pg_advisory_xact_lock(991, 1)`);
      return { ok: true };
    });
    // The test's own transaction holds the lock the request's statement asks for.
    const holder = t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(991, 1)`);
      await new Promise((r) => setTimeout(r, 1200));
    });
    try {
      await new Promise((r) => setTimeout(r, 100));
      const [slow, fast] = await Promise.all([app.inject({ method: 'GET', url: '/test/locked' }), app.inject({ method: 'GET', url: '/healthz' })]);
      await holder;
      expect(slow.json()).toEqual({ ok: true });
      expect(fast.statusCode).toBe(200);
      const warned = lines.filter((l) => l.msg === '请求处理时间过长');
      expect(warned.map((l) => l.url)).toEqual(['/test/locked']);
      const w = warned[0] as { seconds: number; pool: { total: number }; sessions: { wait: string | null; query: string }[] };
      expect(w.seconds).toBeGreaterThanOrEqual(0.3);
      expect(w.pool.total).toBeGreaterThanOrEqual(2);
      expect(w.sessions).toContainEqual(expect.objectContaining({ wait: 'Lock:advisory', query: expect.stringContaining('pg_advisory_xact_lock') }));
    } finally {
      Object.assign(SLOW_REQUEST, saved);
      await app.close();
    }
  });
});
