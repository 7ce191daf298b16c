import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import { rows, sql } from '../db/client';
import type { Deps } from './deps';
import { BOSS_SCHEMA } from './jobs.boss';
import { storageOf } from './storage';

/**
 * What an operator needs to run the app: /healthz (the process answers), /readyz (database and storage reachable),
 * Prometheus metrics at /metrics, and a request id on every request and its log lines. Not under /api: load
 * balancers and scrapers call these without a session.
 */

/** A request id: the proxy's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdOf(req: { headers: Record<string, string | string[] | undefined> }): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && /^[\w.:-]{1,64}$/.test(h) ? h : randomUUID();
}

/** The longest close() waits for handlers still running. */
const DRAIN_MAX_MS = 30_000;

/** Each check gets this long before the instance counts as not ready. */
const READY_TIMEOUT_MS = 2000;

async function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}超过 ${READY_TIMEOUT_MS / 1000} 秒未响应`)), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

/** /metrics is open to the machine itself (not through a proxy) or to a bearer of METRICS_TOKEN. */
export function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const want = Buffer.from(token);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  // A request a proxy forwarded comes from the proxy's loopback address too: only a direct one counts as local.
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  const addr = req.socket.remoteAddress ?? '';
  return addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1';
}

/** The pg pool behind Drizzle (node-postgres keeps it as `$client`). */
const poolOf = (deps: Deps): pg.Pool | undefined => (deps.db as unknown as { $client?: pg.Pool }).$client;

/** The app's Prometheus registry: one per app, so tests and several apps in one process never share counts. */
function metricsOf(deps: Deps) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'sk_' });
  const requests = new client.Counter({
    name: 'sk_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'sk_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = (name: string, help: string, pick: (p: pg.Pool) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const p = poolOf(deps);
        if (p) this.set(pick(p));
      },
    });
  pool('sk_pg_pool_total', 'Connections open in the PostgreSQL pool', (p) => p.totalCount);
  pool('sk_pg_pool_idle', 'Idle connections in the PostgreSQL pool', (p) => p.idleCount);
  pool('sk_pg_pool_waiting', 'Queries waiting for a pool connection', (p) => p.waitingCount);

  // The queue as the database holds it (shared by every instance): jobs waiting to run, per kind.
  let queue: Promise<{ name: string; depth: number; oldest: number }[]> | null = null;
  const readQueue = () => {
    queue ??= rows<{ name: string; depth: number; oldest: number }>(
      deps.db,
      sql`select name, count(*)::int as depth, coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
          from ${sql.raw(BOSS_SCHEMA)}.job where state in ('created', 'retry') and start_after <= now() group by name`,
    ).finally(() => {
      queue = null;
    });
    return queue;
  };
  new client.Gauge({
    name: 'sk_job_queue_depth',
    help: 'Jobs due and waiting to run, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await readQueue()) this.set({ kind: r.name }, Number(r.depth));
    },
  });
  new client.Gauge({
    name: 'sk_job_queue_oldest_seconds',
    help: 'Age of the oldest job due and waiting to run, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await readQueue()) this.set({ kind: r.name }, Number(r.oldest));
    },
  });
  new client.Gauge({
    name: 'sk_sla_sweep_lag_seconds',
    help: 'Seconds since the last SLA sweep finished (it is due every 30 s); grows when sweeps stall',
    registers: [registry],
    async collect() {
      const [r] = await rows<{ lag: number | null }>(
        deps.db,
        sql`select extract(epoch from now() - max(completed_on))::float8 as lag from (
              select completed_on from ${sql.raw(BOSS_SCHEMA)}.job where name = 'sla.sweep' and state = 'completed'
              union all select completed_on from ${sql.raw(BOSS_SCHEMA)}.archive where name = 'sla.sweep' and state = 'completed') s`,
      );
      this.set(r?.lag == null ? -1 : Number(r.lag));
    },
  });
  // The read replica (DATABASE_READ_URL): how far behind the primary it is; -1 when it cannot be asked.
  const replica = deps.database.replica;
  const primary = poolOf(deps);
  if (replica && primary) {
    let lag: Promise<{ bytes: number; ms: number } | null> | null = null;
    const readLag = () => {
      lag ??= replica
        .lag(primary)
        .catch(() => null)
        .finally(() => {
          lag = null;
        });
      return lag;
    };
    new client.Gauge({
      name: 'sk_replica_lag_bytes',
      help: 'Bytes of WAL the read replica has not replayed yet; -1 when it cannot be reached',
      registers: [registry],
      async collect() {
        const l = await readLag();
        this.set(l ? l.bytes : -1);
      },
    });
    new client.Gauge({
      name: 'sk_replica_lag_seconds',
      help: 'While the read replica is behind, seconds since the last commit it replayed; -1 when it cannot be reached',
      registers: [registry],
      async collect() {
        const l = await readLag();
        this.set(l ? l.ms / 1000 : -1);
      },
    });
  }
  return { registry, requests, duration };
}

/** A request still running after `afterMs` is logged once, checked every `everyMs` (tests shorten both). */
export const SLOW_REQUEST = { afterMs: 10_000, everyMs: 5_000 };

/** The database's sessions that are not idle, at most 20: what a slow request may be waiting on (a lock, a long statement). */
const busySessions = (deps: Deps) =>
  rows<{ pid: number; state: string; wait: string | null; seconds: number; query: string }>(
    deps.db,
    sql`select pid, state, wait_event_type || ':' || wait_event as wait, extract(epoch from now() - coalesce(xact_start, query_start))::float8 as seconds,
          left(query, 200) as query
        from pg_stat_activity where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()
        order by xact_start nulls last limit 20`,
  );

/**
 * A request that has not answered after SLOW_REQUEST.afterMs is logged as a warning, with the pool's state and the
 * database's busy sessions: a request that hangs (a lock never released, a pool held empty) otherwise leaves no trace
 * until its client gives up. One timer for all requests, not one per request.
 */
function watchSlowRequests(app: FastifyInstance, deps: Deps, running: Map<FastifyRequest, number>): void {
  const warned = new WeakSet<FastifyRequest>();
  const pool = poolOf(deps);
  const check = async () => {
    const now = Date.now();
    const slow = [...running].filter(([req, at]) => now - at >= SLOW_REQUEST.afterMs && !warned.has(req));
    if (slow.length === 0) return;
    for (const [req] of slow) warned.add(req);
    const sessions = await within(busySessions(deps), '数据库').catch((err) => reasonOf(err));
    const poolState = pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null;
    for (const [req, at] of slow) {
      app.log.warn({ reqId: req.id, method: req.method, url: req.url, seconds: (now - at) / 1000, pool: poolState, sessions }, '请求处理时间过长');
    }
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', (done) => {
    timer = setInterval(() => void check(), SLOW_REQUEST.everyMs).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    if (timer) clearInterval(timer);
    done();
  });
}

export function registerOps(app: FastifyInstance, deps: Deps): void {
  const m = metricsOf(deps);
  // Closing: answers still in flight end their connection, so close() need not wait for keep-alive to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Handlers still running: one whose client went away keeps running (and using the pool) after its connection closed,
  // so close() waits for them too (websockets excepted: they end with the server).
  const running = new Map<FastifyRequest, number>();
  let settled: (() => void) | null = null;
  const finished = (req: FastifyRequest) => {
    if (running.delete(req) && running.size === 0) settled?.();
  };
  // Callback hooks, one per phase: they run on every request, and an async hook costs a promise and a turn each.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    if (!req.headers.upgrade) running.set(req, Date.now());
    done();
  });
  watchSlowRequests(app, deps, running);
  app.addHook('onSend', (req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    finished(req);
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    await new Promise<void>((resolve) => {
      settled = resolve;
      setTimeout(resolve, DRAIN_MAX_MS).unref();
    });
  });
  app.addHook('onResponse', (req, reply, done) => {
    finished(req);
    const route = req.routeOptions.url ?? 'unmatched';
    const labels = { method: req.method, route };
    m.requests.inc({ ...labels, status: String(reply.statusCode) });
    m.duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    try {
      await within(deps.db.execute(sql`select 1`), '数据库');
    } catch (err) {
      return reply.code(503).send({ status: 'unavailable', reason: `数据库不可用：${reasonOf(err)}` });
    }
    try {
      await within(storageOf(deps).ping(), '文件存储');
    } catch (err) {
      return reply.code(503).send({ status: 'unavailable', reason: `文件存储不可用：${reasonOf(err)}` });
    }
    return { status: 'ok' };
  });

  app.get('/metrics', async (req, reply) => {
    if (!metricsAllowed(req, deps.config.METRICS_TOKEN)) {
      return reply.code(403).send({ success: false, code: 'NO_POWER', message: '无权查看运行指标' });
    }
    reply.header('content-type', m.registry.contentType);
    return m.registry.metrics();
  });
}
