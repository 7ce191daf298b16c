// Code takeover, cookie, cross-site login, brute force. Each case failed on the old code.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeEnterprise, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';

const WRONG = '手机号或密码错误';
const LOCKED = '登录失败次数过多，请15分钟后再试';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
// Every request here comes from 127.0.0.1: start each case below the per-address limit.
beforeEach(async () => {
  await t.deps.db.execute(sql`delete from login_attempts`);
});

async function user(): Promise<{ id: number; mobile: string }> {
  return makeUser(t.deps.db, await makeEnterprise(t.deps.db));
}

/** A raw request, for what the Client does not vary: peer address, headers, body encoding. */
async function raw(o: {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  remoteAddress?: string;
  app?: TestApp;
}) {
  const res = await (o.app ?? t).app.inject({
    method: o.method ?? 'POST',
    url: `/api${o.url}`,
    headers: o.headers,
    payload: o.payload as never,
    remoteAddress: o.remoteAddress,
  });
  return { status: res.statusCode, body: res.json(), cookie: res.cookies.find((c) => c.name === 'sk_sid') };
}

describe('sending codes', () => {
  it('twenty asks at once send one code; the others wait their minute', async () => {
    const u = await user();
    const answers = await race(20, () => new Client(t.app).post('/stand/sendCode', { mobile: u.mobile }));
    const t2 = tally(answers);
    expect(t2.ok).toBe(1);
    expect(
      Object.keys(t2)
        .filter((k) => k !== 'ok')
        .every((m) => /^验证码发送过于频繁，请\d+秒后再试$/.test(m)),
    ).toBe(true);
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from sms_codes where mobile = ${u.mobile}`);
    expect(n?.n).toBe(1);
  });
});

describe('dev outbox', () => {
  it('answers the code only to a loopback peer that came through no proxy and asked for a loopback host', async () => {
    const u = await user();
    await new Client(t.app).post('/stand/sendCode', { mobile: u.mobile });
    const code = t.sms.lastCode(u.mobile);
    const url = `/stand/dev/outbox?mobile=${u.mobile}`;
    expect((await raw({ method: 'GET', url })).body.data.code).toBe(code);
    const refused = [
      await raw({ method: 'GET', url, remoteAddress: '203.0.113.9' }),
      await raw({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.9' } }),
      await raw({ method: 'GET', url, headers: { host: 'attacker.example:3000' } }),
    ];
    for (const r of refused) expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('is off in production, even from loopback', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const u = await makeUser(prod.deps.db, await makeEnterprise(prod.deps.db));
      await new Client(prod.app).post('/stand/sendCode', { mobile: u.mobile });
      expect(prod.sms.lastCode(u.mobile)).toMatch(/^\d{6}$/);
      const r = await raw({ app: prod, method: 'GET', url: `/stand/dev/outbox?mobile=${u.mobile}` });
      expect(r.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await prod.close();
    }
  });
});

describe('session cookie', () => {
  const login = (app: TestApp, mobile: string, headers: Record<string, string> = {}) =>
    raw({ app, url: '/stand/pwdLogin', payload: { mobile, password: TEST_PASSWORD }, headers });

  it('is Secure over HTTPS through a trusted proxy, and ignores the header from anyone else', async () => {
    const u = await user();
    expect((await login(t, u.mobile)).cookie?.secure).toBeFalsy();
    expect((await login(t, u.mobile, { 'x-forwarded-proto': 'https' })).cookie?.secure).toBeFalsy();
    const behind = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const v = await makeUser(behind.deps.db, await makeEnterprise(behind.deps.db));
      const r = await login(behind, v.mobile, { 'x-forwarded-proto': 'https' });
      expect(r.body.success).toBe(true);
      expect(r.cookie?.secure).toBe(true);
    } finally {
      await behind.close();
    }
  });

  it('is Secure in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const v = await makeUser(prod.deps.db, await makeEnterprise(prod.deps.db));
      const r = await login(prod, v.mobile);
      expect(r.body.success).toBe(true);
      expect(r.cookie?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('cross-site anonymous writes', () => {
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' };

  it('refuses a cross-site form post to login and sets no session', async () => {
    const u = await user();
    const r = await raw({ url: '/stand/pwdLogin', headers: FORM, payload: form({ mobile: u.mobile, password: TEST_PASSWORD }) });
    expect(r.body).toMatchObject({ success: false, code: 'CROSS_SITE', message: '请求来源无效，请在本站页面中操作' });
    expect(r.cookie).toBeUndefined();
  });

  it('refuses JSON from another origin or site, and takes it from this one', async () => {
    const u = await user();
    const payload = { mobile: u.mobile, password: TEST_PASSWORD };
    const foreign: Record<string, string>[] = [
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' },
    ];
    for (const headers of foreign) {
      const r = await raw({ url: '/stand/pwdLogin', headers, payload });
      expect(r.body.code, JSON.stringify(headers)).toBe('CROSS_SITE');
      expect(r.cookie).toBeUndefined();
    }
    const own: Record<string, string>[] = [{ origin: 'http://localhost:80' }, { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:5173' }, {}];
    for (const headers of own) {
      const r = await raw({ url: '/stand/pwdLogin', headers, payload });
      expect(r.body.success, JSON.stringify(headers)).toBe(true);
    }
  });

  it('refuses form posts to every other anonymous write: send code, code login, password reset, register', async () => {
    const u = await user();
    const bodies: [string, Record<string, string>][] = [
      ['/stand/sendCode', { mobile: u.mobile }],
      ['/stand/codeLogin', { mobile: u.mobile, code: '123456' }],
      ['/stand/codeLogin/password', { mobile: u.mobile, code: '123456', password: 'abc12345' }],
      ['/stand/enterprise', { enterpriseName: '跨站企业', industry: 'service', name: '某人', mobile: u.mobile, code: '123456', password: 'abc12345' }],
    ];
    for (const [url, body] of bodies) {
      const r = await raw({ url, headers: FORM, payload: form(body) });
      expect(r.body.code, url).toBe('CROSS_SITE');
    }
    expect(t.sms.lastCode(u.mobile)).toBeNull();
  });
});

describe('password brute force', () => {
  const guess = (mobile: string, password: string) => new Client(t.app).post('/stand/pwdLogin', { mobile, password });

  it('checks at most five of 40 parallel wrong passwords', async () => {
    const u = await user();
    const out = tally(await race(40, () => guess(u.mobile, 'wrong-pass1')));
    expect(out[WRONG]).toBe(5);
    expect(out[LOCKED]).toBe(35);
  });

  it('after four failures checks one of a burst of 40, and then refuses the right password', async () => {
    const u = await user();
    for (let i = 0; i < 4; i++) expect((await guess(u.mobile, 'wrong-pass1')).message).toBe(WRONG);
    const out = tally(await race(40, () => guess(u.mobile, 'wrong-pass1')));
    expect(out).toEqual({ [WRONG]: 1, [LOCKED]: 39 });
    expect((await guess(u.mobile, TEST_PASSWORD)).message).toBe(LOCKED);
  });

  it('lets parallel right passwords all in (they queue, none is refused)', async () => {
    const u = await user();
    const out = tally(await race(20, () => guess(u.mobile, TEST_PASSWORD)));
    expect(out).toEqual({ ok: 20 });
  });

  it('counts an unknown mobile like a real one', async () => {
    const out = tally(await race(10, () => guess('16912345678', 'wrong-pass1')));
    expect(out).toEqual({ [WRONG]: 5, [LOCKED]: 5 });
  });
});

describe('per-address limit and TRUST_PROXY', () => {
  const spray = (app: TestApp, n: number) =>
    race(n, async (i) => {
      const r = await raw({
        app,
        url: '/stand/pwdLogin',
        payload: { mobile: `169000${String(i).padStart(5, '0')}`, password: 'wrong-pass1' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      return { status: r.status, ...r.body, headers: {} };
    });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    const out = tally(await spray(t, 40));
    expect(out).toEqual({ [WRONG]: 30, '当前网络登录尝试过于频繁，请稍后再试': 10 });
  });

  it('believes X-Forwarded-For from a configured proxy', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      expect(tally(await spray(behind, 40))).toEqual({ [WRONG]: 40 });
      const ips = await rows<{ n: number }>(behind.deps.db, sql`select count(distinct ip)::int as n from login_attempts`);
      expect(ips[0]?.n).toBe(40);
    } finally {
      await behind.close();
    }
  });
});

describe('change own password', () => {
  it('locks after five wrong old passwords, even when the right one follows', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const out = tally(await race(30, () => client.post('/stand/user/password', { oldPassword: 'wrong-pass1', newPassword: 'newpass99' })));
    expect(out).toEqual({ 原密码错误: 5, '原密码错误次数过多，请15分钟后再试': 25 });
    const r = await client.post('/stand/user/password', { oldPassword: TEST_PASSWORD, newPassword: 'newpass99' });
    expect(r.message).toBe('原密码错误次数过多，请15分钟后再试');
  });
});

describe('SMS code guesses', () => {
  it('spends a password-reset code after three wrong guesses', async () => {
    const u = await user();
    const c = new Client(t.app);
    await c.post('/stand/sendCode', { mobile: u.mobile, purpose: 'password' });
    const code = t.sms.lastCode(u.mobile) as string;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++)
      expect((await c.post('/stand/codeLogin/password', { mobile: u.mobile, code: wrong, password: 'newpass99' })).message).toBe('验证码错误或已过期');
    const r = await c.post('/stand/codeLogin/password', { mobile: u.mobile, code, password: 'newpass99' });
    expect(r.message).toBe('验证码错误或已过期');
    expect((await c.post('/stand/pwdLogin', { mobile: u.mobile, password: 'newpass99' })).message).toBe(WRONG);
  });

  it('spends a login code when parallel guesses race the right one', async () => {
    const u = await user();
    await new Client(t.app).post('/stand/sendCode', { mobile: u.mobile });
    const code = t.sms.lastCode(u.mobile) as string;
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    await race(20, (i) => new Client(t.app).post('/stand/codeLogin', { mobile: u.mobile, code: wrong(i) }));
    const r = await new Client(t.app).post('/stand/codeLogin', { mobile: u.mobile, code });
    expect(r.success).toBe(false);
    const [row] = await rows<{ fails: number; used: boolean }>(
      t.deps.db,
      sql`select fails, used_at is not null as used from sms_codes where mobile = ${u.mobile}`,
    );
    expect(row).toEqual({ fails: 3, used: true });
  });
});
