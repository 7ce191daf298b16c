import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { type Database, rows, sql } from './client';

/**
 * Ready for Citus (docs/scaling.md): every table of the migrated schema is either distributed by enterprise_id (it has
 * the column, every primary key and unique index leads with it, every foreign key includes it) or named below with
 * the reason. A new table that is neither fails here.
 */

/** The tenant table itself: distributed by its own id, which is every other table's enterprise_id. */
const TENANT = 'enterprises';

/** No enterprise at all (asked before anyone is known): reference tables on Citus (copied to every node). */
const REFERENCE: Record<string, string> = {
  job_keys: 'once-ever keys of jobs, some of them global (the daily schedules and sweeps)',
  login_attempts: 'failed logins by mobile and address, counted before the enterprise is known',
  sms_codes: 'login codes by mobile, checked before the enterprise is known',
  rate_hits: 'API rate-limit counters by session user or client address, counted before any enterprise is read',
};

/**
 * Distributed by enterprise_id, but with one unique index that does not lead with it: a secret looked up before the
 * enterprise is known (a cookie, a link's token). On Citus each becomes unique on (enterprise_id, token), and the lookup
 * by token alone is routed to every shard (one index probe each); the token's 128+ random bits keep it unique.
 */
const TOKEN_LOOKUP: Record<string, string> = {
  sessions: 'sessions_id_uq: the session cookie',
  portal_sessions: 'portal_sessions_id_uq: the portal cookie',
  portal_login_tokens: 'portal_login_tokens_hash_uq: the portal login link',
  order_report_links: 'order_report_links_token_uq: the service report link',
  return_visit_tokens: 'return_visit_tokens_hash_uq: the survey link',
  quotation_sign_links: 'quotation_sign_links_hash_uq: the quotation signature link sent by SMS',
  scan_reports: 'scan_reports_token_uq: the follow link of a QR report',
  upload_tokens: 'upload_tokens_id_uq: the direct-upload token',
  security_log: 'security_log_pkey: logins before an enterprise is chosen have none (enterprise_id null)',
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface Row {
  table: string;
  has_ep: boolean;
  bad_unique: string[];
  bad_fk: string[];
}

async function catalog(): Promise<Row[]> {
  return rows<Row>(
    database.db,
    sql`with t as (
          select c.oid, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname <> '__drizzle_migrations')
        select t.relname as table,
          exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'enterprise_id' and not a.attisdropped) as has_ep,
          array(select i.indexrelid::regclass::text from pg_index i where i.indrelid = t.oid and (i.indisunique or i.indisprimary)
                  and (select attname from pg_attribute where attrelid = t.oid and attnum = i.indkey[0]) is distinct from 'enterprise_id'
                order by 1) as bad_unique,
          array(select co.conname::text from pg_constraint co where co.conrelid = t.oid and co.contype = 'f'
                  and not exists (select 1 from unnest(co.conkey) k join pg_attribute a on a.attrelid = t.oid and a.attnum = k
                                  where a.attname = 'enterprise_id')
                order by 1) as bad_fk
        from t order by 1`,
  );
}

describe('the schema is ready to shard by enterprise_id', () => {
  it('has every table distributed by enterprise_id, or named as the tenant, a reference table or a token lookup', async () => {
    const all = await catalog();
    expect(all.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const r of all) {
      if (r.table === TENANT) {
        if (r.bad_fk.length) problems.push(`${r.table}: foreign keys ${r.bad_fk.join(', ')}`);
        continue;
      }
      if (REFERENCE[r.table]) {
        if (r.has_ep) problems.push(`${r.table} is listed as a reference table but has enterprise_id: distribute it`);
        continue;
      }
      if (!r.has_ep) problems.push(`${r.table}: no enterprise_id (add it, or list it as a reference table with the reason)`);
      if (r.bad_fk.length) problems.push(`${r.table}: foreign keys without enterprise_id: ${r.bad_fk.join(', ')}`);
      const token = TOKEN_LOOKUP[r.table];
      if (token) {
        if (r.bad_unique.length !== 1 || !token.startsWith(`${r.bad_unique[0]}:`)) {
          problems.push(`${r.table}: expected exactly the token index of TOKEN_LOOKUP, found ${JSON.stringify(r.bad_unique)}`);
        }
      } else if (r.bad_unique.length) {
        problems.push(`${r.table}: unique indexes not led by enterprise_id: ${r.bad_unique.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    // Every name listed still exists (a dropped table leaves the list).
    const names = new Set(all.map((r) => r.table));
    for (const n of [TENANT, ...Object.keys(REFERENCE), ...Object.keys(TOKEN_LOOKUP)]) expect(names, n).toContain(n);
  });

  it('fails on a new table that is neither distributed nor named', async () => {
    await database.db.execute(sql`create table scratch_notes (id bigint primary key, enterprise_id bigint not null)`);
    await database.db.execute(sql`create table scratch_global (id bigint primary key)`);
    try {
      const found = (await catalog()).filter((r) => r.table.startsWith('scratch_'));
      expect(found).toEqual([
        { table: 'scratch_global', has_ep: false, bad_unique: ['scratch_global_pkey'], bad_fk: [] },
        { table: 'scratch_notes', has_ep: true, bad_unique: ['scratch_notes_pkey'], bad_fk: [] },
      ]);
    } finally {
      await database.db.execute(sql`drop table scratch_notes, scratch_global`);
    }
  });
});
