import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * Secrets at rest (provider keys in settings): AES-256-GCM under the key SECRET_KEY names, or a random key kept in
 * DATA_DIR/secret.key (created 0600 on first use). Several app instances must share SECRET_KEY.
 */
const keys = new Map<string, Buffer>();
function keyOf(config: Config): Buffer {
  const env = process.env.SECRET_KEY;
  if (env) return createHash('sha256').update(env).digest();
  const file = path.join(config.dataDir, 'secret.key');
  const cached = keys.get(file);
  if (cached) return cached;
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (e) {
      // Another instance on the same data directory wrote it first: use that one.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const key = createHash('sha256').update(readFileSync(file, 'utf8').trim()).digest();
  keys.set(file, key);
  return key;
}

export function sealSecret(config: Config, plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', keyOf(config), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
}

/** The plain secret, or null when it was sealed under another key or is not a sealed value. */
export function openSecret(config: Config, sealed: string): string | null {
  if (!sealed.startsWith('v1:')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const d = createDecipheriv('aes-256-gcm', keyOf(config), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
