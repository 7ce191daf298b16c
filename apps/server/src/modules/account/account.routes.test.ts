import { accountContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeEnterprise, makeUser, TEST_PASSWORD, STRONG_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { startSmsGateway } from '../../test/sms-gateway';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('password login', () => {
  it('logs in, answers the session user with every spec field, and logs out', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [1, 2] });
    const me = await client.call(C.sessionUser);
    expect(me.success).toBe(true);
    expect(me.data).toMatchObject({ id: user.id, enterpriseId, sysrole: 1, admin: false, isChargeUser: 1 });
    for (const k of ['name', 'enterpriseName', 'avatar', 'allRoles', 'tryoutType', 'cropId', 'powers', 'epServiceExpireTime', 'sale_channels', 'csrfToken']) {
      expect(me.data).toHaveProperty(k);
    }
    expect(me.data.allRoles.map((r: { type: number }) => r.type)).toEqual([1, 2]);
    const out = await client.call(C.logout);
    expect(out).toMatchObject({ success: true, message: '登出成功' });
    expect((await client.call(C.sessionUser)).message).toBe('未登录');
  });

  it('refuses a wrong password without saying which part was wrong, and writes an audit row', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const r = await new Client(t.app).post('/stand/pwdLogin', { mobile: u.mobile, password: 'wrong123' });
    expect(r).toMatchObject({ success: false, message: '手机号或密码错误' });
    const logs = await rows(t.deps.db, sql`select action from security_log where mobile = ${u.mobile}`);
    expect(logs.map((l) => l.action)).toContain('login_failed');
  });

  it('locks a mobile after five failures within 15 minutes', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const c = new Client(t.app);
    for (let i = 0; i < 5; i++) await c.post('/stand/pwdLogin', { mobile: u.mobile, password: 'bad-pass1' });
    const r = await c.post('/stand/pwdLogin', { mobile: u.mobile, password: TEST_PASSWORD });
    expect(r.success).toBe(false);
    expect(r.message).toBe('登录失败次数过多，请15分钟后再试');
  });

  it('asks which enterprise when a mobile belongs to several, then logs into the chosen one', async () => {
    const a = await makeEnterprise(t.deps.db, { name: '甲企业' });
    const b = await makeEnterprise(t.deps.db, { name: '乙企业' });
    const u = await makeUser(t.deps.db, a);
    await makeUser(t.deps.db, b, { mobile: u.mobile });
    const c = new Client(t.app);
    const first = await c.post('/stand/pwdLogin', { mobile: u.mobile, password: TEST_PASSWORD });
    if (!first.data.needChoose) throw new Error('expected a choice of enterprise');
    expect(first.data.epList.map((e: { name: string }) => e.name).sort()).toEqual(['乙企业', '甲企业'].sort());
    expect(c.cookie).toBe('');
    const list = await c.get('/stand/login/epList', { mobile: u.mobile, ticket: first.data.ticket });
    expect(list.data).toHaveLength(2);
    await c.login(u.mobile, TEST_PASSWORD, b);
    expect((await c.call(C.sessionUser)).data.enterpriseId).toBe(b);
  });

  it('rotates the session id at login', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const c = await new Client(t.app).login(u.mobile);
    const before = c.cookie;
    await c.login(u.mobile);
    expect(c.cookie).not.toBe(before);
    const old = new Client(t.app);
    old.cookie = before;
    expect((await old.get('/v2/sessionUser/info')).message).toBe('未登录');
  });

  it('validates input with a Chinese message naming the field', async () => {
    const r = await new Client(t.app).post('/stand/pwdLogin', { mobile: '123', password: 'x' });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toContain('手机号');
  });
});

describe('code login', () => {
  it('sends a single-use code that logs in once', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const c = new Client(t.app);
    expect((await c.post('/stand/sendCode', { mobile: u.mobile })).success).toBe(true);
    const again = await c.post('/stand/sendCode', { mobile: u.mobile });
    expect(again.message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    const code = (await c.get('/stand/dev/outbox', { mobile: u.mobile })).data.code;
    expect(code).toMatch(/^\d{6}$/);
    const ok = await c.post('/stand/codeLogin', { mobile: u.mobile, code });
    expect(ok.success).toBe(true);
    const reuse = await new Client(t.app).post('/stand/codeLogin', { mobile: u.mobile, code });
    expect(reuse).toMatchObject({ success: false, message: '验证码错误或已过期' });
  });

  it('a gateway that refuses the text answers 短信发送失败 and keeps no code: asking again sends at once', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const ep = await makeEnterprise(t.deps.db);
      const u = await makeUser(t.deps.db, ep);
      const c = new Client(t.app);
      gw.status = 500;
      expect(await c.post('/stand/sendCode', { mobile: u.mobile })).toMatchObject({ success: false, code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
      expect(await rows(t.deps.db, sql`select 1 from sms_codes where mobile = ${u.mobile}`)).toEqual([]);
      gw.status = 200;
      expect((await c.post('/stand/sendCode', { mobile: u.mobile })).success).toBe(true);
      const code = /验证码是(\d{6})/.exec(gw.texts.at(-1)?.text ?? '')?.[1];
      expect((await c.post('/stand/codeLogin', { mobile: u.mobile, code })).success).toBe(true);
    } finally {
      restore();
      await gw.close();
    }
  });

  it('refuses an expired code', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const c = new Client(t.app);
    await c.post('/stand/sendCode', { mobile: u.mobile });
    const code = t.sms.lastCode(u.mobile);
    await t.deps.db.execute(sql`update sms_codes set expires_at = now() - interval '1 second' where mobile = ${u.mobile}`);
    expect((await c.post('/stand/codeLogin', { mobile: u.mobile, code })).message).toBe('验证码错误或已过期');
  });

  it('sets a password after a code, for every enterprise of the mobile', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const c = new Client(t.app);
    await c.post('/stand/sendCode', { mobile: u.mobile, purpose: 'password' });
    const weak = await c.post('/stand/codeLogin/password', { mobile: u.mobile, code: t.sms.lastCode(u.mobile), password: '123' });
    expect(weak.message).toBe('新密码：密码至少8位');
    const common = await c.post('/stand/codeLogin/password', { mobile: u.mobile, code: t.sms.lastCode(u.mobile), password: 'password1' });
    expect(common).toMatchObject({ success: false, code: 'PASSWORD_COMMON', message: '密码过于常见，请换一个' });
    const r = await c.post('/stand/codeLogin/password', { mobile: u.mobile, code: t.sms.lastCode(u.mobile), password: 'newpass99' });
    expect(r).toMatchObject({ success: true, message: '密码设置成功' });
    await new Client(t.app).login(u.mobile, 'newpass99');
  });
});

describe('session guards', () => {
  it('answers 未登录 without a session and refuses a non-GET without the CSRF token', async () => {
    expect((await new Client(t.app).post('/user/changeRole', { role: 1 })).message).toBe('未登录');
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [1, 2] });
    const r = await client.post('/user/changeRole', { role: 2 }, { csrf: false });
    expect(r).toMatchObject({ success: false, message: '操作失败，无效的CsrfToken' });
    expect((await client.get('/v2/sessionUser/info')).data.sysrole).toBe(1);
    const viaBody = await client.request('POST', '/user/changeRole', { role: 2, csrfToken: client.csrf }, { csrf: false });
    expect(viaBody.message).toBe('切换角色成功');
  });

  it('switches only among the user own roles', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [1, 2] });
    expect((await client.post('/user/changeRole', { role: 3 })).message).toBe('切换失败，您没有该角色');
    expect((await client.get('/v2/sessionUser/info')).data.sysrole).toBe(1);
    expect((await client.post('/user/changeRole', { role: 2 })).message).toBe('切换角色成功');
    const me = (await client.get('/v2/sessionUser/info')).data;
    expect(me.sysrole).toBe(2);
    expect(me.powers).toContain('menu_MyOrder');
    expect(me.powers).not.toContain('menu_AllOrder');
  });

  it('refuses work to a user without roles but still answers who they are', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [] });
    expect((await client.get('/v2/sessionUser/info')).success).toBe(true);
    expect((await client.get('/schema/isNoviceGuide')).code).toBe('NO_ROLE');
  });

  it('refuses an overdue paid plan with SERVICE_EXPIRED', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { plan: 1, expireDays: -1 });
    expect((await client.get('/schema/isNoviceGuide')).code).toBe('SERVICE_EXPIRED');
    expect((await client.get('/v2/sessionUser/info')).success).toBe(true);
  });

  it('shows the package detail to administrators only', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3], buyPersonNum: 7 });
    const r = await client.get('/v2/charge/epPackageDetail');
    expect(r.data).toMatchObject({ userNum: 1, buy_person_num: 7, is_charge_user: 1 });
    const other = await makeUser(t.deps.db, enterpriseId, { roles: [1], admin: false });
    const c2 = await new Client(t.app).login(other.mobile, TEST_PASSWORD, enterpriseId);
    expect((await c2.get('/v2/charge/epPackageDetail')).code).toBe('ADMIN_ONLY');
  });

  it('answers 404 for an unknown API path', async () => {
    const r = await new Client(t.app).get('/no/such/path');
    expect(r.status).toBe(404);
  });
});

describe('registration', () => {
  it('creates a trial enterprise with its administrator and logs in', async () => {
    const c = new Client(t.app);
    const mobile = '16600000001';
    await c.post('/stand/sendCode', { mobile, purpose: 'register' });
    const r = await c.post('/stand/enterprise', {
      enterpriseName: '新注册企业',
      industry: 'service',
      name: '注册人',
      mobile,
      code: t.sms.lastCode(mobile),
      password: STRONG_PASSWORD,
    });
    expect(r).toMatchObject({ success: true, message: '注册成功' });
    const me = await c.get('/v2/sessionUser/info');
    expect(me.data).toMatchObject({ enterpriseName: '新注册企业', isChargeUser: 2, tryoutType: 1, admin: true, sysrole: 3 });
    c.csrf = me.data.csrfToken;
    let progress = 0;
    for (let i = 0; i < 50 && progress < 100; i++) {
      progress = (await c.get('/stand/enterprise/progress')).data.progress;
      if (progress < 100) await new Promise((res) => setTimeout(res, 50));
    }
    expect(progress).toBe(100);
  });

  it('writes nothing when the code is wrong', async () => {
    const c = new Client(t.app);
    const r = await c.post('/stand/enterprise', {
      enterpriseName: '不应存在',
      industry: 'service',
      name: '某人',
      mobile: '16600000002',
      code: '000000',
      password: STRONG_PASSWORD,
    });
    expect(r.message).toBe('验证码错误或已过期');
    const found = await rows(t.deps.db, sql`select id from enterprises where name = '不应存在'`);
    expect(found).toHaveLength(0);
  });
});

describe('concurrency', () => {
  it('20 parallel logins each get their own session', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const u = await makeUser(t.deps.db, ep);
    const clients = Array.from({ length: 20 }, () => new Client(t.app));
    const results = await Promise.all(clients.map((c) => c.post('/stand/pwdLogin', { mobile: u.mobile, password: TEST_PASSWORD })));
    expect(results.every((r) => r.success)).toBe(true);
    const n = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from sessions where enterprise_id = ${ep}`);
    expect(Number(n[0]?.n)).toBe(20);
    expect(new Set(clients.map((c) => c.cookie)).size).toBe(20);
  });
});
