import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, openPostgres, preparedRows, rows } from './client';
import { socketDir } from './embedded';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('the pool’s connections', () => {
  it('run with JIT off, whatever the server’s default', async () => {
    const [r] = await rows<{ jit: string }>(database.db, sql`select current_setting('jit') as jit`);
    expect(r?.jit).toBe('off');
  });

  it('stay open two by two when the app goes quiet: the next request reuses one instead of connecting', async () => {
    const pooled = await openPostgres(database.url, 5, undefined, 100);
    try {
      const pids = await Promise.all(
        Array.from({ length: 5 }, async () => (await rows<{ pid: number }>(pooled.db, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`))[0]?.pid),
      );
      expect(new Set(pids).size).toBe(5);
      await new Promise((r) => setTimeout(r, 500));
      expect((pooled.db as unknown as { $client: pg.Pool }).$client.totalCount).toBe(2);
      const [again] = await rows<{ pid: number }>(pooled.db, sql`select pg_backend_pid() as pid`);
      expect(pids).toContain(again?.pid);
    } finally {
      await pooled.close();
    }
  });

  // Only on the embedded server the tests started: TEST_DATABASE_URL points at another one, reached as its URL says.
  it.skipIf(!!process.env.TEST_DATABASE_URL)('reach the embedded server through its Unix socket (no TCP peer address), and TCP answers too', async () => {
    const [viaSocket] = await rows<{ addr: string | null }>(database.db, sql`select inet_server_addr()::text as addr`);
    expect(viaSocket?.addr).toBeNull();
    const tcp = await openPostgres(database.url.replace(/\?host=[^&]*/, ''), 1);
    const [viaTcp] = await rows<{ addr: string | null }>(tcp.db, sql`select host(inet_server_addr()) as addr`);
    await tcp.close();
    expect(viaTcp?.addr).toBe('127.0.0.1');
  });
});

describe('socketDir', () => {
  it('is the data directory when the socket path fits, and none past the limit or with a character the setting splits on', () => {
    expect(socketDir('/dev/shm/sk-test-pg-Ab12/pg', 41234)).toBe('/dev/shm/sk-test-pg-Ab12/pg');
    expect(socketDir(`/${'d'.repeat(90)}`, 41234)).toBeNull();
    expect(socketDir('/srv/a,b/pg', 5432)).toBeNull();
    expect(socketDir('/srv/my data/pg', 5432)).toBeNull();
  });
});

describe('preparedRows', () => {
  it('answers the rows of its statement as rows() does, for each set of values', async () => {
    const q = (n: number) => sql`select g as n, ${n}::int * g as times from generate_series(1, 3) g`;
    expect(await preparedRows(database.db, q(2))).toEqual(await rows(database.db, q(2)));
    expect(await preparedRows<{ times: number }>(database.db, q(5))).toEqual([
      { n: 1, times: 5 },
      { n: 2, times: 10 },
      { n: 3, times: 15 },
    ]);
  });

  it('is prepared once on a connection, one name per text, and reused with other values', async () => {
    await database.db.transaction(async (tx) => {
      const one = (id: number) => sql`select ${id}::int as id, 'prepared-one' as tag`;
      const two = (id: number) => sql`select ${id}::int as id, 'prepared-two' as tag`;
      await preparedRows(tx, one(1));
      await preparedRows(tx, one(2));
      await preparedRows(tx, two(3));
      const named = await rows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where statement like '%prepared-%' and statement not like '%pg_prepared_statements%' order by statement`,
      );
      expect(named).toHaveLength(2);
      expect(named.map((n) => n.statement)).toEqual([expect.stringContaining('prepared-one'), expect.stringContaining('prepared-two')]);
      expect(new Set(named.map((n) => n.name)).size).toBe(2);
      for (const n of named) expect(n.name).toMatch(/^sk_[0-9a-f]{24}$/);
    });
  });

  it('prepares again when a migration changed a table it reads * of, instead of failing until a restart', async () => {
    // One connection, so the second call meets the copy the first prepared.
    const one = await openPostgres(database.url, 1);
    try {
      await one.db.execute(sql`create table prepared_probe (id int)`);
      await one.db.execute(sql`insert into prepared_probe values (7)`);
      const read = () => preparedRows(one.db, sql`select * from prepared_probe where id = ${7}`);
      expect(await read()).toEqual([{ id: 7 }]);
      await one.db.execute(sql`alter table prepared_probe add column note text default '新列'`);
      expect(await read()).toEqual([{ id: 7, note: '新列' }]);
      expect(await read()).toEqual([{ id: 7, note: '新列' }]);
    } finally {
      await one.close();
    }
  });
});
