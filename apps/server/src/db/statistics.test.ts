// The texts' planner statistics (db/statistics.ts): made at migration; analysed then only when the table holds rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEnterprise } from '../test/factories';
import { openTestDatabase } from '../test/harness';
import { type Database, rows } from './client';
import { createStatistics } from './statistics';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** -1 while the table has never been analysed (nor vacuumed); an analysis of an empty table leaves 0. */
const reltuples = async (table: string) =>
  (await rows<{ n: number }>(database.db, sql`select reltuples::int as n from pg_class where oid = ${table}::regclass`))[0]?.n;
const exprStats = async (name: string) =>
  (await rows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_stats_ext_exprs where statistics_name = ${name}`))[0]?.n ?? 0;

describe('the texts’ statistics', () => {
  it('leaves an empty table unanalysed (planned as new, not as empty), and analyses one that holds rows', async () => {
    await database.db.execute(sql`drop statistics if exists events_text_stx, customers_text_stx`);
    const ep = await makeEnterprise(database.db);
    await database.db.execute(sql`insert into customers (enterprise_id, name, link_name) values (${ep}, '西南机电', '王工')`);
    await createStatistics(database);
    const made = await rows<{ name: string }>(
      database.db,
      sql`select stxname::text as name from pg_statistic_ext where stxname in ('events_text_stx', 'customers_text_stx') order by 1`,
    );
    expect(made.map((r) => r.name)).toEqual(['customers_text_stx', 'events_text_stx']);
    // A table analysed empty is planned as that small until autovacuum comes round: a fresh database's are left alone.
    expect(await reltuples('events')).toBe(-1);
    expect(await reltuples('customers')).toBeGreaterThan(0);
    expect(await exprStats('customers_text_stx')).toBe(1);
  });
});
