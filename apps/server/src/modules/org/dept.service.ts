import type { DeptNode } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './dept.repo';
import { isUniqueViolation, lockEnterprise } from './org.common';

/** The whole tree; each node carries its own user count and the count of its subtree. */
export async function tree(db: Db, enterpriseId: number): Promise<DeptNode[]> {
  const list = await repo.listWithCounts(db, enterpriseId);
  const byId = new Map<number, DeptNode>();
  for (const d of list) byId.set(d.id, { ...d, allUserCount: d.userCount, children: [] });
  const roots: DeptNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId == null ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const total = (n: DeptNode): number => {
    n.allUserCount = n.userCount + n.children.reduce((s, c) => s + total(c), 0);
    return n.allUserCount;
  };
  for (const r of roots) total(r);
  return roots;
}

async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN');
    throw err;
  }
}

export function create(db: Db, enterpriseId: number, v: { name: string; parentId?: number | null; sort?: number }): Promise<number> {
  return nameSafe(() =>
    db.transaction(async (tx) => {
      if (v.parentId != null && !(await repo.find(tx, enterpriseId, v.parentId))) throw new AppError('NOT_FOUND');
      // No parent given: under the company node, never a second top-level node beside it.
      const parentId = v.parentId ?? (await repo.rootId(tx, enterpriseId));
      return repo.insert(tx, enterpriseId, { name: v.name, parentId, sort: v.sort });
    }),
  );
}

/** Renames and/or moves; a move under itself or one of its descendants is refused. */
export function update(db: Db, enterpriseId: number, v: { id: number; name?: string; parentId?: number | null; sort?: number }): Promise<void> {
  return nameSafe(() =>
    db.transaction(async (tx) => {
      await lockEnterprise(tx, enterpriseId);
      if (!(await repo.find(tx, enterpriseId, v.id))) throw new AppError('NOT_FOUND');
      // Moving to "no parent" puts a department under the company node (the company node itself stays on top).
      if (v.parentId === null) {
        const root = await repo.rootId(tx, enterpriseId);
        v = { ...v, parentId: root === v.id ? undefined : root };
      }
      if (v.parentId != null) {
        if (!(await repo.find(tx, enterpriseId, v.parentId))) throw new AppError('NOT_FOUND');
        if ((await repo.subtreeIds(tx, enterpriseId, v.id)).includes(v.parentId)) throw new AppError('DEPT_CYCLE');
      }
      await repo.update(tx, enterpriseId, v.id, { name: v.name, parentId: v.parentId, sort: v.sort });
    }),
  );
}

export function remove(db: Db, enterpriseId: number, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, enterpriseId);
    if (!(await repo.find(tx, enterpriseId, id))) throw new AppError('NOT_FOUND');
    if ((await repo.occupancy(tx, enterpriseId, id)) > 0) throw new AppError('DEPT_NOT_EMPTY');
    await repo.remove(tx, enterpriseId, id);
  });
}

export async function parents(db: Db, enterpriseId: number, id: number): Promise<number[]> {
  const ids = await repo.ancestorIds(db, enterpriseId, id);
  if (ids.length === 0) throw new AppError('NOT_FOUND');
  return ids;
}
