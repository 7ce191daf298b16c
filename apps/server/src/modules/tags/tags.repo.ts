import { USER_STATUS_CODE } from '@sk/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tags, users } from '../../db/schema/index';
import { apiTime } from '../../platform/sql';

const columns = (tz: string) => ({
  id: tags.id,
  code: tags.code,
  name: tags.name,
  color_rgb: tags.colorRgb,
  sort: tags.sort,
  create_time: apiTime(tags.createdAt, tz),
});

export function listByCode(ex: Executor, enterpriseId: number, code: number, tz: string) {
  return ex
    .select(columns(tz))
    .from(tags)
    .where(and(eq(tags.enterpriseId, enterpriseId), eq(tags.code, code)))
    .orderBy(asc(tags.sort), asc(tags.id));
}

export async function findById(ex: Executor, enterpriseId: number, id: number, tz: string) {
  const [t] = await ex
    .select(columns(tz))
    .from(tags)
    .where(and(eq(tags.enterpriseId, enterpriseId), eq(tags.id, id)));
  return t ?? null;
}

/** The subset of ids that are this enterprise's tags (of one code, when given). */
export async function ownedIds(ex: Executor, enterpriseId: number, ids: number[], code?: number): Promise<number[]> {
  const found = await ex
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.enterpriseId, enterpriseId), inArray(tags.id, ids), code === undefined ? undefined : eq(tags.code, code)));
  return found.map((r) => r.id);
}

export async function countByCode(ex: Executor, enterpriseId: number, code: number): Promise<number> {
  const [r] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(tags)
    .where(and(eq(tags.enterpriseId, enterpriseId), eq(tags.code, code)));
  return r?.n ?? 0;
}

export async function nameTaken(ex: Executor, enterpriseId: number, code: number, name: string, exceptId?: number): Promise<boolean> {
  const [r] = await ex
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.enterpriseId, enterpriseId), eq(tags.code, code), eq(tags.name, name)));
  return !!r && r.id !== exceptId;
}

export async function insertTag(ex: Executor, enterpriseId: number, t: { code: number; name: string; colorRgb: string }): Promise<number | null> {
  const [r] = await ex
    .insert(tags)
    .values({
      enterpriseId,
      ...t,
      sort: sql`(select coalesce(max(sort), 0) + 1 from tags where enterprise_id = ${enterpriseId} and code = ${t.code})`,
    })
    .onConflictDoNothing()
    .returning({ id: tags.id });
  return r?.id ?? null;
}

export async function updateTag(ex: Executor, enterpriseId: number, id: number, t: { name: string; colorRgb: string }): Promise<boolean> {
  const r = await ex
    .update(tags)
    .set({ ...t, updatedAt: sql`now()` })
    .where(and(eq(tags.enterpriseId, enterpriseId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return r.length === 1;
}

/** Deletes tags (their links cascade) and clears them as anyone's status. */
export async function deleteTags(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  await ex
    .update(users)
    .set({ statusTagId: null })
    .where(and(eq(users.enterpriseId, enterpriseId), inArray(users.statusTagId, ids)));
  await ex.delete(tags).where(and(eq(tags.enterpriseId, enterpriseId), inArray(tags.id, ids)));
}

/** Sets the user's status only while the tag is a status tag (code 1) of the same enterprise, in one statement. */
export async function setUserStatus(ex: Executor, enterpriseId: number, userId: number, tagId: number): Promise<boolean> {
  const r = await ex
    .update(users)
    .set({ statusTagId: tagId })
    .where(
      and(
        eq(users.enterpriseId, enterpriseId),
        eq(users.id, userId),
        sql`exists (select 1 from tags where enterprise_id = ${enterpriseId} and id = ${tagId} and code = ${USER_STATUS_CODE})`,
      ),
    )
    .returning({ id: users.id });
  return r.length === 1;
}

/** The user's status tag, when it still exists. */
export async function userStatus(ex: Executor, enterpriseId: number, userId: number) {
  const [r] = await ex
    .select({ id: tags.id, name: tags.name, color_rgb: tags.colorRgb })
    .from(users)
    .innerJoin(tags, and(eq(tags.enterpriseId, users.enterpriseId), eq(tags.id, users.statusTagId)))
    .where(and(eq(users.enterpriseId, enterpriseId), eq(users.id, userId)));
  return r ?? null;
}

/** Inserts tags; a name the enterprise has already is skipped. */
export async function insertTagsIfNew(ex: Executor, values: (typeof tags.$inferInsert)[]): Promise<void> {
  await ex.insert(tags).values(values).onConflictDoNothing();
}
