import type { GroupDetail, GroupRow } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './group.repo';
import { isUniqueViolation } from './org.common';
import { listPage } from '../../platform/list';

export interface GroupInput {
  name?: string;
  type?: number;
  leaderId?: number | null;
  memberIds?: number[];
  remark?: string | null;
}

async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN');
    throw err;
  }
}

/** Leader and members must be users of this enterprise that are not deleted. */
async function checkPeople(tx: Tx, enterpriseId: number, v: GroupInput): Promise<void> {
  const ids = [...new Set([...(v.memberIds ?? []), ...(v.leaderId != null ? [v.leaderId] : [])])];
  if ((await repo.liveUserCount(tx, enterpriseId, ids)) !== ids.length) throw new AppError('NOT_FOUND');
}

export const simple = repo.simple;

export async function list(
  db: Db,
  enterpriseId: number,
  timeZone: string,
  f: repo.GroupFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<{ list: GroupRow[]; count: number }> {
  return listPage(
    page,
    () => repo.list(db, enterpriseId, timeZone, f, page),
    () => repo.count(db, enterpriseId, f),
  );
}

export async function detail(db: Db, enterpriseId: number, timeZone: string, id: number): Promise<GroupDetail> {
  const g = await repo.one(db, enterpriseId, timeZone, id);
  if (!g) throw new AppError('NOT_FOUND');
  return { ...g, members: await repo.members(db, enterpriseId, id) };
}

export function create(db: Db, enterpriseId: number, v: GroupInput & { name: string; type: number; memberIds: number[] }): Promise<number> {
  return nameSafe(() =>
    db.transaction(async (tx) => {
      await checkPeople(tx, enterpriseId, v);
      const id = await repo.insertGroup(tx, enterpriseId, v);
      await repo.replaceMembers(tx, enterpriseId, id, v.memberIds);
      await repo.ensureLeaderMember(tx, enterpriseId, id);
      return id;
    }),
  );
}

export function update(db: Db, enterpriseId: number, id: number, v: GroupInput): Promise<void> {
  return nameSafe(() =>
    db.transaction(async (tx) => {
      if (!(await repo.exists(tx, enterpriseId, id))) throw new AppError('NOT_FOUND');
      await checkPeople(tx, enterpriseId, v);
      await repo.updateGroup(tx, enterpriseId, id, v);
      if (v.memberIds) await repo.replaceMembers(tx, enterpriseId, id, v.memberIds);
      await repo.ensureLeaderMember(tx, enterpriseId, id);
    }),
  );
}

/** Deletes a team; the enabled default dispatch's team is refused (its rules go with it, by cascade). */
export async function remove(db: Db, enterpriseId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (await repo.isDefaultDispatch(tx, enterpriseId, id)) throw new AppError('GROUP_DEFAULT_DISPATCH');
    await repo.forgetDefaultDispatch(tx, enterpriseId, id);
    if (!(await repo.deleteGroup(tx, enterpriseId, id))) throw new AppError('NOT_FOUND');
  });
}
