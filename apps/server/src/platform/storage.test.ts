import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorage, newKey } from './storage';

const root = mkdtempSync(path.join(os.tmpdir(), 'sk-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LocalStorage', () => {
  const s = new LocalStorage(path.join(root, 'files'));

  it('writes, reads and deletes by generated key', async () => {
    const key = newKey(7, 'uploads', 'txt');
    expect(key).toMatch(/^7\/uploads\/\d{6}\/[0-9a-f-]{36}\.txt$/);
    expect(await s.put(key, Readable.from([Buffer.from('你好'), Buffer.from('，世界')]))).toBe(Buffer.byteLength('你好，世界'));
    const { stream, size } = await s.get(key);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('你好，世界');
    expect(size).toBe(15);
    await s.delete(key);
    await expect(s.get(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers the readiness ping, and fails it when its root is not a folder', async () => {
    await s.ping();
    writeFileSync(path.join(root, 'plain'), 'x');
    await expect(new LocalStorage(path.join(root, 'plain')).ping()).rejects.toThrow();
  });

  it('refuses keys that could leave its root', () => {
    for (const bad of ['../x.txt', '7/../../x.txt', '/etc/passwd', '7//x', '7/.hidden/../x', 'x', '7/a b.txt', '7\\..\\x']) {
      expect(() => s.pathOf(bad), bad).toThrow();
    }
    expect(s.pathOf('7/uploads/x.txt')).toBe(path.join(root, 'files', '7', 'uploads', 'x.txt'));
  });

  it('leaves no partial file when the source fails midway', async () => {
    const key = newKey(8, 'exports', 'xlsx');
    async function* broken() {
      yield Buffer.from('start');
      throw new Error('源数据中断');
    }
    await expect(s.put(key, Readable.from(broken()))).rejects.toThrow('源数据中断');
    expect(
      readdirSync(path.join(root, 'files', '8'), { recursive: true })
        .map(String)
        .filter((f) => f.includes('.')),
    ).toEqual([]);
  });
});
