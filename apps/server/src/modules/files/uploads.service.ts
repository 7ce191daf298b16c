import { Readable } from 'node:stream';
import { extOf, FILE_TYPES, type FileExt, type FileKind, isAllowedExt, type UploadedFile } from '@sk/shared';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { newKey, storageOf } from '../../platform/storage';
import { contentMatches, SNIFF_BYTES } from './filetypes';
import { insertUpload } from './uploads.repo';

export interface Owner {
  enterpriseId: number;
  userId: number;
}

/** Who stores a file: a staff user, or (userId null) the customer portal (docs/portal.md). */
export type FileOwner = Omit<Owner, 'userId'> & { userId: number | null };

/** Reads the first bytes of a stream and answers them with a stream of the whole content. */
async function peek(source: AsyncIterable<Buffer>, n: number): Promise<{ head: Buffer; whole: Readable }> {
  const it = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let got = 0;
  let ended = false;
  while (got < n) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    chunks.push(r.value);
    got += r.value.length;
  }
  const first = Buffer.concat(chunks);
  async function* all() {
    if (first.length) yield first;
    if (ended) return;
    for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
  }
  return { head: first.subarray(0, n), whole: Readable.from(all()) };
}

/** A display name: no directories, no control characters, at most 200 characters. */
export function cleanName(raw: string, ext: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(-200);
  return base || `文件.${ext}`;
}

/** Extension allowed, and of the wanted kind when one is asked for. */
export function checkExt(name: string, only?: FileKind | null): FileExt {
  const ext = extOf(name);
  if (!isAllowedExt(ext) || (only && FILE_TYPES[ext].kind !== only)) throw new AppError('FILE_TYPE', { ext: ext || '无扩展名' });
  return ext;
}

const limitText = (deps: Deps) => `${deps.config.UPLOAD_MAX_MB}MB`;

/**
 * Stores one upload: extension and magic bytes must agree, the size must stay within UPLOAD_MAX_MB,
 * and the storage key is generated (the client's name is only shown, never used as a path).
 */
export async function saveUpload(
  deps: Deps,
  owner: FileOwner,
  file: { name: string; content: AsyncIterable<Buffer>; truncated?: () => boolean; only?: FileKind | null },
): Promise<UploadedFile> {
  const ext = checkExt(file.name, file.only);
  const { head, whole } = await peek(file.content, SNIFF_BYTES);
  if (head.length === 0) throw new AppError('FILE_MISSING');
  if (!contentMatches(ext, head)) throw new AppError('FILE_FORGED', { ext });
  const storage = storageOf(deps);
  const key = newKey(owner.enterpriseId, 'uploads', ext);
  const max = deps.config.UPLOAD_MAX_MB * 1024 * 1024;
  let size: number;
  try {
    size = await storage.put(key, whole);
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { limit: limitText(deps) });
    throw err;
  }
  if (size > max || file.truncated?.()) {
    await storage.delete(key);
    throw new AppError('FILE_TOO_LARGE', { limit: limitText(deps) });
  }
  try {
    const { kind, mime } = FILE_TYPES[ext];
    return await insertUpload(deps.db, {
      enterpriseId: owner.enterpriseId,
      createdBy: owner.userId,
      name: cleanName(file.name, ext),
      ext,
      mime,
      size,
      kind,
      path: key,
    });
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/** 'data:image/png;base64,…' → bytes and the extension its MIME type stands for. */
export function parseDataUrl(deps: Deps, data: string): { ext: FileExt; bytes: Buffer } {
  const m = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(data);
  const mime = m?.[1]?.toLowerCase() ?? '';
  const ext = (Object.keys(FILE_TYPES) as FileExt[]).find((e) => FILE_TYPES[e].mime.split(';')[0] === mime);
  if (!m || !ext) throw new AppError('FILE_TYPE', { ext: mime || '未知' });
  const b64 = (m[2] ?? '').replace(/\s/g, '');
  if (b64.length * 0.75 > deps.config.UPLOAD_MAX_MB * 1024 * 1024 + 4) throw new AppError('FILE_TOO_LARGE', { limit: limitText(deps) });
  return { ext, bytes: Buffer.from(b64, 'base64') };
}

/** A data-URL upload (a signature image) under a name with the right extension. */
export async function saveDataUrl(deps: Deps, owner: FileOwner, data: string, name?: string): Promise<UploadedFile> {
  const { ext, bytes } = parseDataUrl(deps, data);
  const given = name?.trim() ?? '';
  const fileName = given && extOf(given) === ext ? given : `${given || '签名'}.${ext}`;
  return saveUpload(deps, owner, { name: fileName, content: Readable.from([bytes]) });
}
