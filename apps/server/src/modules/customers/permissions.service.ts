import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { visibleCustomer, visibleCustomerIds } from './common';
import * as repo from './permissions.repo';
import { checkUsers } from './refs';
import type { Actor } from '../../platform/actor';

export async function listPermissions(ex: Executor, v: Actor, customerId: number) {
  await visibleCustomer(ex, v, customerId);
  return repo.grantRows(ex, v, customerId);
}

/** All ids must be customers the viewer may edit: NOT_FOUND for unknown or hidden ones, NO_POWER for read-only ones. */
async function editableAll(ex: Executor, v: Actor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await visibleCustomerIds(ex, v, unique)).length !== unique.length) throw new AppError('NOT_FOUND');
  if ((await visibleCustomerIds(ex, v, unique, true)).length !== unique.length) throw new AppError('NO_POWER');
  return unique;
}

/** Replaces one customer's grants with the given users and levels (1 view, 2 edit). */
export async function savePermission(db: Db, v: Actor, customerId: number, users: { userId: number; permission: 1 | 2 }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await editableAll(tx, v, [customerId]);
    await checkUsers(
      tx,
      v.enterpriseId,
      users.map((u) => u.userId),
    );
    await repo.replaceGrants(tx, v, customerId, users);
  });
}

export async function batchAddPermission(db: Db, v: Actor, customerIds: number[], userIds: number[], permission: 1 | 2): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await editableAll(tx, v, customerIds);
    await checkUsers(tx, v.enterpriseId, userIds);
    await repo.addGrants(tx, v, ids, [...new Set(userIds)], permission);
  });
}

export async function batchRemovePermission(db: Db, v: Actor, customerIds: number[], userIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await editableAll(tx, v, customerIds);
    await checkUsers(tx, v.enterpriseId, userIds);
    await repo.removeGrants(tx, v.enterpriseId, ids, userIds);
  });
}
