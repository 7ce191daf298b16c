import type { FileKind, UploadedFile } from '@sk/shared';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads, uploadTokens, users } from '../../db/schema/index';

export const uploadUrl = (id: number): string => `/api/upload/file/${id}`;

type UploadRow = typeof uploads.$inferSelect;
export const toUploaded = (r: Pick<UploadRow, 'id' | 'name' | 'ext' | 'mime' | 'size' | 'kind'>): UploadedFile => ({
  id: r.id,
  name: r.name,
  ext: r.ext,
  mime: r.mime,
  size: r.size,
  kind: r.kind as FileKind,
  url: uploadUrl(r.id),
});

export async function insertUpload(
  ex: Executor,
  v: { enterpriseId: number; createdBy: number | null; name: string; ext: string; mime: string; size: number; kind: FileKind; path: string },
): Promise<UploadedFile> {
  const [r] = await ex.insert(uploads).values(v).returning();
  if (!r) throw new Error('upload insert failed');
  return toUploaded(r);
}

export async function uploadById(ex: Executor, enterpriseId: number, id: number): Promise<UploadRow | null> {
  const [r] = await ex
    .select()
    .from(uploads)
    .where(and(eq(uploads.enterpriseId, enterpriseId), eq(uploads.id, id)));
  return r ?? null;
}

/** The uploads among `ids` that belong to the enterprise, in id order. */
export async function uploadsOf(ex: Executor, enterpriseId: number, ids: number[]): Promise<UploadedFile[]> {
  if (ids.length === 0) return [];
  const list = await ex
    .select()
    .from(uploads)
    .where(and(eq(uploads.enterpriseId, enterpriseId), inArray(uploads.id, ids)))
    .orderBy(uploads.id);
  return list.map(toUploaded);
}

/**
 * For other modules (the form engine's file fields): the ids that are NOT uploads of this
 * enterprise. Empty means every id may be linked.
 */
export async function foreignUploadIds(ex: Executor, enterpriseId: number, ids: number[]): Promise<number[]> {
  const own = new Set((await uploadsOf(ex, enterpriseId, [...new Set(ids)])).map((u) => u.id));
  return ids.filter((i) => !own.has(i));
}

export async function storeToken(
  ex: Executor,
  v: { enterpriseId: number; userId: number; hash: string; kind: FileKind | null; seconds: number },
): Promise<void> {
  await ex
    .delete(uploadTokens)
    .where(and(eq(uploadTokens.enterpriseId, v.enterpriseId), eq(uploadTokens.userId, v.userId), lt(uploadTokens.expiresAt, sql`now()`)));
  await ex.insert(uploadTokens).values({
    enterpriseId: v.enterpriseId,
    id: v.hash,
    userId: v.userId,
    kind: v.kind,
    expiresAt: sql`now() + ${`${v.seconds} seconds`}::interval` as never,
  });
}

/** The live token's owner, if the user is still enabled. */
export async function tokenOwner(ex: Executor, hash: string): Promise<{ enterpriseId: number; userId: number; kind: FileKind | null } | null> {
  const [r] = await ex
    .select({ enterpriseId: uploadTokens.enterpriseId, userId: uploadTokens.userId, kind: uploadTokens.kind })
    .from(uploadTokens)
    .innerJoin(users, and(eq(users.enterpriseId, uploadTokens.enterpriseId), eq(users.id, uploadTokens.userId)))
    .where(and(eq(uploadTokens.id, hash), gt(uploadTokens.expiresAt, sql`now()`), eq(users.enabled, true), sql`${users.deletedAt} is null`));
  return r ? { ...r, kind: r.kind as FileKind | null } : null;
}
