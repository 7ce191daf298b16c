// The tag links' statements: the tags of records, linking and unlinking, and the list filter's condition.
import type { LinkTagCode } from '@sk/shared';
import { and, type AnyColumn, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tagLinks, tags } from '../../db/schema/index';
import { bigints } from '../../platform/sql';

/** A WHERE condition: `idColumn` carries at least one of `tagIds` (uses tag_links_tag_idx). */
export function hasAnyTag(enterpriseId: number, code: LinkTagCode, tagIds: number[], idColumn: AnyColumn | SQL): SQL {
  if (tagIds.length === 0) return sql`true`;
  return sql`${idColumn} in (select obj_id from tag_links where enterprise_id = ${enterpriseId} and obj_type = ${code} and tag_id = any(${bigints(tagIds)}))`;
}

export interface LinkedTag {
  id: number;
  name: string;
  color_rgb: string;
}

/** Tags of each record, for list and detail answers. */
export async function tagsOf(ex: Executor, enterpriseId: number, code: LinkTagCode, objIds: number[]): Promise<Map<number, LinkedTag[]>> {
  const out = new Map<number, LinkedTag[]>();
  if (objIds.length === 0) return out;
  const found = await ex
    .select({ objId: tagLinks.objId, id: tags.id, name: tags.name, color_rgb: tags.colorRgb })
    .from(tagLinks)
    .innerJoin(tags, and(eq(tags.enterpriseId, tagLinks.enterpriseId), eq(tags.id, tagLinks.tagId)))
    .where(and(eq(tagLinks.enterpriseId, enterpriseId), eq(tagLinks.objType, code), inArray(tagLinks.objId, objIds)))
    .orderBy(asc(tags.sort), asc(tags.id));
  for (const { objId, ...tag } of found) out.set(objId, [...(out.get(objId) ?? []), tag]);
  return out;
}

export async function addLinks(ex: Executor, enterpriseId: number, code: LinkTagCode, tagIds: number[], objIds: number[]): Promise<void> {
  await ex.execute(sql`
    insert into tag_links (enterprise_id, obj_type, obj_id, tag_id)
    select ${enterpriseId}, ${code}, o, t from unnest(${bigints(objIds)}) o cross join unnest(${bigints(tagIds)}) t
    on conflict do nothing`);
}

export async function removeLinks(ex: Executor, enterpriseId: number, code: LinkTagCode, tagIds: number[], objIds: number[]): Promise<void> {
  await ex
    .delete(tagLinks)
    .where(and(eq(tagLinks.enterpriseId, enterpriseId), eq(tagLinks.objType, code), inArray(tagLinks.tagId, tagIds), inArray(tagLinks.objId, objIds)));
}

/** Call when records are deleted for good: their links go with them. */
export async function removeAllLinksOf(ex: Executor, enterpriseId: number, code: LinkTagCode, objIds: number[]): Promise<void> {
  if (objIds.length === 0) return;
  await ex.delete(tagLinks).where(and(eq(tagLinks.enterpriseId, enterpriseId), eq(tagLinks.objType, code), inArray(tagLinks.objId, objIds)));
}
