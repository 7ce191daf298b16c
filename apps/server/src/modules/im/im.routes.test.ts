import { imContract as C, IM_SOCKET_PATH } from '@sk/shared';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { rows } from '../../db/client';
import { createDeps } from '../../platform/create-deps';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertUpload } from '../files/uploads.repo';
import { Peer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const count = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from im_messages where enterprise_id = ${ep}`))[0]?.n);

describe('instant-message socket', () => {
  it('answers pings, stores a message, acknowledges it and delivers it to the other staff of the enterprise only', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6], name: '客服甲' });
    const b = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: a.enterpriseId });
    const stranger = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const pa = await Peer.open(t.app, { cookie: a.client.cookie });
    const pb = await Peer.open(t.app, { cookie: b.client.cookie });
    const ps = await Peer.open(t.app, { cookie: stranger.client.cookie });
    await Promise.all([pa.frame('open'), pb.frame('open'), ps.frame('open')]);

    pa.send({ eventType: 'ping' });
    await pa.frame('pong');

    pa.send({ eventType: 'text', payload: { content: '您好' }, clientId: 'c1' });
    const ack = await pa.frame('ack');
    expect(ack).toMatchObject({ clientId: 'c1', data: { eventType: 'text', payload: { content: '您好' }, fromUserId: a.user.id, fromUserName: '客服甲' } });
    expect(ack.data.createtime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const got = await pb.frame('message');
    expect(got.data).toEqual(ack.data);

    await new Promise((r) => setTimeout(r, 200));
    expect(ps.frames.filter((f) => f.eventType === 'message')).toHaveLength(0);
    expect(pa.frames.filter((f) => f.eventType === 'message')).toHaveLength(0);
    expect(await count(a.enterpriseId)).toBe(1);
    for (const p of [pa, pb, ps]) p.close();
  });

  it('tells a notice’s recipient at once, on his sockets only, whoever wrote it (the notices trigger)', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [9] });
    const b = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: a.enterpriseId });
    const stranger = await loggedIn(t.app, t.deps.db, { roles: [9] });
    const pa = await Peer.open(t.app, { cookie: a.client.cookie });
    const pb = await Peer.open(t.app, { cookie: b.client.cookie });
    const ps = await Peer.open(t.app, { cookie: stranger.client.cookie });
    await Promise.all([pa.frame('open'), pb.frame('open'), ps.frame('open')]);
    // Two notices for a in one statement, written by plain SQL as the sweeps do: one signal.
    await t.deps.db.execute(sql`insert into notices (enterprise_id, user_id, kind, title, content)
      values (${a.enterpriseId}, ${a.user.id}, 'approval_todo', '待审批', ''), (${a.enterpriseId}, ${a.user.id}, 'approval_todo', '待审批', '')`);
    expect(await pa.frame('notice')).toEqual({ eventType: 'notice', data: null });
    // A notice for b, written in a transaction that rolls back, says nothing; the next one does.
    await t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notices (enterprise_id, user_id, kind, title, content) values (${b.enterpriseId}, ${b.user.id}, 'x', '撤销', '')`);
        throw new Error('rollback');
      })
      .catch(() => {});
    await t.deps.db.execute(sql`insert into notices (enterprise_id, user_id, kind, title, content) values (${b.enterpriseId}, ${b.user.id}, 'x', '派单', '')`);
    await pb.frame('notice');
    await new Promise((r) => setTimeout(r, 200));
    expect(pa.frames.filter((f) => f.eventType === 'notice')).toHaveLength(1);
    expect(pb.frames.filter((f) => f.eventType === 'notice')).toHaveLength(1);
    expect(ps.frames.filter((f) => f.eventType === 'notice')).toHaveLength(0);
    for (const p of [pa, pb, ps]) p.close();
  });

  it("accepts every message kind of the spec with its payload; a file names an upload of the sender's enterprise only", async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const other = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const upload = (ep: number, by: number, name: string, kind: 'image' | 'video' | 'audio' | 'doc') =>
      insertUpload(t.deps.db, { enterpriseId: ep, createdBy: by, name, ext: name.split('.')[1] as string, mime: 'x/y', size: 1234, kind, path: `im/${name}` });
    const pic = await upload(a.enterpriseId, a.user.id, 'fault.jpg', 'image');
    const clip = await upload(a.enterpriseId, a.user.id, 'noise.mp4', 'video');
    const doc = await upload(a.enterpriseId, a.user.id, 'manual.pdf', 'doc');
    const voice = await upload(a.enterpriseId, a.user.id, 'note.webm', 'audio');
    const foreign = await upload(other.enterpriseId, other.user.id, 'theirs.jpg', 'image');
    const p = await Peer.open(t.app, { cookie: a.client.cookie });
    const sent: [string, unknown][] = [
      ['text', '您好'],
      ['text', { content: '您好' }],
      ['image', { fileId: pic.id }],
      ['voice', { fileId: voice.id }],
      ['video', { fileId: clip.id }],
      ['file', { fileId: doc.id, name: '伪造的名字', url: 'https://evil.example/x' }],
      ['link', { url: 'https://example.com/manual', title: '说明书' }],
      ['miniprogram', { appid: 'wx1' }],
      ['msgmenu', { items: [] }],
      ['location', { lat: 31.23, lng: 121.47, address: '上海市黄浦区' }],
      ['business_card', { name: '李经理', mobile: '13900000000' }],
    ];
    for (const [eventType, payload] of sent) p.send({ eventType, payload });
    await p.frame('ack', sent.length);
    const acks = p.frames.filter((f) => f.eventType === 'ack').map((f) => f.data);
    expect(acks.map((m) => m.eventType)).toEqual(sent.map(([k]) => k));
    // A file message carries what the server knows of the upload, not what the client said.
    expect(acks[5].payload).toEqual({ fileId: doc.id, name: 'manual.pdf', url: doc.url, size: 1234, ext: 'pdf' });
    expect(acks[2].payload).toMatchObject({ fileId: pic.id, url: pic.url });
    // Refused with a clear message, nothing stored: another enterprise's upload, a bad link, a location off the globe, an empty text.
    const before = (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from im_messages where enterprise_id = ${a.enterpriseId}`))[0]?.n;
    const bad: [string, unknown, string][] = [
      ['image', { fileId: foreign.id }, '文件不存在或已删除，请重新上传'],
      // Each media kind carries its own kind of upload: a clip is not a voice message, a document not a picture.
      ['voice', { fileId: clip.id }, '语音消息只能发送语音文件'],
      ['image', { fileId: doc.id }, '图片消息只能发送图片文件'],
      ['link', { url: 'javascript:alert(1)' }, '请输入以http://或https://开头的链接'],
      ['location', { lat: 120, lng: 10 }, '纬度不正确'],
      ['text', '   ', '消息内容不能为空'],
    ];
    for (const [i, [eventType, payload, message]] of bad.entries()) {
      p.send({ eventType, payload });
      const e = await p.frame('error', i + 1);
      expect(e.message).toContain(message);
    }
    const after = (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from im_messages where enterprise_id = ${a.enterpriseId}`))[0]?.n;
    expect(after).toBe(before);
    p.close();
  });

  it('authenticates the app shell by the sessionId query', async () => {
    const ep = (await loggedIn(t.app, t.deps.db, { roles: [3] })).enterpriseId;
    const u = await makeUser(t.deps.db, ep, { roles: [6] });
    const login = await new Client(t.app).post('/stand/pwdLogin', { mobile: u.mobile, password: 'test1234', client: 'app' });
    const p = await Peer.open(t.app, { query: `?sessionId=${login.data.needChoose ? '' : login.data.sessionId}` });
    await p.frame('open');
    p.send({ eventType: 'ping' });
    await p.frame('pong');
    p.close();
  });

  it('closes the socket with 未登录 without a valid session', async () => {
    const anon = await Peer.open(t.app);
    expect(await anon.until(() => anon.closed)).toEqual({ code: 4401, reason: '未登录' });
    const bad = await Peer.open(t.app, { query: '?sessionId=nope' });
    expect((await bad.until(() => bad.closed)).code).toBe(4401);
  });

  it('refuses the handshake of another site’s page over real HTTP, accepts its own and one without Origin', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const url = `ws://127.0.0.1:${port}/api${IM_SOCKET_PATH}`;
    /** The handshake's outcome: 'open' (with the first frame), or the HTTP status and body of the refusal. */
    const handshake = (headers: Record<string, string>) =>
      new Promise<{ open: boolean; status?: number; body?: string; frame?: string }>((resolve, reject) => {
        const ws = new WebSocket(url, { headers: { cookie: a.client.cookie, ...headers } });
        ws.on('message', (d) => {
          resolve({ open: true, frame: d.toString() });
          ws.terminate();
        });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => {
            body += c.toString();
          });
          res.on('end', () => resolve({ open: false, status: res.statusCode, body }));
        });
        ws.on('close', () => resolve({ open: false }));
        ws.on('error', reject);
      });
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      const r = await handshake({ origin });
      expect([origin, r.open, r.status, JSON.parse(r.body ?? '{}')]).toEqual([
        origin,
        false,
        403,
        { success: false, code: 'CROSS_SITE', message: '请求来源无效，请在本站页面中操作' },
      ]);
    }
    expect(await handshake({ origin: `http://127.0.0.1:${port}` })).toEqual({ open: true, frame: JSON.stringify({ eventType: 'open' }) });
    expect((await handshake({})).open).toBe(true);
  });

  it('refuses a user without roles and an overdue plan', async () => {
    const noRole = await loggedIn(t.app, t.deps.db, { roles: [] });
    const p1 = await Peer.open(t.app, { cookie: noRole.client.cookie });
    expect(await p1.until(() => p1.closed)).toEqual({ code: 4403, reason: '当前用户未分配角色，请联系管理员' });
    const expired = await loggedIn(t.app, t.deps.db, { expireDays: -1 });
    const p2 = await Peer.open(t.app, { cookie: expired.client.cookie });
    expect((await p2.until(() => p2.closed)).code).toBe(4402);
  });

  it('answers bad frames with a clear message and stores nothing', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const p = await Peer.open(t.app, { cookie: a.client.cookie });
    p.send('not json');
    expect((await p.frame('error', 1)).message).toBe('消息格式错误');
    p.send({ eventType: 'sticker', payload: 'x' });
    expect((await p.frame('error', 2)).message).toContain('消息类型');
    p.send({ eventType: 'text', payload: '' });
    expect((await p.frame('error', 3)).message).toBe('消息内容：消息内容不能为空');
    p.send({ eventType: 'text', payload: 'a\u0000b' });
    expect((await p.frame('error', 4)).message).toBe('消息内容：包含无法保存的字符（空字符或无效编码），请删除后重试');
    p.send({ eventType: 'location', payload: { name: '\ud800' } });
    expect((await p.frame('error', 5)).message).toMatch(/包含无法保存的字符/);
    expect(await count(a.enterpriseId)).toBe(0);
    p.close();
  });

  it('ends the channel at the next message after logout', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const p = await Peer.open(t.app, { cookie: a.client.cookie });
    await p.frame('open');
    await a.client.post('/logout');
    p.send({ eventType: 'text', payload: '还在吗' });
    expect((await p.until(() => p.closed)).code).toBe(4401);
    expect(await count(a.enterpriseId)).toBe(0);
  });

  it('fans out across two app instances on one database (LISTEN/NOTIFY)', async () => {
    const second = await buildApp(createDeps(t.deps.config, t.database));
    await second.ready();
    try {
      const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
      const b = await loggedIn(t.app, t.deps.db, { roles: [6], enterpriseId: a.enterpriseId });
      const pa = await Peer.open(t.app, { cookie: a.client.cookie });
      const pb = await Peer.open(second, { cookie: b.client.cookie });
      await Promise.all([pa.frame('open'), pb.frame('open')]);
      pa.send({ eventType: 'link', payload: { url: 'https://example.com/1.png' } });
      expect((await pb.frame('message')).data).toMatchObject({ eventType: 'link', payload: { url: 'https://example.com/1.png' } });
      pa.close();
      pb.close();
    } finally {
      await second.close();
    }
  });
});

describe('GET /kefuuser/messages', () => {
  it('pages the enterprise’s messages newest first, and never another enterprise’s', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const other = await loggedIn(t.app, t.deps.db, { roles: [6] });
    for (const [ep, u, text] of [
      [a.enterpriseId, a.user.id, '一'],
      [a.enterpriseId, a.user.id, '二'],
      [a.enterpriseId, a.user.id, '三'],
      [other.enterpriseId, other.user.id, '别家'],
    ] as const) {
      await t.deps.db.execute(
        sql`insert into im_messages (enterprise_id, user_id, event_type, payload) values (${ep}, ${u}, 'text', ${JSON.stringify({ content: text })}::jsonb)`,
      );
    }
    const first = await a.client.call(C.messages, { pageSize: 10 });
    expect(first.data.count).toBe(3);
    expect(first.data.list.map((m: any) => m.payload.content)).toEqual(['三', '二', '一']);
    const older = await a.client.call(C.messages, { beforeId: first.data.list[0]!.id });
    expect(older.data.list.map((m: any) => m.payload.content)).toEqual(['二', '一']);
  });

  it('answers 未登录 without a session and validates paging', async () => {
    expect((await new Client(t.app).call(C.messages)).message).toBe('未登录');
    const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
    const r = await a.client.call(C.messages, { pageSize: 7 });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toContain('每页条数');
    expect((await (await loggedIn(t.app, t.deps.db, { roles: [] })).client.call(C.messages)).code).toBe('NO_ROLE');
  });
});
