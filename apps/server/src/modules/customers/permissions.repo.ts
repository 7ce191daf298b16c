// The customer grants' statements: typed rows, one presenter (toGrant).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { bigints, timeOf } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

type GrantRow = { user_id: number; user_name: string; mobile: string; permission: number; create_time: string };
/** A grant as the contract shows it. */
export const toGrant = (r: GrantRow) => ({ userId: r.user_id, userName: r.user_name, mobile: r.mobile, permission: r.permission, create_time: r.create_time });

export async function grantRows(ex: Executor, v: Actor, customerId: number) {
  const list = await rows<GrantRow>(
    ex,
    sql`select p.user_id, u.name as user_name, u.mobile, p.permission, ${timeOf(sql`p.created_at`, v)} as create_time
      from customer_permissions p join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${v.enterpriseId} and p.customer_id = ${customerId} order by p.created_at, p.user_id`,
  );
  return list.map(toGrant);
}

/** The customer's grants become exactly these. */
export async function replaceGrants(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>, customerId: number, users: { userId: number; permission: 1 | 2 }[]) {
  await ex.execute(sql`delete from customer_permissions where enterprise_id = ${a.enterpriseId} and customer_id = ${customerId}`);
  for (const u of users) {
    await ex.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
        values (${a.enterpriseId}, ${customerId}, ${u.userId}, ${u.permission}, ${a.id})
        on conflict (enterprise_id, customer_id, user_id) do update set permission = excluded.permission`);
  }
}

/** Every user granted on every customer at the level (an existing grant takes the level). */
export const addGrants = (ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>, customerIds: number[], userIds: number[], permission: 1 | 2) =>
  ex.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
      select ${a.enterpriseId}, c, u, ${permission}, ${a.id} from unnest(${bigints(customerIds)}) c cross join unnest(${bigints(userIds)}) u
      on conflict (enterprise_id, customer_id, user_id) do update set permission = excluded.permission`);

export const removeGrants = (ex: Executor, ep: number, customerIds: number[], userIds: number[]) =>
  ex.execute(sql`delete from customer_permissions where enterprise_id = ${ep}
      and customer_id = any(${bigints(customerIds)}) and user_id = any(${bigints(userIds)})`);
