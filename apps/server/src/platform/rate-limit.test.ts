// API rate limits (docs/api.md "Rate limits") over real HTTP: two instances of the app on one database, at the
// production scale (RATE_LIMIT_SCALE=1), behind a trusted proxy so that each test speaks from addresses of its own.
import { formatError } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { makeEnterprise, makeUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { sweepRateHits } from './rate-limit';

const LIMITED = formatError('RATE_LIMITED');

let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
beforeAll(async () => {
  const env = { RATE_LIMIT_SCALE: '1', TRUST_PROXY: '127.0.0.1' };
  a = await createTestApp(env);
  b = await createTestApp(env, { sameDatabaseAs: a });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

let addressSeq = 0;
/** An address no other test speaks from (documentation range 198.51.100.0/24 and beyond). */
const newAddress = () => `198.51.${100 + Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;

interface Reply {
  status: number;
  body: { success: boolean; code?: string; message: string; data?: unknown };
  headers: Headers;
}
async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  o: { from: string; body?: unknown; cookie?: string; headers?: Record<string, string> },
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': o.from, ...o.headers };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}/api${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  return { status: res.status, body: (await res.json()) as Reply['body'], headers: res.headers };
}

/** A staff user of a new enterprise, logged in over HTTP: its session cookie. */
async function session(base: string, from: string, mobile?: string): Promise<{ cookie: string; mobile: string }> {
  const user = mobile ? { mobile } : await makeUser(a.deps.db, await makeEnterprise(a.deps.db));
  const res = await fetch(`${base}/api/stand/pwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ mobile: user.mobile, password: TEST_PASSWORD }),
  });
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sk_sid='));
  if (!sid) throw new Error(`login failed: ${JSON.stringify(await res.json())}`);
  return { cookie: sid.split(';')[0] as string, mobile: user.mobile };
}

let mobileSeq = 0;
const newMobile = () => `139${String(process.pid % 1000).padStart(3, '0')}${String(++mobileSeq).padStart(5, '0')}`;
const sendCode = (base: string, from: string, mobile = newMobile()) => call(base, 'POST', '/stand/sendCode', { from, body: { mobile } });

const codesOf = async (mobile: string) =>
  Number((await rows<{ n: number }>(a.deps.db, sql`select count(*)::int as n from sms_codes where mobile = ${mobile}`))[0]?.n);

function expectRefused(r: Reply, windowSeconds: number): void {
  expect(r.status).toBe(429);
  expect(r.body).toEqual({ success: false, code: 'RATE_LIMITED', message: LIMITED });
  const after = Number(r.headers.get('retry-after'));
  expect(after).toBeGreaterThan(0);
  expect(after).toBeLessThanOrEqual(windowSeconds);
}

describe('the tight class (SMS codes: 10 in 10 minutes per address)', () => {
  it('the 11th code is refused with 429, RATE_LIMITED in Chinese and Retry-After, and no SMS goes out; another address still sends', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await sendCode(baseA, from)).body).toMatchObject({ success: true });
    const mobile = newMobile();
    const refused = await sendCode(baseA, from, mobile);
    expectRefused(refused, 600);
    expect(a.sms.lastCode(mobile)).toBeNull();
    expect(await codesOf(mobile)).toBe(0);
    expect((await sendCode(baseA, newAddress())).body).toMatchObject({ success: true });
  });

  it('two instances on one database share one limit', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await sendCode(i % 2 ? baseB : baseA, from)).body).toMatchObject({ success: true });
    expectRefused(await sendCode(baseA, from), 600);
    expectRefused(await sendCode(baseB, from), 600);
    const [row] = await rows<{ hits: number }>(a.deps.db, sql`select hits from rate_hits where key = ${`tight:a${from}`}`);
    expect(row?.hits).toBe(12);
  });

  it('once the window has passed the count starts over (the window moved back in SQL, not waited for)', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) await sendCode(baseA, from);
    expectRefused(await sendCode(baseA, from), 600);
    // Nine minutes on: still refused, Retry-After about a minute.
    await a.deps.db.execute(sql`update rate_hits set started_at = started_at - interval '9 minutes' where key = ${`tight:a${from}`}`);
    const later = await sendCode(baseB, from);
    expectRefused(later, 60);
    await a.deps.db.execute(sql`update rate_hits set started_at = started_at - interval '1 minute' where key = ${`tight:a${from}`}`);
    expect((await sendCode(baseB, from)).body).toMatchObject({ success: true });
    const [row] = await rows<{ hits: number }>(a.deps.db, sql`select hits from rate_hits where key = ${`tight:a${from}`}`);
    expect(row?.hits).toBe(1);
  });
});

describe('who counts', () => {
  it('a signed-in caller counts per user (heavy: search, 30 a minute): another user at the same address is unaffected, the same user’s second session is not a fresh count', async () => {
    const from = newAddress();
    const first = await session(baseA, from);
    const other = await session(baseA, from);
    for (let i = 0; i < 30; i++) {
      const r = await call(i % 2 ? baseB : baseA, 'GET', '/search?q=%E7%A9%BA%E8%B0%83', { from, cookie: first.cookie });
      expect(r.body).toMatchObject({ success: true });
    }
    expectRefused(await call(baseA, 'GET', '/search?q=%E7%A9%BA%E8%B0%83', { from, cookie: first.cookie }), 60);
    // Another user behind the same address (an office) searches on.
    expect((await call(baseA, 'GET', '/search?q=%E7%A9%BA%E8%B0%83', { from, cookie: other.cookie })).body).toMatchObject({ success: true });
    // The same user logged in again (another device) shares his count; a people route of his is a count of its own.
    const again = await session(baseB, newAddress(), first.mobile);
    expectRefused(await call(baseB, 'GET', '/search?q=%E7%A9%BA%E8%B0%83', { from: newAddress(), cookie: again.cookie }), 60);
    expect((await call(baseB, 'GET', '/v2/sessionUser/info', { from, cookie: again.cookie })).body).toMatchObject({ success: true });
  });

  it('made-up session tokens count on the address: each cannot start a fresh count', async () => {
    const from = newAddress();
    const search = (cookie: string) => call(baseA, 'GET', '/search?q=%E7%A9%BA%E8%B0%83', { from, cookie });
    for (let i = 0; i < 30; i++) expect((await search(`sk_sid=made-up-${i}`)).body).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    expectRefused(await search('sk_sid=made-up-30'), 60);
    const [n] = await rows<{ n: number }>(a.deps.db, sql`select count(*)::int as n from rate_hits where key like ${`%${from}`}`);
    expect(n?.n).toBe(1);
  });

  it('a public route counts per address (anonymous: 120 a minute); another address is unaffected', async () => {
    const from = newAddress();
    const version = (address: string, base = baseA) => call(base, 'GET', '/version/info', { from: address });
    // All at once, to either instance.
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => version(from, i % 2 ? baseB : baseA)));
    expect(answers.map((r) => r.status)).toEqual(Array(120).fill(200));
    expectRefused(await version(from), 60);
    expect((await version(newAddress())).status).toBe(200);
  });
});

describe('the store', () => {
  it('keeps its counters unlogged (no WAL flush per request)', async () => {
    const [t] = await rows<{ p: string }>(a.deps.db, sql`select relpersistence as p from pg_class where relname = 'rate_hits'`);
    expect(t?.p).toBe('u');
  });

  it('sweeps the counters whose window has ended in every class, and none of a live one', async () => {
    const [old, live] = [newAddress(), newAddress()];
    await sendCode(baseA, old);
    await sendCode(baseA, live);
    await a.deps.db.execute(sql`update rate_hits set started_at = now() - interval '10 minutes 1 second' where key = ${`tight:a${old}`}`);
    await a.deps.db.execute(sql`update rate_hits set started_at = now() - interval '9 minutes 59 seconds' where key = ${`tight:a${live}`}`);
    await sweepRateHits(a.deps.db);
    const keys = await rows<{ key: string }>(a.deps.db, sql`select key from rate_hits where key in (${`tight:a${old}`}, ${`tight:a${live}`})`);
    expect(keys.map((k) => k.key)).toEqual([`tight:a${live}`]);
  });
});

describe('when the store fails', () => {
  it('the API answers as if there were no limit (skipOnError)', async () => {
    const from = newAddress();
    await a.deps.db.execute(sql`alter table rate_hits rename to rate_hits_away`);
    try {
      for (let i = 0; i < 11; i++) expect((await sendCode(baseA, from)).body).toMatchObject({ success: true });
    } finally {
      await a.deps.db.execute(sql`alter table rate_hits_away rename to rate_hits`);
    }
    // Counting again.
    expect((await sendCode(baseA, from)).status).toBe(200);
    const [row] = await rows<{ hits: number }>(a.deps.db, sql`select hits from rate_hits where key = ${`tight:a${from}`}`);
    expect(row?.hits).toBe(1);
  });
});
