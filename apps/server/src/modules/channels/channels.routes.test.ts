import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountContract, channelsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { enqueueDueSchedules, drainJobs } from '../../platform/jobs';
import { HttpOcrReader, NoOcrReader } from '../../platform/ocr';
import { storageOf } from '../../platform/storage';
import { Client, loggedIn, makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addNotices } from '../notices/notices.repo';
import { sendDueMessages } from './workmsg';

/**
 * A local WeCom and DingTalk speaking their server APIs: tokens for the right secret only, tickets, login codes → users,
 * work messages (the first `failSends` answer HTTP 500). Every call is counted by path.
 */
const SECRET = { wecom: 'wx-secret-0123456789', ding: 'dd-secret-9876543210' };
const TICKET = { wecom: 'wx-jsapi-ticket-A', agent: 'wx-agent-ticket-B', ding: 'dd-jsapi-ticket-C' };
const fake = {
  calls: new Map<string, number>(),
  codes: new Map<string, { userid: string; mobile: string }>(),
  failSends: 0,
  delivered: [] as { to: string; text: string }[],
  /** While set, DingTalk's jsapi ticket is answered only once this settles (a slow platform). */
  ticketHeld: null as Promise<void> | null,
  count: (p: string) => fake.calls.get(p) ?? 0,
};
let server: Server;
let t: TestApp;

const body = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((r) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => r(s ? JSON.parse(s) : {}));
  });

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const p = url.pathname;
    fake.calls.set(p, fake.count(p) + 1);
    const json = (o: unknown, status = 200) => {
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(o));
    };
    const sp = url.searchParams;
    const b = req.method === 'POST' ? await body(req) : {};
    if (p.endsWith('/message/send') || p.endsWith('/asyncsend_v2')) {
      if (fake.failSends > 0) {
        fake.failSends--;
        return json({ errcode: -1, errmsg: 'system busy' }, 500);
      }
      fake.delivered.push({
        to: String(b.touser ?? b.userid_list),
        text: String((b.text as { content: string } | undefined)?.content ?? (b.msg as any)?.text?.content),
      });
      return json({ errcode: 0, errmsg: 'ok', task_id: 1 });
    }
    switch (p) {
      case '/cgi-bin/gettoken':
        return sp.get('corpsecret') === SECRET.wecom
          ? json({ errcode: 0, access_token: 'wx-token', expires_in: 7200 })
          : json({ errcode: 40001, errmsg: 'invalid credential' });
      case '/cgi-bin/get_jsapi_ticket':
        return json({ errcode: 0, ticket: TICKET.wecom, expires_in: 7200 });
      case '/cgi-bin/ticket/get':
        return json({ errcode: 0, ticket: sp.get('type') === 'agent_config' ? TICKET.agent : 'wrong', expires_in: 7200 });
      case '/cgi-bin/auth/getuserinfo': {
        const u = fake.codes.get(sp.get('code') ?? '');
        return u ? json({ errcode: 0, userid: u.userid }) : json({ errcode: 40029, errmsg: 'invalid code' });
      }
      case '/cgi-bin/user/get': {
        const u = [...fake.codes.values()].find((x) => x.userid === sp.get('userid'));
        return json({ errcode: 0, userid: u?.userid, mobile: u?.mobile ?? '' });
      }
      case '/gettoken':
        return sp.get('appsecret') === SECRET.ding
          ? json({ errcode: 0, access_token: 'dd-token', expires_in: 7200 })
          : json({ errcode: 40089, errmsg: 'invalid appkey or appsecret' });
      case '/get_jsapi_ticket':
        await fake.ticketHeld;
        return json({ errcode: 0, ticket: TICKET.ding, expires_in: 7200 });
      case '/topapi/v2/user/getuserinfo': {
        const u = fake.codes.get(String(b.code));
        return u ? json({ errcode: 0, result: { userid: u.userid } }) : json({ errcode: 40078, errmsg: 'invalid code' });
      }
      case '/topapi/v2/user/get': {
        const u = [...fake.codes.values()].find((x) => x.userid === b.userid);
        return json({ errcode: 0, result: { userid: u?.userid, mobile: u?.mobile } });
      }
      case '/ocr':
        return json({ text: '型号 KFR-35GW\n序列号 SN123', fields: { model: 'KFR-35GW', serialNumber: 'SN123' } });
      default:
        return json({ errcode: 404 }, 404);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ WECOM_API_URL: base, DINGTALK_API_URL: base });
  t.deps.services.set('ocrUrl', `${base}/ocr`);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  fake.failSends = 0;
});

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3], plan: 1 });
let corpSeq = 0;
const corp = () => `ww${process.pid}x${++corpSeq}`;
const wecom = (corpId: string, o: Record<string, unknown> = {}) => ({
  channel: 'wecom',
  enabled: true,
  corpId,
  agentId: '1000002',
  secret: SECRET.wecom,
  msgEnabled: true,
  ...o,
});
const ding = (corpId: string, o: Record<string, unknown> = {}) => ({
  channel: 'dingtalk',
  enabled: true,
  corpId,
  agentId: '2233',
  appKey: 'dingkey',
  secret: SECRET.ding,
  msgEnabled: true,
  ...o,
});
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const anon = () => new Client(t.app);
const embed = (c: Client, b: Record<string, unknown>) => c.request('POST', C.embedLogin.path, b, { headers: { 'content-type': 'application/json' } });

describe('channel settings', () => {
  it('a secret is stored sealed, answered only as 已设置, kept when left empty, and a wrong one is refused with nothing stored', async () => {
    const { client, enterpriseId: ep } = await admin();
    const corpId = corp();
    const wrong = await client.send(C.saveSettings, wecom(corpId, { secret: 'not-the-secret' }));
    expect(wrong.success).toBe(false);
    expect(wrong.message).toBe('企业微信接口调用失败：企业ID或Secret不正确');
    expect(await rows(t.deps.db, sql`select 1 from channel_settings where enterprise_id = ${ep}`)).toHaveLength(0);

    const saved = await client.send(C.saveSettings, wecom(corpId));
    expect(saved.success, saved.message).toBe(true);
    expect(saved.data).toMatchObject({ channel: 2, enabled: true, corpId, agentId: '1000002', secretSet: true, msgEnabled: true });
    const [stored] = await rows<{ secret_sealed: string }>(
      t.deps.db,
      sql`select secret_sealed from channel_settings where enterprise_id = ${ep} and channel = 2`,
    );
    expect(stored?.secret_sealed.startsWith('v1:')).toBe(true);
    expect(stored?.secret_sealed).not.toContain(SECRET.wecom);

    // Edited without a secret: the stored one stays and still works (enabling re-proves it).
    const edited = await client.send(C.saveSettings, wecom(corpId, { secret: '', agentId: '1000003' }));
    expect(edited.success, edited.message).toBe(true);
    expect(edited.data).toMatchObject({ agentId: '1000003', secretSet: true });
    const list = await client.send(C.settings);
    expect(list.data.map((s) => [s.channel, s.secretSet])).toEqual([
      [1, false],
      [2, true],
    ]);
    for (const a of [saved, edited, list, await client.send(C.appList)]) expect(JSON.stringify(a)).not.toContain(SECRET.wecom);
  });

  it('refuses bad input in Chinese, a non-administrator, and a corp id another enterprise enabled', async () => {
    const { client } = await admin();
    const corpId = corp();
    expect((await client.send(C.saveSettings, wecom(corpId))).success).toBe(true);
    const bad = await client.send(C.saveSettings, wecom(corp(), { corpId: 'ww 1' }));
    expect(bad.message).toBe('企业ID（CorpId）：只能包含字母、数字和 . - _ @');
    const noKey = await client.send(C.saveSettings, ding(corp(), { appKey: '' }));
    expect(noKey.message).toBe('应用AppKey：启用钉钉须填写');

    const other = await admin();
    const taken = await other.client.send(C.saveSettings, wecom(corpId));
    expect(taken.message).toBe('该企业ID已被其他企业启用');
    const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], plan: 1 });
    expect((await engineer.client.send(C.saveSettings, wecom(corp()))).code).toBe('ADMIN_ONLY');
    expect((await engineer.client.send(C.settings)).code).toBe('NO_POWER');
  });
});

describe('jsapi signatures', () => {
  it('WeCom: the signature is sha1 of the four fields for the URL without its fragment; the ticket is fetched once in its lifetime', async () => {
    const { client, enterpriseId: ep } = await admin();
    expect((await client.send(C.saveSettings, wecom(corp()))).success).toBe(true);
    const tokens0 = fake.count('/cgi-bin/gettoken');
    const tickets0 = fake.count('/cgi-bin/get_jsapi_ticket');
    const url = 'https://sk.example.com/allOrder?x=1&y=2#/detail/9';
    const a = await client.send(C.workwxJsapiCfg, { url });
    expect(a.success, a.message).toBe(true);
    expect(a.data.corpId).toMatch(/^ww/);
    expect(a.data.agentid).toBe('1000002');
    const expected = sha1(`jsapi_ticket=${TICKET.wecom}&noncestr=${a.data.nonceStr}&timestamp=${a.data.timeStamp}&url=https://sk.example.com/allOrder?x=1&y=2`);
    expect(a.data.signature).toBe(expected);
    expect(Math.abs(a.data.timeStamp - Date.now() / 1000)).toBeLessThan(5);

    const b = await client.send(C.workwxJsapiCfg, { url: 'https://sk.example.com/other' });
    expect(b.data.nonceStr).not.toBe(a.data.nonceStr);
    expect(b.data.signature).toBe(
      sha1(`jsapi_ticket=${TICKET.wecom}&noncestr=${b.data.nonceStr}&timestamp=${b.data.timeStamp}&url=https://sk.example.com/other`),
    );
    expect(fake.count('/cgi-bin/gettoken') - tokens0).toBe(1);
    expect(fake.count('/cgi-bin/get_jsapi_ticket') - tickets0).toBe(1);

    // The agent config signs with the agent ticket (its own cache entry).
    const agent = await client.send(C.workwxAgentCfg, { url });
    expect(agent.data.signature).toBe(
      sha1(`jsapi_ticket=${TICKET.agent}&noncestr=${agent.data.nonceStr}&timestamp=${agent.data.timeStamp}&url=https://sk.example.com/allOrder?x=1&y=2`),
    );
    // Past its lifetime the ticket is fetched again.
    await t.deps.db.execute(sql`update channel_tokens set expires_at = now() where enterprise_id = ${ep} and kind = 'jsapi_ticket'`);
    await client.send(C.workwxJsapiCfg, { url });
    expect(fake.count('/cgi-bin/get_jsapi_ticket') - tickets0).toBe(2);
    // Stored sealed: the cache holds no plain ticket.
    expect(JSON.stringify(await rows(t.deps.db, sql`select * from channel_tokens where enterprise_id = ${ep}`))).not.toContain(TICKET.wecom);
  });

  it('DingTalk: eight parallel first calls fetch one token and one ticket; an enterprise without the channel is told to set it up', async () => {
    const { client } = await admin();
    expect((await client.send(C.saveSettings, ding(corp()))).success).toBe(true);
    const tokens0 = fake.count('/gettoken');
    const tickets0 = fake.count('/get_jsapi_ticket');
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.send(C.jsapiCfg, { url: 'https://sk.example.com/m#x' })));
    for (const a of answers) {
      expect(a.success, a.message).toBe(true);
      expect(a.data.signature).toBe(sha1(`jsapi_ticket=${TICKET.ding}&noncestr=${a.data.nonceStr}&timestamp=${a.data.timeStamp}&url=https://sk.example.com/m`));
    }
    expect(fake.count('/gettoken') - tokens0).toBe(1);
    expect(fake.count('/get_jsapi_ticket') - tickets0).toBe(1);

    const none = await admin();
    const refused = await none.client.send(C.workwxJsapiCfg, { url: 'https://sk.example.com/' });
    expect(refused.message).toBe('企业微信尚未启用，请管理员在“企业微信与钉钉”设置中填写并启用');
    expect((await none.client.send(C.jsapiCfg, { url: 'not a url' })).message).toBe('页面地址：格式不正确');
  });
  it('a slow platform holds no connection: eight calls wait for one ticket (the pool has five) while other requests answer', async () => {
    const { client } = await admin();
    expect((await client.send(C.saveSettings, ding(corp()))).success).toBe(true);
    const tickets0 = fake.count('/get_jsapi_ticket');
    let release = () => {};
    fake.ticketHeld = new Promise<void>((r) => {
      release = r;
    });
    try {
      const waiting = Promise.all(Array.from({ length: 8 }, () => client.send(C.jsapiCfg, { url: 'https://sk.example.com/m' })));
      await expect.poll(() => fake.count('/get_jsapi_ticket') - tickets0).toBe(1);
      // Before, the fetch ran in a transaction under a lock the other seven waited on, each on a connection of its own.
      const other = await Promise.race([
        client.send(accountContract.sessionUser).then((r) => r.success),
        new Promise((r) => setTimeout(() => r('waited for the platform'), 3_000)),
      ]);
      expect(other).toBe(true);
      release();
      expect((await waiting).map((a) => a.success)).toEqual(Array(8).fill(true));
      expect(fake.count('/get_jsapi_ticket') - tickets0).toBe(1);
    } finally {
      release();
      fake.ticketHeld = null;
    }
  });
});

describe('login inside the chat client', () => {
  it('a code of a user of this enterprise logs in by mobile; a mobile of another enterprise is refused and no session is made', async () => {
    const { client, enterpriseId: ep } = await admin();
    const corpId = corp();
    expect((await client.send(C.saveSettings, wecom(corpId))).success).toBe(true);
    const staff = await makeUser(t.deps.db, ep, { roles: [2], name: '王工' });
    const otherEp = await makeEnterprise(t.deps.db);
    const stranger = await makeUser(t.deps.db, otherEp, { roles: [3] });
    fake.codes.set('code-staff', { userid: 'wangwu', mobile: staff.mobile });
    fake.codes.set('code-stranger', { userid: 'lisi', mobile: stranger.mobile });

    const sessions = async () => (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int n from sessions`))[0]?.n;
    const before = await sessions();
    const refused = await embed(anon(), { channel: 'wecom', corpId, code: 'code-stranger' });
    expect(refused.success).toBe(false);
    expect(refused.message).toBe('您的企业微信账号（手机号）不在本企业中，请联系管理员添加');
    expect(await sessions()).toBe(before);
    const off = await makeUser(t.deps.db, ep, { roles: [2], enabled: false });
    fake.codes.set('code-off', { userid: 'off1', mobile: off.mobile });
    expect((await embed(anon(), { channel: 'wecom', corpId, code: 'code-off' })).message).toBe('该账号已被停用，请联系管理员');
    expect((await embed(anon(), { channel: 'wecom', corpId, code: 'bogus' })).message).toMatch(/^企业微信接口调用失败：40029/);
    expect((await embed(anon(), { channel: 'wecom', corpId: 'nobody', code: 'code-staff' })).message).toBe(
      '企业微信尚未启用，请管理员在“企业微信与钉钉”设置中填写并启用',
    );

    const c = anon();
    const ok = await embed(c, { channel: 'wecom', corpId, code: 'code-staff' });
    expect(ok.success, ok.message).toBe(true);
    expect(ok.data).toEqual({ needChoose: false });
    const me = await c.send(accountContract.sessionUser);
    expect(me.data).toMatchObject({ id: staff.id, enterpriseId: ep });
    const [bound] = await rows(t.deps.db, sql`select platform_user_id from channel_users where enterprise_id = ${ep} and user_id = ${staff.id}`);
    expect(bound).toEqual({ platform_user_id: 'wangwu' });

    // The desktop client learns what to ask its client for; an unknown corp is refused.
    const pc = await anon().send(C.pcAuthCode, { corpId, redirect: 'https://sk.example.com/embed' });
    expect(pc.data).toMatchObject({ channel: 'wecom', corpId, agentId: '1000002' });
    expect(pc.data.authorizeUrl).toContain(`appid=${corpId}&redirect_uri=${encodeURIComponent('https://sk.example.com/embed')}`);
    expect((await anon().send(C.pcAuthCode, { corpId: 'nobody' })).success).toBe(false);
  });

  it('the app’s session-id header is a session like the cookie (CSRF too); a forged one is refused', async () => {
    const { client, enterpriseId: ep } = await admin();
    const corpId = corp();
    expect((await client.send(C.saveSettings, ding(corpId))).success).toBe(true);
    const u = await makeUser(t.deps.db, ep, { roles: [2] });
    fake.codes.set('dd-code', { userid: 'dd-u1', mobile: u.mobile });
    const r = await embed(anon(), { channel: 'dingtalk', corpId, code: 'dd-code', client: 'app' });
    expect(r.success, r.message).toBe(true);
    const token = String(r.data.sessionId);
    expect(token.length).toBeGreaterThan(20);

    const viaHeader = await anon().request('GET', accountContract.sessionUser.path, undefined, { headers: { sessionid: token } });
    expect(viaHeader.data).toMatchObject({ id: u.id, enterpriseId: ep });
    const forged = await anon().request('GET', accountContract.sessionUser.path, undefined, { headers: { sessionid: `${token.slice(0, -2)}xx` } });
    expect(forged).toMatchObject({ success: false, message: '未登录' });
    // A write with the header still needs the session's CSRF token.
    const noCsrf = await anon().request('POST', C.msgSwitch.path, { channel: 'dingtalk', on: false }, { headers: { sessionid: token } });
    expect(noCsrf.message).toBe('操作失败，无效的CsrfToken');
    const withCsrf = await anon().request(
      'POST',
      C.msgSwitch.path,
      { channel: 'dingtalk', on: false },
      { headers: { sessionid: token, 'x-csrf-token': viaHeader.data.csrfToken } },
    );
    expect(withCsrf.data).toEqual({ changed: 1 });
  });
});

describe('work messages', () => {
  async function boundUser() {
    const { client, enterpriseId: ep, user: adminUser } = await admin();
    const corpId = corp();
    expect((await client.send(C.saveSettings, wecom(corpId))).success).toBe(true);
    const u = await makeUser(t.deps.db, ep, { roles: [2], name: '赵工' });
    const code = `c-${corpId}`;
    fake.codes.set(code, { userid: `wx-${u.id}`, mobile: u.mobile });
    const c = anon();
    expect((await embed(c, { channel: 'wecom', corpId, code })).success).toBe(true);
    const me = await c.send(accountContract.sessionUser);
    c.csrf = me.data.csrfToken;
    return { client, ep, adminUser, u, c };
  }
  const notice = (ep: number, userIds: number[], title: string) =>
    addNotices(t.deps.db, { enterpriseId: ep, userIds, kind: 'automation', title, content: '工单GD001' });
  const statusOf = async (ep: number, title: string) =>
    (
      await rows<{ status: number; attempts: number }>(
        t.deps.db,
        sql`select status, attempts from work_messages where enterprise_id = ${ep} and title = ${title}`,
      )
    )[0];

  it('a notice is delivered to the bound user; a 500 is retried after its backoff and the message is delivered once', async () => {
    const { ep, u, c, client, adminUser } = await boundUser();
    await notice(ep, [u.id, adminUser.id], '新工单待处理');
    // Only the bound user gets a work message.
    expect(await rows(t.deps.db, sql`select user_id from work_messages where enterprise_id = ${ep}`)).toEqual([{ user_id: u.id }]);
    fake.failSends = 1;
    const sends0 = fake.count('/cgi-bin/message/send');
    await sendDueMessages(t.deps, ep);
    expect(await statusOf(ep, '新工单待处理')).toEqual({ status: 2, attempts: 1 });
    await sendDueMessages(t.deps, ep); // not yet due: nothing sent
    expect(fake.count('/cgi-bin/message/send') - sends0).toBe(1);

    await t.deps.db.execute(sql`update work_messages set next_attempt_at = now() where enterprise_id = ${ep}`);
    await Promise.all([sendDueMessages(t.deps, ep), sendDueMessages(t.deps, ep), sendDueMessages(t.deps, ep)]);
    await sendDueMessages(t.deps, ep);
    expect(await statusOf(ep, '新工单待处理')).toEqual({ status: 1, attempts: 2 });
    expect(fake.count('/cgi-bin/message/send') - sends0).toBe(2);
    expect(fake.delivered.filter((d) => d.to === `wx-${u.id}`)).toEqual([{ to: `wx-${u.id}`, text: '新工单待处理\n工单GD001' }]);

    // The log: the user sees his own, the administrator everyone's; counts agree.
    const mine = await c.send(C.msgList, { pageIndex: 0, pageSize: 10 });
    expect(mine.data.map((m) => [m.title, m.statusName, m.attempts])).toEqual([['新工单待处理', '已发送', 2]]);
    expect((await c.send(C.msgCount, { userId: adminUser.id })).data).toBe(1); // a user's filter is his own
    expect((await client.send(C.msgCount, { status: 1 })).data).toBe(1);
    expect((await client.send(C.msgUserList, { pageIndex: 0, pageSize: 10 })).data).toMatchObject({
      count: 1,
      list: [{ userId: u.id, platformUserId: `wx-${u.id}`, msgOn: true }],
    });
    const apps = await client.send(C.appList);
    expect(apps.data.list.find((a) => a.channel === 2)).toMatchObject({ configured: true, enabled: true, boundUsers: 1 });
    const stranger = await admin();
    expect((await stranger.client.send(C.msgCount, {})).data).toBe(0);
    expect((await stranger.client.send(C.msgSwitch, { channel: 'wecom', on: false, userId: u.id })).code).toBe('NOT_FOUND');
  });

  it('switched off (user or enterprise) no message is logged; through the job interface a due message is sent; five failures fail it', async () => {
    const { ep, u, c, client } = await boundUser();
    expect((await c.send(C.msgSwitch, { channel: 'wecom', on: false })).data).toEqual({ changed: 1 });
    await notice(ep, [u.id], '关闭后的通知');
    expect(await statusOf(ep, '关闭后的通知')).toBeUndefined();
    expect((await c.send(C.msgSwitch, { channel: 'wecom', on: true })).success).toBe(true);
    const current = (await client.send(C.settings)).data.find((s) => s.channel === 2);
    expect((await client.send(C.saveSettings, { ...wecom(current?.corpId ?? ''), secret: '', msgEnabled: false })).success).toBe(true);
    await notice(ep, [u.id], '企业关闭后的通知');
    expect(await statusOf(ep, '企业关闭后的通知')).toBeUndefined();
    expect((await client.send(C.saveSettings, { ...wecom(current?.corpId ?? ''), secret: '' })).success).toBe(true);

    await notice(ep, [u.id], '经任务发送');
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date());
    await drainJobs(t.deps);
    expect(await statusOf(ep, '经任务发送')).toMatchObject({ status: 1 });

    await notice(ep, [u.id], '一直失败');
    fake.failSends = 99;
    for (let i = 0; i < 6; i++) {
      await t.deps.db.execute(sql`update work_messages set next_attempt_at = now() where enterprise_id = ${ep} and status = 2`);
      await sendDueMessages(t.deps, ep);
    }
    expect(await statusOf(ep, '一直失败')).toEqual({ status: 3, attempts: 5 });

    // A sender that died after claiming: the claim is failed after ten minutes, and never sent again.
    fake.failSends = 0;
    await notice(ep, [u.id], '发送中断');
    await t.deps.db.execute(
      sql`update work_messages set status = 4, attempts = 1, claimed_at = now() - interval '11 minutes' where enterprise_id = ${ep} and title = '发送中断'`,
    );
    const sends = fake.count('/cgi-bin/message/send');
    await sendDueMessages(t.deps, ep);
    expect(await statusOf(ep, '发送中断')).toEqual({ status: 3, attempts: 1 });
    expect(fake.count('/cgi-bin/message/send')).toBe(sends);
  });
});

describe('OCR', () => {
  it('refuses in Chinese without a provider; the HTTP provider reads the uploaded image; another enterprise’s file is not found', async () => {
    const { client, enterpriseId: ep } = await admin();
    const key = `${ep}/ocr/test.png`;
    await storageOf(t.deps).put(key, Buffer.from('89504e47', 'hex'));
    const [file] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into uploads (enterprise_id, name, ext, mime, size, kind, path) values (${ep}, '铭牌.png', 'png', 'image/png', 4, 'image', ${key}) returning id::int`,
    );
    t.deps.services.set('ocr', new NoOcrReader());
    expect((await client.send(C.ocr, { fileId: file?.id, type: 'nameplate' })).message).toBe('未开通图片识别服务，请手动填写');
    t.deps.services.set('ocr', new HttpOcrReader(String(t.deps.services.get('ocrUrl'))));
    const read = await client.send(C.ocr, { fileId: file?.id, type: 'nameplate' });
    expect(read.data).toEqual({ type: 'nameplate', text: '型号 KFR-35GW\n序列号 SN123', fields: { model: 'KFR-35GW', serialNumber: 'SN123' } });
    const other = await admin();
    expect((await other.client.send(C.ocr, { fileId: file?.id })).code).toBe('NOT_FOUND');
    t.deps.services.set('ocr', new HttpOcrReader('http://127.0.0.1:1/none'));
    expect((await client.send(C.ocr, { fileId: file?.id })).message).toBe('图片识别失败：无法连接识别服务');
  });
});
