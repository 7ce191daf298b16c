import autocannon from 'autocannon';
import type { Database } from '../apps/server/src/db/client';
import { keepRequestStatements, onRequestStatements } from '../apps/server/src/db/statements';

/** One statement as the driver received it, to replay byte for byte. */
interface Statement {
  args: unknown[];
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

const clientOf = (database: Database) => (database.db as unknown as { $client: { query: QueryFn } }).$client;

/** Records every statement the app sends through the driver while `run` executes. */
export async function captureSql(database: Database, run: () => Promise<void>): Promise<Statement[]> {
  const client = clientOf(database);
  const original = client.query;
  const seen: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    // The job queue polls on the same pool; its statements are not the request's.
    if (!JSON.stringify(args[0]).includes('pgboss.')) seen.push({ args });
    return original.apply(this, args);
  } as QueryFn;
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

/** Runs the captured statements in order, directly on the driver, `iterations` times; answers each run's milliseconds. */
export async function replay(database: Database, statements: Statement[], iterations: number, maxMs: number): Promise<number[]> {
  const client = clientOf(database);
  const times: number[] = [];
  const stop = Date.now() + maxMs;
  for (let i = 0; i < iterations && Date.now() < stop; i++) {
    const t0 = performance.now();
    for (const s of statements) await client.query(...s.args);
    times.push(performance.now() - t0);
  }
  return times;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** EXPLAIN ANALYZE of one captured statement (its driver arguments as captured by captureSql). */
export async function explain(database: Database, args: unknown[]): Promise<string> {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : first.text;
  const values = typeof first === 'string' ? (args[1] as unknown[]) : (first.values ?? (args[1] as unknown[]));
  const res = (await clientOf(database).query(`explain (analyze, buffers, costs off) ${text}`, values ?? [])) as { rows: Record<string, unknown>[] };
  return res.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

/** One GET endpoint's latency: API p50/p99 under one autocannon connection, and the p50 of its own statements replayed. */
export interface MeasuredGet {
  endpoint: string;
  apiP50: number;
  apiP99: number;
  sqlP50: number;
}

/** Warms the endpoint, captures its statements, measures it for `seconds` and replays its SQL directly. */
export async function measureGet(database: Database, base: string, cookie: string, p: string, seconds: number): Promise<MeasuredGet> {
  const get = async () => {
    const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
    const body = (await res.json()) as { success: boolean; message: string };
    if (!body.success) throw new Error(`${p}: ${body.message}`);
  };
  for (let i = 0; i < 3; i++) await get();
  const statements = await captureSql(database, get);
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: seconds, headers: { cookie } });
  const times = await replay(database, statements, 1000, seconds * 500);
  return { endpoint: p, apiP50: r.latency.p50, apiP99: r.latency.p99, sqlP50: percentile(times, 50) };
}

/** Prints measured endpoints as a table, each named by `name` (the path without its common prefix and paging). */
export function printMeasured(rows: MeasuredGet[], name: (endpoint: string) => string): void {
  console.table(
    rows.map((r) => ({
      endpoint: decodeURIComponent(name(r.endpoint)),
      'API p50 ms': r.apiP50.toFixed(2),
      'API p99 ms': r.apiP99.toFixed(2),
      'SQL p50 ms': r.sqlP50.toFixed(2),
      'API/SQL': (r.apiP50 / r.sqlP50).toFixed(2),
    })),
  );
}

type PoolLike = { query: QueryFn; connect: (...args: unknown[]) => Promise<{ query: QueryFn; release: (err?: unknown) => void }> };

/**
 * Like captureSql, but also the statements sent inside transactions (a transaction runs on a client checked out of the
 * pool, which captureSql does not see): what a write sends. Statements are in the order the driver received them,
 * BEGIN/COMMIT included. `requestOnly`: the requests' own statements only (captureRequestSql).
 */
export async function captureAllSql(database: Database, run: () => Promise<void>, opts: { requestOnly?: boolean } = {}): Promise<Statement[]> {
  if (opts.requestOnly) return captureRequestSql(run);
  const pool = clientOf(database) as unknown as PoolLike;
  const seen: Statement[] = [];
  const keep = (args: unknown[]) => {
    if (!JSON.stringify(args[0]).includes('pgboss.')) seen.push({ args });
  };
  const wrapped = new Map<{ query: QueryFn }, QueryFn>();
  const originalQuery = pool.query;
  const originalConnect = pool.connect;
  pool.query = function (this: unknown, ...args: unknown[]) {
    keep(args);
    return originalQuery.apply(this, args);
  } as QueryFn;
  pool.connect = function (this: unknown, ...args: unknown[]) {
    // pool.query checks out its client with a callback: those statements are already seen above.
    if (typeof args[0] === 'function') return originalConnect.apply(this, args);
    return originalConnect.apply(this, args).then((client) => {
      if (!wrapped.has(client)) {
        const q = client.query;
        wrapped.set(client, q);
        client.query = function (this: unknown, ...a: unknown[]) {
          keep(a);
          return q.apply(this, a);
        } as QueryFn;
      }
      return client;
    });
  } as PoolLike['connect'];
  try {
    await run();
  } finally {
    pool.query = originalQuery;
    pool.connect = originalConnect;
    for (const [client, q] of wrapped) client.query = q;
  }
  return seen;
}

/**
 * What the requests `run` makes sent before their answers, as the app counts them (db/statements.ts, the figure the
 * tests' ceilings use): not the work after commit, nor the jobs and other requests' statements meanwhile.
 */
async function captureRequestSql(run: () => Promise<void>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const stopKeeping = keepRequestStatements();
  const stopHearing = onRequestStatements((r) => {
    for (const args of r.sent ?? []) seen.push({ args });
  });
  try {
    await run();
  } finally {
    stopHearing();
    stopKeeping();
  }
  return seen;
}

const textOf = (s: Statement) => {
  const first = s.args[0] as string | { text: string };
  return (typeof first === 'string' ? first : first.text).trim().toLowerCase();
};

/** BEGIN, COMMIT, ROLLBACK and savepoints: the replay brings its own transaction. */
export const isTransactionControl = (s: Statement): boolean => /^(begin|commit|rollback|savepoint|release savepoint)\b/.test(textOf(s));

/**
 * A write's statements replayed on one connection inside a transaction that is rolled back, `iterations` times; each
 * run's milliseconds count the statements only, not `prelude` (untimed statements first in the same transaction that
 * put the data back as it was before the captured call: the order's state, a number the call took). Answers the times,
 * or the error the replay met (a write that cannot be replayed is reported, not guessed).
 */
export async function replayRolledBack(
  database: Database,
  statements: Statement[],
  prelude: { text: string; values?: unknown[] }[],
  iterations: number,
  maxMs: number,
): Promise<number[] | string> {
  const pool = clientOf(database) as unknown as PoolLike;
  const client = await pool.connect();
  const body = statements.filter((s) => !isTransactionControl(s));
  const times: number[] = [];
  const stop = Date.now() + maxMs;
  try {
    for (let i = 0; i < iterations && Date.now() < stop; i++) {
      await client.query('begin');
      try {
        for (const p of prelude) await client.query(p.text, p.values ?? []);
        const t0 = performance.now();
        for (const s of body) await client.query(...s.args);
        times.push(performance.now() - t0);
      } finally {
        await client.query('rollback');
      }
    }
    return times;
  } catch (err) {
    return `not replayable: ${(err as Error).message}`;
  } finally {
    client.release();
  }
}
