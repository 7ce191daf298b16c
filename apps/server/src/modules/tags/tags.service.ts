import { type LinkTagCode, TAG_MAX_PER_CODE, USER_STATUS_CODE } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { lockEnterprise } from '../org/index';
import { isUniqueViolation } from '../../platform/sql';
import * as repo from './tags.repo';
import { addLinks, removeLinks, tagTarget } from './tag-links';

const tz = (u: Actor) => u.timeZone;

export async function getTag(db: Db, u: Actor, id: number) {
  const t = await repo.findById(db, u.enterpriseId, id, tz(u));
  if (!t) throw notFound();
  return t;
}

export async function createTag(db: Db, u: Actor, b: { code: number; name: string; color_rgb: string }): Promise<number> {
  return db.transaction(async (tx) => {
    // Creations of one enterprise queue on its row, so the count below is never stale.
    await lockEnterprise(tx, u.enterpriseId);
    if ((await repo.countByCode(tx, u.enterpriseId, b.code)) >= TAG_MAX_PER_CODE) throw new AppError('LIMIT_REACHED', { max: TAG_MAX_PER_CODE });
    const id = await repo.insertTag(tx, u.enterpriseId, { code: b.code, name: b.name, colorRgb: b.color_rgb });
    if (id == null) throw new AppError('NAME_TAKEN');
    return id;
  });
}

export async function updateTag(db: Db, u: Actor, b: { id: number; name: string; color_rgb: string }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const t = await repo.findById(tx, u.enterpriseId, b.id, tz(u));
      if (!t) throw notFound();
      if (await repo.nameTaken(tx, u.enterpriseId, t.code, b.name, b.id)) throw new AppError('NAME_TAKEN');
      await repo.updateTag(tx, u.enterpriseId, b.id, { name: b.name, colorRgb: b.color_rgb });
    });
  } catch (err) {
    throw isUniqueViolation(err) ? new AppError('NAME_TAKEN') : err;
  }
}

/** All or nothing: one id that is not this enterprise's tag refuses the whole delete. */
export async function deleteTags(db: Db, u: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if ((await repo.ownedIds(tx, u.enterpriseId, unique)).length !== unique.length) throw notFound();
    await repo.deleteTags(tx, u.enterpriseId, unique);
  });
}

interface LinkInput {
  code: number;
  tagIds: number[];
  objIds: number[];
}

/** Tags must be this enterprise's tags of the code; records must pass their module's check when it has one. */
async function checkLink(db: Db, u: Actor, b: LinkInput): Promise<{ tagIds: number[]; objIds: number[] }> {
  const tagIds = [...new Set(b.tagIds)];
  const objIds = [...new Set(b.objIds)];
  if ((await repo.ownedIds(db, u.enterpriseId, tagIds, b.code)).length !== tagIds.length) throw notFound();
  const check = tagTarget(b.code);
  if (check && (await check(db, u, objIds)).length !== objIds.length) throw notFound();
  return { tagIds, objIds };
}

export async function linkTags(db: Db, u: Actor, b: LinkInput): Promise<void> {
  const { tagIds, objIds } = await checkLink(db, u, b);
  await db.transaction((tx) => addLinks(tx, u.enterpriseId, b.code as LinkTagCode, tagIds, objIds));
}

export async function unlinkTags(db: Db, u: Actor, b: LinkInput): Promise<void> {
  const { tagIds, objIds } = await checkLink(db, u, b);
  await db.transaction((tx) => removeLinks(tx, u.enterpriseId, b.code as LinkTagCode, tagIds, objIds));
}

export async function setUserStatus(db: Db, u: Actor, tagId: number): Promise<void> {
  if (!(await repo.setUserStatus(db, u.enterpriseId, u.id, tagId))) throw notFound();
}

export async function userStateLabel(db: Db, u: Actor) {
  const [current, list] = await Promise.all([repo.userStatus(db, u.enterpriseId, u.id), repo.listByCode(db, u.enterpriseId, USER_STATUS_CODE, tz(u))]);
  return { current, list: list.map((t) => ({ id: t.id, name: t.name, color_rgb: t.color_rgb })) };
}
