import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ReadReplica, routeReads } from './replica';
import { watchCommits } from './after-commit';
import { countPoolStatements } from './statements';

/**
 * Drizzle over node-postgres: the embedded server or DATABASE_URL, the same engine. Without the relational query API
 * (nothing uses `db.query`): given the schema, every transaction built a query builder for each of its tables.
 */
export type { Db, Executor, Tx } from './types';
import type { Db, Executor } from './types';

export interface Database {
  db: Db;
  /** Where the server is: started by this process (embedded) or given by DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  url: string;
  /** The streaming replica that list, count, report and export reads may go to (DATABASE_READ_URL); none by default. */
  replica?: ReadReplica | null;
  close(): Promise<void>;
}

// Timestamps as ISO text, not JS Date: the presenters format them in the enterprise's zone.
pg.types.setTypeParser(1184, (v) => v);
pg.types.setTypeParser(1114, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Startup options of every connection: JIT off. Our statements run in milliseconds, and a list or count whose estimate
 * passes jit_above_cost was compiled first (Debian's PostgreSQL ships JIT on): tens of milliseconds added to a query of
 * a few. PGOPTIONS (and an `options` in the URL) still apply after it, so an operator can turn it back on.
 */
const SESSION_OPTIONS = ['-c jit=off', process.env.PGOPTIONS].filter(Boolean).join(' ');

/**
 * Connections the pool keeps however quiet the app. A new connection pays for its connect, its catalogue caches and its
 * named statements on its first request: 11–25 ms against 8–12 for the order list after 12 s without a request.
 */
export const POOL_MIN = 2;
/** Idle connections beyond POOL_MIN close after this (node-postgres' default is 10 s). */
export const POOL_IDLE_MS = 60_000;

export async function openPostgres(url: string, max = 10, readUrl?: string, idleMs = POOL_IDLE_MS): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, min: Math.min(POOL_MIN, max), idleTimeoutMillis: idleMs, options: SESSION_OPTIONS });
  pool.on('error', () => {});
  healDeadClients(pool);
  countPoolStatements(pool);
  const db = drizzlePg(pool) as unknown as Db;
  watchCommits(pool, db);
  if (!readUrl) return { db, kind: 'postgres', url, close: () => pool.end() };
  // The replica's own pool, of the same size; its sessions show as servicekeeper-read in pg_stat_activity. A replica
  // that does not answer a connection within 2 s hands the read to the primary (db/replica.ts) instead of holding it.
  const readPool = new pg.Pool({
    connectionString: readUrl,
    max,
    options: SESSION_OPTIONS,
    application_name: 'servicekeeper-read',
    connectionTimeoutMillis: 2000,
  });
  readPool.on('error', () => {});
  healDeadClients(readPool);
  const replica = new ReadReplica(readPool);
  routeReads(pool, replica);
  return { db, kind: 'postgres', url, replica, close: async () => void (await Promise.all([pool.end(), readPool.end()])) };
}

/** How long a client whose connection ended may stay checked out before the pool takes it back. */
const DEAD_CLIENT_GRACE_MS = 5000;

/**
 * A client checked out of the pool (a transaction, LISTEN, a job) has no pool listener: when the server goes away its
 * 'error' event would crash the process, so it gets one (the query in flight still fails). And a holder may never
 * release it: Drizzle's transaction sends BEGIN outside its try, so a BEGIN that meets a dead connection leaks the
 * client, and each outage would cost the pool a slot for good. A client whose connection ended and that is still
 * out after a grace period is released with an error, which removes it from the pool.
 */
function healDeadClients(pool: pg.Pool): void {
  const out = new Set<pg.PoolClient>();
  pool.on('acquire', (c) => out.add(c));
  pool.on('release', (_err, c) => out.delete(c as pg.PoolClient));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      setTimeout(() => {
        const c = client as pg.PoolClient;
        if (!out.delete(c)) return;
        c.release(new Error('Connection terminated: released by the pool after the server went away'));
      }, DEAD_CLIENT_GRACE_MS).unref();
    });
  });
}

/** Rows of a raw statement. */
export async function rows<T = Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Statement texts sent as named statements so far, and their names (the text's hash). */
const named = new Map<string, string>();
/** Past this many distinct texts, further ones run unnamed: a text with inlined values cannot grow every connection's cache. */
const MAX_NAMED = 200;

type Preparing = {
  dialect: PgDialect;
  session: { prepareQuery(q: { sql: string; params: unknown[] }, f: undefined, name: string | undefined, arrayMode: false): { execute(): Promise<unknown> } };
};

/**
 * rows() as a named statement: PostgreSQL parses and plans it once per connection, and node-postgres sends only Bind
 * and Execute after that (the driver keeps the names it prepared on each connection). For the hot reads of a fixed
 * shape (the order detail); the name is the text's hash, so another shape (another role's scope) is another name.
 */
export async function preparedRows<T = Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const p = ex as unknown as Preparing;
  const built = p.dialect.sqlToQuery(query);
  const run = async () => ((await p.session.prepareQuery(built, undefined, nameOf(built.sql), false).execute()) as { rows: T[] }).rows;
  try {
    return await run();
  } catch (err) {
    // A migration changed a table the statement reads `*` of (another instance deployed meanwhile): the connections'
    // prepared copies are stale for good, so the text takes a new name and is prepared again. A transaction is
    // aborted by the error and cannot retry; its caller sees it.
    if (codeOf(err) !== STALE_PLAN || ex instanceof PgTransaction) throw err;
    named.set(built.sql, newName(built.sql));
    return run();
  }
}

/** The server's error code, on the error or (Drizzle wraps it) on its cause. */
const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code ?? e.cause?.code;
};

/** "cached plan must not change result type" */
const STALE_PLAN = '0A000';
let generation = 0;
const newName = (text: string) => `sk_${createHash('sha1').update(`${generation++}:${text}`).digest('hex').slice(0, 24)}`;

function nameOf(text: string): string | undefined {
  const known = named.get(text);
  if (known != null || named.size >= MAX_NAMED) return known;
  const name = newName(text);
  named.set(text, name);
  return name;
}

/** Affected row count of a raw statement. */
export async function affected(ex: Executor, query: SQL): Promise<number> {
  const res = (await ex.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return res.rowCount ?? res.affectedRows ?? 0;
}

export { sql };
