import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { dictItems } from '../../db/schema/index';
import { bigints } from '../../platform/sql';

const columns = {
  id: dictItems.id,
  type: dictItems.type,
  name: dictItems.name,
  value: dictItems.value,
  sort: dictItems.sort,
  enabled: dictItems.enabled,
};

export function listItems(ex: Executor, enterpriseId: number, types: number[], o: { enabledOnly: boolean; keyword?: string }) {
  return ex
    .select(columns)
    .from(dictItems)
    .where(
      and(
        eq(dictItems.enterpriseId, enterpriseId),
        inArray(dictItems.type, types),
        o.enabledOnly ? eq(dictItems.enabled, true) : undefined,
        o.keyword ? ilike(dictItems.name, `%${o.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      ),
    )
    .orderBy(asc(dictItems.type), asc(dictItems.sort), asc(dictItems.id));
}

export async function countsByType(ex: Executor, enterpriseId: number): Promise<Map<number, number>> {
  const r = await ex
    .select({ type: dictItems.type, n: sql<number>`count(*)::int` })
    .from(dictItems)
    .where(eq(dictItems.enterpriseId, enterpriseId))
    .groupBy(dictItems.type);
  return new Map(r.map((x) => [x.type, x.n]));
}

/** This enterprise's items among ids, with their types. */
export function ownedItems(ex: Executor, enterpriseId: number, ids: number[]) {
  return ex
    .select({ id: dictItems.id, type: dictItems.type })
    .from(dictItems)
    .where(and(eq(dictItems.enterpriseId, enterpriseId), inArray(dictItems.id, ids)));
}

export async function insertItem(ex: Executor, enterpriseId: number, i: { type: number; name: string; value: string }): Promise<number | null> {
  const [r] = await ex
    .insert(dictItems)
    .values({
      enterpriseId,
      ...i,
      sort: sql`(select coalesce(max(sort), 0) + 1 from dict_items where enterprise_id = ${enterpriseId} and type = ${i.type})`,
    })
    .onConflictDoNothing()
    .returning({ id: dictItems.id });
  return r?.id ?? null;
}

export async function nameTaken(ex: Executor, enterpriseId: number, type: number, name: string, exceptId: number): Promise<boolean> {
  const [r] = await ex
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.enterpriseId, enterpriseId), eq(dictItems.type, type), eq(dictItems.name, name)));
  return !!r && r.id !== exceptId;
}

export async function updateItem(ex: Executor, enterpriseId: number, id: number, i: { name: string; value: string }): Promise<void> {
  await ex
    .update(dictItems)
    .set({ ...i, updatedAt: sql`now()` })
    .where(and(eq(dictItems.enterpriseId, enterpriseId), eq(dictItems.id, id)));
}

export async function deleteItems(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  await ex.delete(dictItems).where(and(eq(dictItems.enterpriseId, enterpriseId), inArray(dictItems.id, ids)));
}

export async function setEnabled(ex: Executor, enterpriseId: number, ids: number[], enabled: boolean): Promise<void> {
  await ex
    .update(dictItems)
    .set({ enabled, updatedAt: sql`now()` })
    .where(and(eq(dictItems.enterpriseId, enterpriseId), inArray(dictItems.id, ids)));
}

/** Named ids take places 1..n in the given order; the type's other items follow in their old order. */
export async function setSort(ex: Executor, enterpriseId: number, type: number, ids: number[]): Promise<void> {
  await ex.execute(sql`
    with named as (select id, ord from unnest(${bigints(ids)}) with ordinality as x(id, ord)),
    ranked as (
      select d.id, row_number() over (order by n.ord nulls last, d.sort, d.id) as s
      from dict_items d left join named n on n.id = d.id
      where d.enterprise_id = ${enterpriseId} and d.type = ${type})
    update dict_items d set sort = r.s, updated_at = now()
    from ranked r where d.enterprise_id = ${enterpriseId} and d.id = r.id`);
}

/** Seeds a type's defaults when it has no items yet, so a re-run adds nothing. */
export async function seedType(ex: Executor, enterpriseId: number, type: number, items: { name: string; value: string }[]): Promise<void> {
  const [has] = await ex
    .select({ id: dictItems.id })
    .from(dictItems)
    .where(and(eq(dictItems.enterpriseId, enterpriseId), eq(dictItems.type, type)))
    .limit(1);
  if (has || items.length === 0) return;
  await ex
    .insert(dictItems)
    .values(items.map((i, k) => ({ enterpriseId, type, name: i.name, value: i.value, sort: k + 1 })))
    .onConflictDoNothing();
}

/** The enabled item of that name in a dictionary type, if any (a value a form must pick from the dictionary). */
export async function enabledDictItem(ex: Executor, ep: number, type: number, name: string): Promise<string | undefined> {
  const [r] = await rows<{ name: string }>(ex, sql`select name from dict_items where enterprise_id = ${ep} and type = ${type} and name = ${name} and enabled`);
  return r?.name;
}

/** A dictionary type's first enabled item (by sort), if any: the default a record takes. */
export async function firstDictItem(ex: Executor, ep: number, type: number): Promise<string | undefined> {
  const [r] = await rows<{ name: string }>(
    ex,
    sql`select name from dict_items where enterprise_id = ${ep} and type = ${type} and enabled order by sort, id limit 1`,
  );
  return r?.name;
}

/** The enabled items' names of a dictionary type, in its order. */
export async function enabledDictNames(ex: Executor, ep: number, type: number): Promise<string[]> {
  const list = await rows<{ name: string }>(ex, sql`select name from dict_items where enterprise_id = ${ep} and type = ${type} and enabled order by sort, id`);
  return list.map((l) => l.name);
}
