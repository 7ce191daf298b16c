import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { departments } from '../../db/schema/index';

export interface DeptRow {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  userCount: number;
}

/** Every department of the enterprise with its count of (non-deleted) users. */
export async function listWithCounts(ex: Executor, enterpriseId: number): Promise<DeptRow[]> {
  const list = await rows<{ id: number; name: string; parent_id: number | null; sort: number; n: number }>(
    ex,
    sql`select d.id, d.name, d.parent_id, d.sort, coalesce(c.n, 0)::int as n
      from departments d
      left join (select dept_id, count(*) as n from users
                 where enterprise_id = ${enterpriseId} and deleted_at is null and dept_id is not null group by dept_id) c
        on c.dept_id = d.id
      where d.enterprise_id = ${enterpriseId}
      order by d.sort, d.id`,
  );
  return list.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id, sort: r.sort, userCount: r.n }));
}

export async function find(ex: Executor, enterpriseId: number, id: number) {
  const [d] = await ex
    .select()
    .from(departments)
    .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)));
  return d ?? null;
}

/** The department and all below it. `union` (not `union all`) stops on a cycle. */
export const subtreeSql = (enterpriseId: number, id: number) =>
  sql`with recursive sub(id) as (
      select id from departments where enterprise_id = ${enterpriseId} and id = ${id}
      union
      select d.id from departments d join sub on d.enterprise_id = ${enterpriseId} and d.parent_id = sub.id)
    select id from sub`;

export async function subtreeIds(ex: Executor, enterpriseId: number, id: number): Promise<number[]> {
  return (await rows<{ id: number }>(ex, subtreeSql(enterpriseId, id))).map((r) => r.id);
}

/** Ids from the root down to the department itself; empty when it does not exist here. */
export async function ancestorIds(ex: Executor, enterpriseId: number, id: number): Promise<number[]> {
  const list = await rows<{ id: number }>(
    ex,
    sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from departments where enterprise_id = ${enterpriseId} and id = ${id}
        union all
        select d.id, d.parent_id, up.depth + 1 from departments d
          join up on d.enterprise_id = ${enterpriseId} and d.id = up.parent_id
        where up.depth < 100)
      select id from up order by depth desc`,
  );
  return list.map((r) => r.id);
}

/** The company node: the oldest department without a parent (provisioned with the enterprise). */
export async function rootId(ex: Executor, enterpriseId: number): Promise<number | null> {
  const [r] = await rows<{ id: number }>(ex, sql`select id from departments where enterprise_id = ${enterpriseId} and parent_id is null order by id limit 1`);
  return r?.id ?? null;
}

export async function insert(ex: Executor, enterpriseId: number, v: { name: string; parentId: number | null; sort?: number }): Promise<number> {
  const [r] = await ex
    .insert(departments)
    .values({ enterpriseId, name: v.name, parentId: v.parentId, sort: v.sort ?? 0 })
    .returning({ id: departments.id });
  return r!.id;
}

export async function update(ex: Executor, enterpriseId: number, id: number, v: { name?: string; parentId?: number | null; sort?: number }): Promise<void> {
  const set = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));
  if (Object.keys(set).length === 0) return;
  await ex
    .update(departments)
    .set(set)
    .where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)));
}

/** Children and (non-deleted) users that keep a department from being deleted. */
export async function occupancy(ex: Executor, enterpriseId: number, id: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select (select count(*) from departments where enterprise_id = ${enterpriseId} and parent_id = ${id})
             + (select count(*) from users where enterprise_id = ${enterpriseId} and dept_id = ${id} and deleted_at is null) as n`,
  );
  return r?.n ?? 0;
}

export async function remove(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  // Deleted users keep no department, so the row can go.
  await ex.execute(sql`update users set dept_id = null where enterprise_id = ${enterpriseId} and dept_id = ${id} and deleted_at is not null`);
  await ex.delete(departments).where(and(eq(departments.enterpriseId, enterpriseId), eq(departments.id, id)));
}
