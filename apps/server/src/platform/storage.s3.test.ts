import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { rows } from '../db/client';
import { loggedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { type FakeS3, startFakeS3 } from '../test/s3';
import { registerExport, startExport } from './exports';
import { drainJobs } from './jobs';
import { loadSession } from './session';
import { newKey, S3_PART_SIZE, S3Storage, storageFor, storageOf } from './storage';

let s3: FakeS3;
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-s3app-'));
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const storage = () =>
  new S3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** The part uploads the fake saw for one key. */
const partsOf = (key: string) => s3.seen.filter((r) => r.startsWith('PUT ') && r.includes(key) && /[?&]partNumber=/.test(r)).length;

describe('S3Storage against a local S3 server', () => {
  it('puts, gets and deletes by generated key; a missing key is NOT_FOUND', async () => {
    const s = storage();
    await s.ping();
    const key = newKey(7, 'uploads', 'txt');
    expect(await s.put(key, Readable.from([Buffer.from('你好'), Buffer.from('，世界')]))).toBe(15);
    const got = await s.get(key);
    expect(got.size).toBe(15);
    expect((await bytesOf(got.stream)).toString()).toBe('你好，世界');
    expect(await s.put(key, Buffer.from('再写一次'))).toBe(12);
    expect((await bytesOf((await s.get(key)).stream)).toString()).toBe('再写一次');
    await s.delete(key);
    await expect(s.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(s.get(newKey(7, 'uploads', 'png'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await s.delete(key); // deleting a missing key is no error
    for (const bad of ['../x.txt', '7/../../x.txt', 'x', '7//x']) await expect(s.put(bad, Buffer.from('x')), bad).rejects.toThrow('bad storage key');
  });

  it('sends a stream longer than one part as a multipart upload and reads back the same bytes', async () => {
    const s = storage();
    const key = newKey(7, 'exports', 'bin');
    const body = randomBytes(Math.floor(S3_PART_SIZE * 2.5));
    const chunks = Array.from({ length: Math.ceil(body.length / 65536) }, (_, i) => body.subarray(i * 65536, (i + 1) * 65536));
    expect(await s.put(key, Readable.from(chunks))).toBe(body.length);
    expect(partsOf(key)).toBe(3);
    const got = await s.get(key);
    expect(got.size).toBe(body.length);
    expect(sha(await bytesOf(got.stream))).toBe(sha(body));
  });

  it('leaves no object when the source fails midway through a multipart upload', async () => {
    const s = storage();
    const key = newKey(8, 'exports', 'bin');
    async function* broken() {
      for (let i = 0; i < 12; i++) yield randomBytes(1024 * 1024);
      throw new Error('源数据中断');
    }
    await expect(s.put(key, Readable.from(broken()))).rejects.toThrow('源数据中断');
    await expect(s.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(s3.seen.some((r) => r.startsWith('DELETE ') && r.includes(key) && r.includes('uploadId='))).toBe(true);
  });

  it('fails the readiness ping for a bucket that does not exist', async () => {
    const s = new S3Storage({
      endpoint: s3.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await expect(s.ping()).rejects.toThrow();
  });
});

describe('STORAGE=s3 in the app', () => {
  it('chooses the store by configuration: local disk by default, S3 with STORAGE=s3', () => {
    expect(storageFor(loadConfig({ DATA_DIR: dataDir })).constructor.name).toBe('LocalStorage');
    expect(storageOf(t.deps)).toBeInstanceOf(S3Storage);
  });

  it('stores an upload in the bucket (not on disk) and serves it back', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2000)]);
    const boundary = '----sks3';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="铭牌.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = await client.request('POST', '/upload/save', payload, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(r).toMatchObject({ success: true, data: { size: png.length } });
    const [row] = await rows<{ path: string }>(t.deps.db, sql`select path from uploads where enterprise_id = ${enterpriseId} and id = ${r.data.id}`);
    expect(s3.seen.some((x) => x.startsWith('PUT ') && x.includes(row!.path))).toBe(true);
    expect(existsSync(path.join(dataDir, 'files', String(enterpriseId)))).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: r.data.url, headers: { cookie: client.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('streams a large export (several parts) into the bucket and downloads it whole', async () => {
    // Incompressible cells, so the xlsx (a zip) passes 5 MB and goes up in several parts.
    registerExport('test.s3big', {
      title: '大文件',
      columns: [
        { key: 'n', header: '序号' },
        { key: 'v', header: '内容' },
      ],
      count: async () => 9000,
      rows: async function* () {
        for (let b = 0; b < 9; b++) yield Array.from({ length: 1000 }, (_, i) => ({ n: b * 1000 + i, v: randomBytes(600).toString('base64') }));
      },
    });
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const session = (await loadSession(t.deps.db, decodeURIComponent(client.cookie.slice('sk_sid='.length))))!;
    const { id } = await startExport(t.deps.db, session, { kind: 'test.s3big', params: {} });
    await drainJobs(t.deps);
    const [done] = await rows<{ file_key: string; size: number; row_count: number }>(
      t.deps.db,
      sql`select file_key, size::int, row_count from export_files where enterprise_id = ${enterpriseId} and id = ${id}`,
    );
    expect(done?.row_count).toBe(9000);
    expect(done!.size).toBeGreaterThan(S3_PART_SIZE);
    expect(partsOf(done!.file_key)).toBeGreaterThanOrEqual(2);
    const res = await t.app.inject({ method: 'GET', url: `/api/fileDownloadCenter/download/${id}`, headers: { cookie: client.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(done!.size);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // another enterprise's user gets nothing
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const theirs = await t.app.inject({ method: 'GET', url: `/api/fileDownloadCenter/download/${id}`, headers: { cookie: other.client.cookie } });
    expect(theirs.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  }, 60_000);
});

describe('an incomplete S3 configuration', () => {
  it('is refused by loadConfig with a message naming what to set', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow('配置不完整：STORAGE=s3 需要设置 S3_BUCKET');
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置');
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b' }).S3_BUCKET).toBe('b');
  });

  // A child process that compiles the server first: well over 30 s on a loaded 2-core machine.
  it('stops the server at start with that message, before it opens the database', async () => {
    const main = path.resolve(__dirname, '../main.ts');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, STORAGE: 's3', S3_BUCKET: '', DATA_DIR: dataDir, PORT: '0' },
      timeout: 80_000,
    });
    await expect(run).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('配置不完整：STORAGE=s3 需要设置 S3_BUCKET') });
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  }, 90_000);
});
