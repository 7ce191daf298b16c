import { sql } from 'drizzle-orm';
import { deflateSync, crc32 } from 'node:zlib';
import path from 'node:path';
import { FILE_TYPES } from '@sk/shared';
import { LocalStorage, newKey, type Storage } from '../storage';
import { type Executor, rows } from '../../db/client';

/**
 * Demo customers' signatures: a handwritten-looking stroke drawn into a small PNG (what the signature pad saves),
 * stored like an upload, so the demo's completed orders carry the proof of service and their reports show it.
 */

const W = 320;
const H = 120;

/** An RGBA PNG (dark ink on transparent) with a few connected curves; `seed` varies the strokes. */
export function signaturePng(seed: number): Buffer {
  const px = Buffer.alloc(W * H * 4);
  const dot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xi = Math.round(x) + dx;
        const yi = Math.round(y) + dy;
        if (xi < 0 || yi < 0 || xi >= W || yi >= H) continue;
        const i = (yi * W + xi) * 4;
        px[i] = 20;
        px[i + 1] = 30;
        px[i + 2] = 70;
        px[i + 3] = Math.max(px[i + 3] ?? 0, dx === 0 && dy === 0 ? 255 : 150);
      }
  };
  // Three "characters" and an underline, each a Lissajous-like loop, then a flourish.
  const s = (seed % 7) + 1;
  for (let c = 0; c < 3; c++) {
    const cx = 55 + c * 85;
    for (let t = 0; t <= 1; t += 0.0015) {
      const a = t * Math.PI * 2 * (1.5 + ((s + c) % 3) * 0.5);
      dot(cx + 30 * Math.sin(a * (1 + c * 0.3)) + 25 * t, 58 + 28 * Math.cos(a * 1.7 + s) * (1 - t * 0.4));
    }
  }
  for (let t = 0; t <= 1; t += 0.002) dot(30 + 260 * t, 100 + 6 * Math.sin(t * Math.PI * (2 + s)));
  const raw = Buffer.alloc((W * 4 + 1) * H);
  for (let y = 0; y < H; y++) px.copy(raw, y * (W * 4 + 1) + 1, y * W * 4, (y + 1) * W * 4);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The storage given, or local disk under a DATA_DIR given as a path. */
const storeOf = (files: Storage | string): Storage => (typeof files === 'string' ? new LocalStorage(path.join(files, 'files')) : files);

/** Stores a signature image (in the storage, or under DATA_DIR/files) as the user's upload; returns its upload id. */
export async function saveSignature(ex: Executor, enterpriseId: number, userId: number, files: Storage | string, seed: number): Promise<number> {
  const png = signaturePng(seed);
  const key = newKey(enterpriseId, 'uploads', 'png');
  await storeOf(files).put(key, png);
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into uploads (enterprise_id, created_by, name, ext, mime, size, kind, path)
      values (${enterpriseId}, ${userId}, '签名.png', 'png', ${FILE_TYPES.png.mime}, ${png.length}, ${FILE_TYPES.png.kind}, ${key}) returning id::int as id`,
  );
  return Number(r?.id);
}

/** `saveSignature` for many seeds at once: the files, then one insert; answers each seed's upload id. */
export async function saveSignatures(
  ex: Executor,
  enterpriseId: number,
  userId: number,
  where: Storage | string,
  seeds: number[],
): Promise<Map<number, number>> {
  const unique = [...new Set(seeds)];
  if (unique.length === 0) return new Map();
  const storage = storeOf(where);
  const files = await Promise.all(
    unique.map(async (seed) => {
      const png = signaturePng(seed);
      const key = newKey(enterpriseId, 'uploads', 'png');
      await storage.put(key, png);
      return { seed, key, size: png.length };
    }),
  );
  const made = await rows<{ id: number; path: string }>(
    ex,
    sql`insert into uploads (enterprise_id, created_by, name, ext, mime, size, kind, path)
      select ${enterpriseId}, ${userId}, '签名.png', 'png', ${FILE_TYPES.png.mime}, f.size, ${FILE_TYPES.png.kind}, f.key
      from jsonb_to_recordset(${JSON.stringify(files)}::jsonb) as f(key text, size int) returning id::int as id, path`,
  );
  const idOf = new Map(made.map((r) => [r.path, Number(r.id)]));
  return new Map(files.map((f) => [f.seed, Number(idOf.get(f.key))]));
}
