import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customMenus } from '../../db/schema/index';
import { countOf, windowOf } from '../../platform/list';

export interface CustomMenuInput {
  name: string;
  parentId: number;
  formType: number;
  url: string | null;
  power: string | null;
  sort: number;
  enabled: boolean;
}

/** A row as the admin screens show it, create time in the enterprise's zone. */
const shown = (tz: string) => ({
  id: customMenus.id,
  name: customMenus.name,
  parentId: customMenus.parentId,
  formType: customMenus.formType,
  url: customMenus.url,
  power: customMenus.power,
  sort: customMenus.sort,
  enabled: customMenus.enabled,
  createTime: sql<string>`to_char(${customMenus.createdAt} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`,
});
export interface CustomMenuRow extends CustomMenuInput {
  id: number;
  createTime: string;
}

const order = [asc(customMenus.parentId), asc(customMenus.sort), asc(customMenus.id)];

/** Enabled entries, sorted, for building the menu. */
export function enabledCustomMenus(ex: Executor, enterpriseId: number) {
  return ex
    .select({
      id: customMenus.id,
      name: customMenus.name,
      parentId: customMenus.parentId,
      formType: customMenus.formType,
      url: customMenus.url,
      power: customMenus.power,
    })
    .from(customMenus)
    .where(and(eq(customMenus.enterpriseId, enterpriseId), eq(customMenus.enabled, true)))
    .orderBy(...order);
}

const scope = (enterpriseId: number, parentId?: number) =>
  and(eq(customMenus.enterpriseId, enterpriseId), parentId ? eq(customMenus.parentId, parentId) : undefined);

export async function pageCustomMenus(ex: Executor, enterpriseId: number, tz: string, p: { parentId?: number; pageIndex: number; pageSize: number }) {
  const w = windowOf(p);
  const list = await ex
    .select(shown(tz))
    .from(customMenus)
    .where(scope(enterpriseId, p.parentId))
    .orderBy(...order)
    .limit(w.limit)
    .offset(w.offset);
  return { list, count: await countOf(ex, sql`${customMenus}`, scope(enterpriseId, p.parentId)) };
}

export async function insertCustomMenu(ex: Executor, enterpriseId: number, tz: string, v: CustomMenuInput) {
  const [row] = await ex
    .insert(customMenus)
    .values({ enterpriseId, ...v })
    .returning(shown(tz));
  return row;
}

/** Updates only inside the session's enterprise; undefined when the id is not ours. */
export async function updateCustomMenu(ex: Executor, enterpriseId: number, tz: string, id: number, v: CustomMenuInput) {
  const [row] = await ex
    .update(customMenus)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(customMenus.enterpriseId, enterpriseId), eq(customMenus.id, id)))
    .returning(shown(tz));
  return row;
}

export async function countOwned(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  const [c] = await ex
    .select({ n: count() })
    .from(customMenus)
    .where(and(eq(customMenus.enterpriseId, enterpriseId), inArray(customMenus.id, ids)));
  return c?.n ?? 0;
}

export async function deleteCustomMenus(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  const gone = await ex
    .delete(customMenus)
    .where(and(eq(customMenus.enterpriseId, enterpriseId), inArray(customMenus.id, ids)))
    .returning({ id: customMenus.id });
  return gone.length;
}
