import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** Drizzle over either driver: node-postgres (DATABASE_URL) or PGlite (embedded). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Timestamps as ISO text, not JS Date: the presenters format them in the enterprise's zone.
pg.types.setTypeParser(1184, (v) => v);
pg.types.setTypeParser(1114, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    parsers: { 1184: (v: string) => v, 1114: (v: string) => v, 20: (v: string) => Number(v) },
  });
  const db = drizzleLite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a raw statement, the same on both drivers. */
export async function rows<T = Record<string, unknown>>(ex: Executor, query: SQL): Promise<T[]> {
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Affected row count of a raw statement, the same on both drivers. */
export async function affected(ex: Executor, query: SQL): Promise<number> {
  const res = (await ex.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return res.rowCount ?? res.affectedRows ?? 0;
}

export { sql };
