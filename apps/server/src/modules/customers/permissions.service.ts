import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { visibleCustomer, visibleCustomerIds } from './common';
import { bigints, timeOf } from '../../platform/sql';
import { checkUsers } from './refs';
import type { Actor } from '../../platform/actor';

export async function listPermissions(ex: Executor, v: Actor, customerId: number) {
  await visibleCustomer(ex, v, customerId);
  const list = await rows<{ user_id: number; user_name: string; mobile: string; permission: number; create_time: string }>(
    ex,
    sql`select p.user_id, u.name as user_name, u.mobile, p.permission, ${timeOf(sql`p.created_at`, v)} as create_time
      from customer_permissions p join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${v.enterpriseId} and p.customer_id = ${customerId} order by p.created_at, p.user_id`,
  );
  return list.map((r) => ({
    userId: Number(r.user_id),
    userName: r.user_name,
    mobile: r.mobile,
    permission: Number(r.permission),
    create_time: r.create_time,
  }));
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
    await tx.execute(sql`delete from customer_permissions where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId}`);
    for (const u of users) {
      await tx.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
        values (${v.enterpriseId}, ${customerId}, ${u.userId}, ${u.permission}, ${v.id})
        on conflict (enterprise_id, customer_id, user_id) do update set permission = excluded.permission`);
    }
  });
}

export async function batchAddPermission(db: Db, v: Actor, customerIds: number[], userIds: number[], permission: 1 | 2): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await editableAll(tx, v, customerIds);
    await checkUsers(tx, v.enterpriseId, userIds);
    await tx.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
      select ${v.enterpriseId}, c, u, ${permission}, ${v.id} from unnest(${bigints(ids)}) c cross join unnest(${bigints([...new Set(userIds)])}) u
      on conflict (enterprise_id, customer_id, user_id) do update set permission = excluded.permission`);
  });
}

export async function batchRemovePermission(db: Db, v: Actor, customerIds: number[], userIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = await editableAll(tx, v, customerIds);
    await checkUsers(tx, v.enterpriseId, userIds);
    await tx.execute(sql`delete from customer_permissions where enterprise_id = ${v.enterpriseId}
      and customer_id = any(${bigints(ids)}) and user_id = any(${bigints(userIds)})`);
  });
}
