import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, type Executor, rows } from './client';

/**
 * Tenancy in the keys, read from the catalog of the migrated database: every
 * business table has enterprise_id NOT NULL, a primary key that starts with it, and every foreign
 * key to another business table carries it (enterprise_id → enterprise_id).
 */
const GLOBAL_TABLES = new Set([
  'enterprises', // the tenant itself
  'sms_codes', // a code belongs to a mobile before any enterprise is chosen
  'login_attempts', // rate limits per mobile and IP
  'rate_hits', // API rate counters per user or address (an address has no enterprise)
  'security_log', // a failed login may have no enterprise
  'job_keys', // once-only keys of the job queue, which serves every enterprise
]);

interface Key {
  table: string;
  type: 'p' | 'f';
  name: string;
  cols: string[];
  ref_table: string | null;
  ref_cols: string[] | null;
}

const asList = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

export async function tenancyViolations(ex: Executor, globals: Set<string>): Promise<string[]> {
  const tables = await rows<{ name: string; ep_nullable: boolean | null }>(
    ex,
    sql`select c.relname as name,
          (select not a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'enterprise_id' and not a.attisdropped) as ep_nullable
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const keys = (
    await rows<Key>(
      ex,
      sql`select t.relname as table, k.contype as type, k.conname as name,
            array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
                  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)::text[] as cols,
            r.relname as ref_table,
            array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
                  join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i)::text[] as ref_cols
          from pg_constraint k join pg_class t on t.oid = k.conrelid join pg_namespace n on n.oid = t.relnamespace
          left join pg_class r on r.oid = k.confrelid
          where n.nspname = 'public' and k.contype in ('p', 'f')`,
    )
  ).map((k) => ({ ...k, cols: asList(k.cols), ref_cols: k.ref_cols == null ? null : asList(k.ref_cols) }));

  const out: string[] = [];
  for (const t of tables) {
    if (globals.has(t.name)) continue;
    if (t.ep_nullable == null) out.push(`${t.name}: no enterprise_id column`);
    else if (t.ep_nullable) out.push(`${t.name}: enterprise_id is nullable`);
    const pk = keys.find((k) => k.table === t.name && k.type === 'p');
    if (!pk) out.push(`${t.name}: no primary key`);
    else if (pk.cols[0] !== 'enterprise_id') out.push(`${t.name}: primary key (${pk.cols.join(', ')}) does not start with enterprise_id`);
    for (const fk of keys.filter((k) => k.table === t.name && k.type === 'f')) {
      if (!fk.ref_table || globals.has(fk.ref_table)) continue;
      const i = fk.cols.indexOf('enterprise_id');
      if (i < 0 || fk.ref_cols?.[i] !== 'enterprise_id') out.push(`${t.name}: foreign key ${fk.name} to ${fk.ref_table} does not carry enterprise_id`);
    }
  }
  return out;
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('tenancy in the keys', () => {
  it('holds for every table of the migrated schema', async () => {
    const [n] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
    expect(Number(n?.n)).toBeGreaterThan(GLOBAL_TABLES.size);
    expect(await tenancyViolations(database.db, GLOBAL_TABLES)).toEqual([]);
  });

  it('reports a table that breaks the rule', async () => {
    const db = database.db;
    await db.execute(sql`create table bad_no_ep (id bigint primary key, name text)`);
    await db.execute(sql`create table bad_nullable (enterprise_id bigint, id bigint primary key)`);
    await db.execute(sql`create table bad_pk_order (enterprise_id bigint not null, id bigint, primary key (id, enterprise_id))`);
    await db.execute(sql`create table bad_fk (enterprise_id bigint not null, id bigint, user_id bigint, user_ep bigint,
      primary key (enterprise_id, id), constraint bad_fk_user foreign key (user_ep, user_id) references users (enterprise_id, id))`);
    await db.execute(sql`create table good_one (enterprise_id bigint not null references enterprises (id), id bigint, user_id bigint,
      primary key (enterprise_id, id), foreign key (enterprise_id, user_id) references users (enterprise_id, id))`);
    const found = await tenancyViolations(db, GLOBAL_TABLES);
    expect(found.sort()).toEqual(
      [
        'bad_no_ep: no enterprise_id column',
        'bad_no_ep: primary key (id) does not start with enterprise_id',
        'bad_nullable: enterprise_id is nullable',
        'bad_nullable: primary key (id) does not start with enterprise_id',
        'bad_pk_order: primary key (id, enterprise_id) does not start with enterprise_id',
        'bad_fk: foreign key bad_fk_user to users does not carry enterprise_id',
      ].sort(),
    );
    await db.execute(sql`create table bad_no_pk (enterprise_id bigint not null, id bigint)`);
    expect(await tenancyViolations(db, GLOBAL_TABLES)).toContain('bad_no_pk: no primary key');
  });
});
