import type { EndpointDef } from '@sk/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../db/client';
import { newCustomer, newModel } from '../modules/customers/index';
import { Client, makeEnterprise, makeUser, TEST_PASSWORD } from './factories';
import { createTestApp, type TestApp } from './harness';
import { hostileValue, malformedInput, queryString } from './malformed';
import { endpointsOf } from '../platform/endpoint';
import { runProvision } from '../platform/provision';

/**
 * For every registered contract, malformed input generated from the contract's own
 * schema, sent over HTTP as a logged-in administrator with CSRF, never answers HTTP 500, and a
 * refused request writes nothing to a business table. The contracts are walked in shards, a test file each
 * (contracts.fuzz.N.test.ts, each with its own app and database): one file walking all of them ran alone for
 * minutes at the end of `npm test`.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

/** Tables a refused request may still touch: sessions, login throttling, codes, logs, the queue. */
// job_keys: the sweeps take a key per time slot in the background, whatever the request did.
// fuzz_writes: this file's own write counter (below). rate_hits: every request's rate counter (platform/rate-limit.ts).
const NOT_BUSINESS = new Set([
  'sessions',
  'login_attempts',
  'rate_hits',
  'security_log',
  'sms_codes',
  'jobs',
  'job_keys',
  'page_points',
  '__drizzle_migrations',
  'fuzz_writes',
]);

interface Sent {
  url: string;
  method: string;
  payload?: string;
  contentType?: string;
}

const PARAM_VALUES = ['1', '2147483648', '-1', 'abc', '%00', '%ED%A0%80', '1,2', 'x'.repeat(300)];

/** One malformed request for the contract: query from its query schema, body from its body schema. */
function requestArb(ep: EndpointDef): fc.Arbitrary<Sent> {
  const path = fc.constantFrom(...PARAM_VALUES).map((p) => `/api${ep.path.replace(/:\w+/g, p)}`);
  const query = ep.query
    ? malformedInput(ep.query)
    : fc.oneof(fc.constant(undefined), fc.dictionary(fc.constantFrom('id', 'x', '\u0000'), hostileValue, { maxKeys: 2 }));
  const withQuery = fc.tuple(path, query).map(([p, q]) => {
    const qs = queryString(q);
    return qs ? `${p}?${qs}` : p;
  });
  if (ep.method === 'GET') return withQuery.map((url) => ({ url, method: 'GET' }));
  const json = (ep.body ? malformedInput(ep.body) : hostileValue).map((b) => ({ payload: JSON.stringify(b ?? {}), contentType: 'application/json' }));
  const multipart = fc.constantFrom(...BROKEN_MULTIPART);
  const body = fc.oneof({ arbitrary: json, weight: 9 }, { arbitrary: multipart, weight: 1 });
  return fc.tuple(withQuery, body).map(([url, b]) => ({ url, method: ep.method, ...b }));
}

const BOUNDARY = 'skfuzzboundary';
const BROKEN_MULTIPART = [
  { contentType: `multipart/form-data; boundary=${BOUNDARY}`, payload: '' },
  {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
  },
  {
    contentType: 'multipart/form-data; boundary=other',
    payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`,
  },
  { contentType: 'multipart/form-data', payload: 'garbage' },
];

/** Raw JavaScript values in a sentence: '[object Object]', 'true或false', 'customer或product'. */
const RAW_VALUES = /\[object |\bundefined\b|[A-Za-z_]+或[A-Za-z_]+/;
/** A refusal names its field in Chinese: some Chinese, and no raw key ('type：…'), raw value or English type name. */
const plainChinese = (m: string) =>
  /[\u4e00-\u9fa5]/.test(m) && !/^[A-Za-z_][\w.[\]]*：/.test(m) && !/期望|received|expected|Invalid/i.test(m) && !RAW_VALUES.test(m);

const brief = (s: Sent) => `${s.method} ${s.url.slice(0, 300)} ${s.payload?.slice(0, 300) ?? ''}`;

/** Registers the fuzz of every `shards`-th contract, starting at `shard`, with an app and database of its own. */
export function fuzzContracts(shard: number, shards: number): void {
  let t: TestApp;
  let client: Client;
  let enterpriseId: number;
  let fingerprintSql: ReturnType<typeof sql>;

  async function adminClient(): Promise<Client> {
    const admin = await makeUser(t.deps.db, enterpriseId, { roles: [3], admin: true });
    return new Client(t.app).login(admin.mobile, TEST_PASSWORD, enterpriseId);
  }

  /** Row count and newest row version of every business table: any insert, update or delete moves it. */
  async function fingerprint(): Promise<string> {
    const r = await rows<{ t: string; n: string; x: string }>(t.deps.db, fingerprintSql);
    // Sorted: a union all has no order of its own (a parallel plan answers its parts in any order).
    return r
      .map((x) => `${x.t}:${x.n}:${x.x}`)
      .sort()
      .join('|');
  }

  /** The tables whose count or newest row version differ between two fingerprints (names what a refusal wrote). */
  function changedTables(before: string, after: string): string {
    const was = new Set(before.split('|'));
    return after
      .split('|')
      .filter((x) => !was.has(x))
      .map((x) => x.split(':')[0])
      .join(', ');
  }

  /**
   * How many rows have been written to the business tables of this database: triggers on each count them.
   * It moves only when something here writes (the server's transaction ids move with every other file's writes too,
   * which made each request compute two fingerprints while the suite ran: a shard took 4–8 minutes instead of one).
   */
  async function writes(): Promise<string> {
    const [r] = await rows<{ n: string }>(t.deps.db, sql`select n::text as n from fuzz_writes`);
    return r?.n ?? '';
  }

  /**
   * The counter and triggers on every business table that move it for each row written (committed writes only: the
   * bump is a write too). Per row, not per statement: a delete that matched nothing moves nothing.
   */
  async function countWrites(tables: string[]): Promise<void> {
    await t.deps.db.execute(sql`create table fuzz_writes (n bigint not null)`);
    await t.deps.db.execute(sql`insert into fuzz_writes values (0)`);
    await t.deps.db.execute(
      sql`create function fuzz_bump() returns trigger language plpgsql as $$ begin update fuzz_writes set n = n + 1; return null; end $$`,
    );
    for (const n of tables) {
      await t.deps.db.execute(sql`create trigger fuzz_bump after insert or update or delete on ${sql.identifier(n)} for each row execute function fuzz_bump()`);
      await t.deps.db.execute(sql`create trigger fuzz_bump_truncate after truncate on ${sql.identifier(n)} for each statement execute function fuzz_bump()`);
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    enterpriseId = await makeEnterprise(t.deps.db, { plan: 1 });
    await runProvision(t.deps.db, enterpriseId, 'service');
    client = await adminClient();
    // A little data so ids in generated input sometimes hit real records.
    const customerId = await newCustomer(client);
    await newModel(client);
    await client.post('/v2/epTag', { code: 4, name: '重要', color_rgb: '#ff0000' });
    await client.post('/customer/linkperson/save', { customerId, name: '李四', phone: '13900001111' });
    const tables = await rows<{ name: string }>(
      t.deps.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const business = tables.map((x) => x.name).filter((n) => !NOT_BUSINESS.has(n));
    await countWrites(business);
    const parts = business.map((n) => sql`select ${n} as t, count(*)::text as n, coalesce(max(xmin::text::bigint), 0)::text as x from ${sql.identifier(n)}`);
    fingerprintSql = sql.join(parts, sql` union all `);
  }, 120_000);
  afterAll(async () => t?.close());

  async function send(s: Sent) {
    const headers: Record<string, string> = { cookie: client.cookie };
    if (s.method !== 'GET') headers['x-csrf-token'] = client.csrf;
    if (s.contentType) headers['content-type'] = s.contentType;
    const res = await t.app.inject({ method: s.method as never, url: s.url, headers, ...(s.payload !== undefined ? { payload: s.payload } : {}) });
    let body: { success?: boolean; code?: string; message?: string } = {};
    try {
      body = res.json();
    } catch {
      // File downloads answer bytes.
    }
    return { status: res.statusCode, ...body };
  }

  /** Some contracts end or change the session (logout, demoting oneself): start each with a working admin. */
  async function ensureAdmin(): Promise<void> {
    const me = await client.get('/v2/sessionUser/info');
    if (!me.success || !me.data?.admin) client = await adminClient();
  }

  describe(`contract fuzz, shard ${shard + 1} of ${shards} (seed ${SEED}, ${RUNS} runs per contract)`, () => {
    it('walks every registered contract', () => {
      expect(endpointsOf(t.app).length).toBeGreaterThan(200);
      expect(mine().length).toBeGreaterThan(200 / shards);
    });

    it('notices a write, so a refused request that wrote cannot pass unseen', async () => {
      const w = await writes();
      const fp = await fingerprint();
      await client.get('/v2/sessionUser/info');
      expect(await writes(), 'a read counts no write').toBe(w);
      await newCustomer(client);
      expect(await writes()).not.toBe(w);
      expect(await fingerprint()).not.toBe(fp);
    });

    it('never answers HTTP 500 and writes nothing when it refuses', { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      const eps = mine();
      let known = { w: '', fp: '' };
      for (const [i, ep] of eps) {
        await ensureAdmin();
        const samples = fc.sample(requestArb(ep), { numRuns: RUNS, seed: SEED + i });
        const began = performance.now();
        for (const s of samples) {
          const w0 = await writes();
          if (known.w !== w0) known = { w: w0, fp: await fingerprint() };
          const r = await send(s);
          if (process.env.FUZZ_TRACE && ep.path.includes(process.env.FUZZ_TRACE)) console.log(r.status, r.message, brief(s).slice(0, 200));
          if (r.status >= 500) {
            failures.push(`500 ${brief(s)}`);
            continue;
          }
          // No row of a business table written: the common case, and cheap. A row written back unchanged still counts,
          // so the fingerprint decides.
          if (r.success === false && (await writes()) !== w0) {
            const after = await fingerprint();
            if (after !== known.fp) failures.push(`refused but wrote (${r.message}) ${brief(s)} [${changedTables(known.fp, after)}]`);
          }
          // Every refusal is the envelope (HTTP 200, or 404 for an unknown path), worded in plain Chinese.
          if (r.status !== 200 && (r.status !== 404 || typeof r.success !== 'boolean')) failures.push(`HTTP ${r.status} outside the envelope ${brief(s)}`);
          if (r.success === false && !plainChinese(r.message ?? '')) failures.push(`message not plain Chinese (${r.code} ${r.message}) ${brief(s)}`);
          if (r.code === 'NOT_LOGGED_IN' && ep.auth !== 'public' && ep.auth !== 'portal') client = await adminClient();
        }
        const ms = performance.now() - began;
        if (process.env.FUZZ_SLOW && ms > Number(process.env.FUZZ_SLOW)) console.log(`fuzz: ${ep.method} ${ep.path} ${Math.round(ms)} ms`);
      }
      const errors = failures.filter((f) => f.startsWith('500 '));
      const endpoints = new Set(errors.map((f) => f.split(' ')[2]?.split('?')[0]));
      const wrote = failures.filter((f) => f.startsWith('refused but wrote')).length;
      console.log(
        `contract fuzz: ${errors.length} HTTP 500 on ${endpoints.size} endpoints, ${wrote} refused-but-wrote, ${failures.length - errors.length - wrote} unclear messages, over ${eps.length} contracts of shard ${shard + 1}`,
      );
      expect(failures.slice(0, 40)).toEqual([]);
    });
  });

  /** This shard's contracts, with their index in the whole list (it seeds their samples, as before the split). */
  function mine(): [number, EndpointDef][] {
    return [...endpointsOf(t.app).entries()].filter(([i]) => i % shards === shard);
  }
}
