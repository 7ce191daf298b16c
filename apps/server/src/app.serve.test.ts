// Serving the built web app and compressing answers: real HTTP through app.inject and a listening server.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { IM_SOCKET_PATH } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/scripts/precompress';
import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { createDeps } from './platform/create-deps';
import { LogSmsSender } from './platform/sms';
import { loggedIn } from './test/factories';
import { openTestDatabase } from './test/harness';

const JS = `export const rows = [${Array.from({ length: 300 }, (_, i) => `{id:${i},name:"客户${i}"}`).join(',')}];\n`;
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-a1b2c3d4.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const BR = 'gzip, deflate, br, zstd';

let app: FastifyInstance;
let database: Database;
let dist: string;
let dataDir: string;

beforeAll(async () => {
  // A build output as Vite writes it, compressed by the same build step.
  dist = mkdtempSync(path.join(os.tmpdir(), 'sk-dist-'));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-serve-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, 'assets', 'index-a1b2c3d4.js'), JS);
  writeFileSync(path.join(dist, 'assets', 'icon-e5f6a7b8.svg'), ICON);
  await precompressDir(dist);
  database = await openTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', DATA_DIR: dataDir });
  app = await buildApp(createDeps(config, database, { sms: new LogSmsSender(() => {}) }), { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const varies = (h: unknown) =>
  String(h ?? '')
    .toLowerCase()
    .split(/,\s*/)
    .includes('accept-encoding');

describe('the built web app', () => {
  it('sends the brotli file to a browser that accepts it, gzip to one that accepts only gzip, the file itself otherwise', async () => {
    const br = await get('/assets/index-a1b2c3d4.js', { 'accept-encoding': BR });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get('/assets/index-a1b2c3d4.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varies(gz.headers.vary)).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get('/assets/index-a1b2c3d4.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain.headers.vary)).toBe(true);
    expect(plain.body).toBe(JS);
  });

  it('lets browsers keep hashed assets for a year without asking again', async () => {
    for (const enc of [BR, 'gzip', '']) {
      const r = await get('/assets/index-a1b2c3d4.js', enc ? { 'accept-encoding': enc } : {});
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Too small to be worth compressing: no sibling, sent as it is, cached the same.
    const icon = await get('/assets/icon-e5f6a7b8.svg', { 'accept-encoding': BR });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(icon.body).toBe(ICON);
  });

  it('makes browsers revalidate index.html, the root and every deep link of the app, compressed', async () => {
    for (const url of ['/', '/index.html', '/allCustomer', '/customer/detail/12?tab=contacts']) {
      const r = await get(url, { 'accept-encoding': BR });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-type'], url).toMatch(/^text\/html/);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString(), url).toBe(HTML);
    }
    const first = await get('/allCustomer');
    expect(first.body).toBe(HTML);
    const again = await get('/allCustomer', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('serves a file of a build written while the server runs, compressed and kept for a year', async () => {
    const late = `export const later = ${JSON.stringify('新'.repeat(2000))};\n`;
    writeFileSync(path.join(dist, 'assets', 'late-9f8e7d6c.js'), late);
    await precompressDir(dist);
    const r = await get('/assets/late-9f8e7d6c.js', { 'accept-encoding': BR });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(late);
    // Only files in the assets folder: no way out of it.
    for (const url of ['/assets/..%2Findex.html', '/assets/..%2F..%2Fpackage.json', '/assets/.hidden']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });

  it('answers 404 for a hashed file that is not there (a chunk of an older build), not the page', async () => {
    const r = await get('/assets/index-00000000.js', { 'accept-encoding': BR });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/json/);
  });
});

describe('API answers', () => {
  it('compresses a large answer by Accept-Encoding and leaves a small one alone', async () => {
    const { client } = await loggedIn(app, database.db, { roles: [3] });
    const plain = await get('/api/v2/menu/listV2', { cookie: client.cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().success).toBe(true);

    const br = await get('/api/v2/menu/listV2', { cookie: client.cookie, 'accept-encoding': BR });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br.headers.vary)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await get('/api/v2/menu/listV2', { cookie: client.cookie, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const small = await get('/api/version/info', { 'accept-encoding': BR });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().success).toBe(true);
  });

  it('sends an xlsx download and a stored image as they are, with their length', async () => {
    const { client } = await loggedIn(app, database.db, { roles: [3] });
    const xlsx = await get('/api/v2/customer/import/template?kind=customer', { cookie: client.cookie, 'accept-encoding': BR });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4000)]);
    const up = await client.post('/upload/save/str', { data: `data:image/png;base64,${png.toString('base64')}`, name: '现场照片' });
    expect(up.success).toBe(true);
    const img = await get(`/api/upload/file/${up.data.id}`, { cookie: client.cookie, 'accept-encoding': BR });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-encoding']).toBeUndefined();
    expect(Number(img.headers['content-length'])).toBe(png.length);
    expect(img.rawPayload.equals(png)).toBe(true);
  });

  it('still upgrades the message websocket of a browser that accepts compression', async () => {
    const { client } = await loggedIn(app, database.db, { roles: [3] });
    const base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({
        host: base.hostname,
        port: base.port,
        path: `/api${IM_SOCKET_PATH}`,
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          'accept-encoding': BR,
          origin: base.origin,
          cookie: client.cookie,
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(101);
  });
});

describe('security headers', () => {
  const expectHardened = (h: Record<string, unknown>) => {
    const csp = String(h['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toMatch(/img-src[^;]* https:/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(h).toMatchObject({ 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' });
  };

  it('a page, a hashed file, an API answer and an API refusal carry them', async () => {
    for (const url of ['/orders', '/assets/index-a1b2c3d4.js', '/api/version/info', '/api/v2/sessionUser/info', '/api/nope']) {
      const r = await get(url);
      expect([url, r.statusCode < 500]).toEqual([url, true]);
      expectHardened(r.headers);
    }
  });

  it('the page the browser loads has no inline script the policy would block', async () => {
    const page = (await get('/orders')).body;
    expect(page.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    expect(page).not.toMatch(/\son[a-z]+=/i);
  });
});
