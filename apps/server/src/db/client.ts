import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * One process per embedded data directory: PGlite runs inside the app, so a second server on the
 * same DATA_DIR would corrupt it. A lock file names the owner's pid; a lock whose process is gone
 * (the server was SIGKILLed) is stale and taken over. PGlite itself needs no repair after a kill:
 * it replays its WAL on open and ignores the postmaster.pid a killed process leaves behind.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const unlock = () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return unlock;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = Number(readFileSync(file, 'utf8').trim()) || 0;
    if (held && held !== process.pid && processAlive(held)) {
      throw new Error(`嵌入式数据库目录 ${dataDir} 正被另一个进程（pid ${held}）使用；请先停止它，或为本实例设置不同的 DATA_DIR`);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`无法锁定嵌入式数据库目录 ${dataDir}`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused pid after a reboot belongs to something else: only a node process counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    parsers: { 1184: (v: string) => v, 1114: (v: string) => v, 20: (v: string) => Number(v) },
  }).catch((err) => {
    unlock();
    throw err;
  });
  const db = drizzleLite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
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
