import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { foreignUploadIds } from './uploads.repo';

let t: TestApp;
let dataDir: string;
const MAX_MB = 0.02; // about 20 KB, so the limit is cheap to cross
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-up-'));
  t = await createTestApp({ DATA_DIR: dataDir, UPLOAD_MAX_MB: String(MAX_MB) });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest-of-a-png')]);
const GIF = Buffer.from('GIF89a-some-gif-bytes');

/** A multipart/form-data body with one file part (or none). */
function multipart(file: { name: string; content: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = `----sk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(c: Client, name: string, content: Buffer, query = '', opts: { csrf?: boolean } = {}) {
  const m = multipart({ name, content });
  return c.request('POST', `/upload/save${query}`, m.payload, { headers: m.headers, csrf: opts.csrf });
}

const getRaw = (c: Client, url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: c.cookie ? { cookie: c.cookie } : {} });
const uploadCount = async (enterpriseId: number) => (await rows(t.deps.db, sql`select id from uploads where enterprise_id = ${enterpriseId}`)).length;
/** Every file under the enterprise's storage folder (temporary .part files included). */
const storedFiles = (enterpriseId: number): string[] => {
  try {
    return readdirSync(path.join(dataDir, 'files', String(enterpriseId)), { recursive: true })
      .map(String)
      .filter((f) => /\.\w+$/.test(f));
  } catch {
    return [];
  }
};

describe('POST /upload/save and GET /upload/file/{id}', () => {
  it('stores an image under a generated name and serves the same bytes back', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const r = await upload(client, '现场照片.PNG', PNG);
    expect(r).toMatchObject({
      success: true,
      message: '上传成功',
      data: { name: '现场照片.PNG', ext: 'png', kind: 'image', mime: 'image/png', size: PNG.length },
    });
    expect(r.data.url).toBe(`/api/upload/file/${r.data.id}`);
    const files = storedFiles(enterpriseId);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^uploads\/\d{6}\/[0-9a-f-]{36}\.png$/);
    const res = await getRaw(client, r.data.url.slice(4));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('never uses the client name as a path', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const r = await upload(client, '../../../etc/passwd.png', PNG);
    expect(r.data.name).toBe('passwd.png');
    expect(storedFiles(enterpriseId).every((f) => f.startsWith('uploads/'))).toBe(true);
    expect(readdirSync(dataDir).sort()).toEqual(['files']);
  });

  it('refuses a disallowed extension, content that does not match it, and a kind not asked for — writing nothing', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect(await upload(client, 'run.exe', Buffer.from('MZ...'))).toMatchObject({ success: false, code: 'FILE_TYPE', message: '不支持的文件类型：exe' });
    expect((await upload(client, 'pic.svg', Buffer.from('<svg/>'))).code).toBe('FILE_TYPE');
    expect((await upload(client, 'noext', PNG)).message).toBe('不支持的文件类型：无扩展名');
    expect(await upload(client, 'evil.png', Buffer.from('<html><script>alert(1)</script>'))).toMatchObject({
      code: 'FILE_FORGED',
      message: '文件内容与扩展名不符：png',
    });
    expect((await upload(client, 'report.pdf', GIF)).code).toBe('FILE_FORGED');
    expect((await upload(client, 'doc.pdf', Buffer.from('%PDF-1.7 …'), '?kind=image')).code).toBe('FILE_TYPE');
    expect((await upload(client, 'empty.png', Buffer.alloc(0))).code).toBe('FILE_MISSING');
    expect((await upload(client, 'x.png', PNG, '?kind=sound')).code).toBe('VALIDATION');
    expect(await uploadCount(enterpriseId)).toBe(0);
    expect(storedFiles(enterpriseId)).toEqual([]);
  });

  it('accepts the listed video and document types when their bytes agree', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const samples: [string, Buffer][] = [
      ['a.mp4', Buffer.from('\0\0\0\x18ftypisom0000', 'latin1')],
      ['a.mov', Buffer.from('\0\0\0\x14ftypqt  0000', 'latin1')],
      ['a.avi', Buffer.from('RIFF\x10\0\0\0AVI LIST', 'latin1')],
      ['a.mkv', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])],
      ['a.docx', Buffer.from('PK\x03\x04rest', 'latin1')],
      ['a.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])],
      ['说明.txt', Buffer.from('第一行\n第二行\tok')],
      ['a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ];
    for (const [name, content] of samples) {
      const r = await upload(client, name, content);
      expect(r.success, `${name}: ${r.message}`).toBe(true);
    }
    expect((await upload(client, 'bin.txt', Buffer.from([0x41, 0, 0x42]))).code).toBe('FILE_FORGED');
    expect((await upload(client, 'a.mp4', PNG)).code).toBe('FILE_FORGED');
  });

  it('accepts voice recordings as kind audio (what phones and browsers record), and refuses forged ones', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const samples: [string, Buffer][] = [
      ['a.mp3', Buffer.from('ID3\x04\0\0\0\0\0\x10', 'latin1')],
      ['b.mp3', Buffer.from([0xff, 0xfb, 0x90, 0x64, 0])],
      ['a.m4a', Buffer.from('\0\0\0\x20ftypM4A 0000', 'latin1')],
      ['a.amr', Buffer.from('#!AMR\n\x3c', 'latin1')],
      ['a.wav', Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1')],
      ['a.ogg', Buffer.from('OggS\0\x02', 'latin1')],
      ['录音.webm', Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42])],
    ];
    for (const [name, content] of samples) {
      const r = await upload(client, name, content, '?kind=audio');
      expect(r.success, `${name}: ${r.message}`).toBe(true);
      expect(r.data).toMatchObject({ kind: 'audio' });
    }
    expect((await upload(client, 'a.wav', Buffer.from('RIFF\x10\0\0\0AVI LIST', 'latin1'))).code).toBe('FILE_FORGED');
    expect((await upload(client, 'a.mp3', PNG)).code).toBe('FILE_FORGED');
    expect((await upload(client, 'a.mp3', Buffer.from('ID3\x04\0'), '?kind=image')).code).toBe('FILE_TYPE');
  });

  it('refuses a file over UPLOAD_MAX_MB and leaves no partial file', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const big = Buffer.concat([PNG, Buffer.alloc(Math.ceil(MAX_MB * 1024 * 1024) + 10, 1)]);
    const m = multipart({ name: 'big.png', content: big });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/save',
      payload: m.payload,
      headers: { ...m.headers, cookie: client.cookie, 'x-csrf-token': client.csrf },
    });
    expect(res.json()).toMatchObject({ success: false, code: 'FILE_TOO_LARGE', message: `文件大小不能超过${MAX_MB}MB` });
    // Not read to its end: the connection closes after the answer.
    expect(res.headers.connection).toBe('close');
    expect(await uploadCount(enterpriseId)).toBe(0);
    expect(storedFiles(enterpriseId)).toEqual([]);
  });

  it('needs a file, a session and the CSRF token', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const none = multipart(null, { note: 'x' });
    expect((await client.request('POST', '/upload/save', none.payload, { headers: none.headers })).code).toBe('FILE_MISSING');
    expect((await client.post('/upload/save', { a: 1 })).code).toBe('FILE_MISSING');
    expect((await upload(new Client(t.app), 'a.png', PNG)).message).toBe('未登录');
    expect((await upload(client, 'a.png', PNG, '', { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect(await uploadCount(enterpriseId)).toBe(0);
  });

  it('serves a file only to its own enterprise', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const id = (await upload(a.client, 'a.png', PNG)).data.id;
    const b = await loggedIn(t.app, t.deps.db);
    const res = await getRaw(b.client, `/upload/file/${id}`);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await getRaw(new Client(t.app), `/upload/file/${id}`)).json().message).toBe('未登录');
    expect((await getRaw(a.client, '/upload/file/abc')).json().code).toBe('NOT_FOUND');
    const colleague = await loggedIn(t.app, t.deps.db, { enterpriseId: a.enterpriseId, roles: [4] });
    expect((await getRaw(colleague.client, `/upload/file/${id}`)).statusCode).toBe(200);
  });
});

describe('POST /upload/save/str', () => {
  it('stores a base64 data URL (a signature image) with the extension of its type', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const r = await client.post('/upload/save/str', { data: `data:image/png;base64,${PNG.toString('base64')}`, name: '客户签名' });
    expect(r).toMatchObject({ success: true, data: { name: '客户签名.png', kind: 'image', size: PNG.length } });
    expect((await getRaw(client, `/upload/file/${r.data.id}`)).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses other types, mismatched bytes, malformed data, oversize data, and a missing CSRF token', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect((await client.post('/upload/save/str', { data: `data:text/html;base64,${Buffer.from('<b>').toString('base64')}` })).code).toBe('FILE_TYPE');
    expect((await client.post('/upload/save/str', { data: `data:image/png;base64,${GIF.toString('base64')}` })).code).toBe('FILE_FORGED');
    const bad = await client.post('/upload/save/str', { data: 'hello' });
    expect(bad).toMatchObject({ code: 'VALIDATION', message: '文件内容：请提供base64格式的数据' });
    const big = Buffer.concat([PNG, Buffer.alloc(30 * 1024)]);
    expect((await client.post('/upload/save/str', { data: `data:image/png;base64,${big.toString('base64')}` })).code).toBe('FILE_TOO_LARGE');
    const ok = { data: `data:image/png;base64,${PNG.toString('base64')}` };
    expect((await client.post('/upload/save/str', ok, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await new Client(t.app).post('/upload/save/str', ok)).message).toBe('未登录');
    expect(await uploadCount(enterpriseId)).toBe(0);
  });
});

describe('GET /upload/getOssPolicy and POST /upload/direct', () => {
  it('hands out a short-lived token that uploads without the session, into the token owner enterprise', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const p = await client.get('/upload/getOssPolicy', { kind: 'image' });
    expect(p.data).toMatchObject({
      storage: 'local',
      host: '/api/upload/direct',
      maxSize: Math.floor(MAX_MB * 1024 * 1024),
      accept: ['png', 'jpg', 'jpeg', 'gif'],
    });
    expect(p.data.expire).toBeGreaterThan(Date.now() / 1000);
    const m = multipart({ name: 'a.png', content: PNG });
    const anon = new Client(t.app);
    const r = await anon.request('POST', `/upload/direct?token=${p.data.token}`, m.payload, { headers: m.headers });
    expect(r.success).toBe(true);
    expect(await uploadCount(enterpriseId)).toBe(1);
    expect((await getRaw(client, `/upload/file/${r.data.id}`)).statusCode).toBe(200);

    const pdf = multipart({ name: 'a.pdf', content: Buffer.from('%PDF-1.4') });
    expect((await anon.request('POST', `/upload/direct?token=${p.data.token}`, pdf.payload, { headers: pdf.headers })).code).toBe('FILE_TYPE');
    const forged = multipart({ name: 'a.png', content: PNG });
    expect((await anon.request('POST', `/upload/direct?token=${'x'.repeat(32)}`, forged.payload, { headers: forged.headers })).code).toBe(
      'UPLOAD_TOKEN_INVALID',
    );
    await t.deps.db.execute(sql`update upload_tokens set expires_at = now() - interval '1 second' where enterprise_id = ${enterpriseId}`);
    const late = multipart({ name: 'a.png', content: PNG });
    expect((await anon.request('POST', `/upload/direct?token=${p.data.token}`, late.payload, { headers: late.headers })).message).toBe(
      '上传凭证无效或已过期，请重新获取',
    );
    expect(await uploadCount(enterpriseId)).toBe(1);
    expect((await new Client(t.app).get('/upload/getOssPolicy')).message).toBe('未登录');
    expect((await client.get('/upload/getOssPolicy', { kind: 'exe' })).code).toBe('VALIDATION');
  });
});

describe('foreignUploadIds (for file fields of other modules)', () => {
  it('answers the ids that are not uploads of the enterprise', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const b = await loggedIn(t.app, t.deps.db);
    const mine = (await upload(a.client, 'a.png', PNG)).data.id;
    const theirs = (await upload(b.client, 'b.png', PNG)).data.id;
    expect(await foreignUploadIds(t.deps.db, a.enterpriseId, [mine])).toEqual([]);
    expect(await foreignUploadIds(t.deps.db, a.enterpriseId, [mine, theirs, 999999])).toEqual([theirs, 999999]);
  });
});

describe('an upload that declares more than the limit', () => {
  it('is refused over real HTTP before its body is read, in the envelope and in Chinese, and the connection is closed', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const { connect } = await import('node:net');
    const started = Date.now();
    const answer = await new Promise<{ text: string; closed: boolean }>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => {
        s.write(
          `POST /api/upload/save HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${client.cookie}\r\nX-CSRF-Token: ${client.csrf}\r\n` +
            `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${2 * 1024 ** 3}\r\n\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
        );
        // Only a few bytes of the 2 GB follow: an answer can only come from the declared length.
        s.write(Buffer.alloc(1024, 1));
      });
      let text = '';
      s.on('data', (d) => {
        text += d.toString('utf8');
      });
      s.on('error', reject);
      s.on('close', () => resolve({ text, closed: true }));
      setTimeout(() => resolve({ text, closed: false }), 5000);
    });
    expect(answer.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer.text.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(answer.text.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toEqual({
      success: false,
      code: 'FILE_TOO_LARGE',
      message: `文件大小不能超过${MAX_MB}MB`,
    });
  });
});
