// The service item catalogue's statements (服务项目 and their types); the rules (the enterprise lock, unique names, the
// size limit, items in use) stay in items.service.ts.
import { textContains } from '../../platform/search';
import type { ServiceItemRow, ServiceItemTypeRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, type PageRequest, pageSql } from '../../platform/list';
import { bigints, timeOf } from '../../platform/sql';

/** A catalogue item as the list reads it; price is numeric (text). */
interface ItemRaw {
  id: number;
  type_id: number | null;
  type_name: string | null;
  name: string;
  price: string;
  unit: string;
  sort: number;
  create_time: string;
}

export const toServiceItemRow = (r: ItemRaw): ServiceItemRow => ({
  id: r.id,
  typeId: r.type_id,
  typeName: r.type_name,
  name: r.name,
  price: Number(r.price),
  unit: r.unit,
  sort: r.sort,
  create_time: r.create_time,
});

export interface ItemFilters {
  typeId?: number | null;
  name?: string;
}

/** The list's conditions on `i` (service_items). */
export function itemConds(v: Actor, f: ItemFilters): SQL[] {
  const c: SQL[] = [sql`i.enterprise_id = ${v.enterpriseId}`];
  if (f.typeId) c.push(sql`i.type_id = ${f.typeId}`);
  if (f.name) c.push(textContains(sql`i.name`, f.name));
  return c;
}

/** One page of the items where `where` holds, in the catalogue's order. */
export async function itemPage(ex: Executor, v: Actor, where: SQL, page: PageRequest): Promise<ServiceItemRow[]> {
  const found = await rows<ItemRaw>(
    ex,
    sql`select i.id, i.type_id, t.name as type_name, i.name, i.price, i.unit, i.sort, ${timeOf(sql`i.created_at`, v)} as create_time
          from service_items i left join service_item_types t on t.enterprise_id = i.enterprise_id and t.id = i.type_id
          where ${where} order by i.sort, i.id ${pageSql(page)}`,
  );
  return found.map(toServiceItemRow);
}

/** How many items `where` picks. */
export const itemCount = (ex: Executor, where: SQL): Promise<number> => countOf(ex, sql`service_items i`, where);

/** The enterprise's item types with how many items each holds. */
export async function itemTypes(ex: Executor, v: Actor): Promise<ServiceItemTypeRow[]> {
  const list = await rows<{ id: number; name: string; sort: number; item_count: number }>(
    ex,
    sql`select t.id, t.name, t.sort,
        (select count(*) from service_items i where i.enterprise_id = t.enterprise_id and i.type_id = t.id)::int as item_count
      from service_item_types t where t.enterprise_id = ${v.enterpriseId} order by t.sort, t.id`,
  );
  return list.map((r) => ({ id: r.id, name: r.name, sort: r.sort, itemCount: r.item_count }));
}

/** Whether another row of the table (not `id`) has the name. */
export async function nameTaken(
  tx: Tx,
  table: 'service_items' | 'service_item_types',
  v: Actor,
  name: string,
  id: number | null | undefined,
): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from ${sql.identifier(table)} where enterprise_id = ${v.enterpriseId} and name = ${name} and id <> ${id ?? 0} limit 1`,
  );
  return !!r;
}

/** Whether the item type exists. */
export async function typeExists(tx: Tx, v: Actor, typeId: number): Promise<boolean> {
  const [t] = await rows<{ one: number }>(tx, sql`select 1 as one from service_item_types where enterprise_id = ${v.enterpriseId} and id = ${typeId}`);
  return !!t;
}

/** An item's fields as saved. */
export type ItemFields = { typeId?: number | null; name: string; price: number | string; unit?: string | null; sort: number };

/** Updates the item; false when it is not the enterprise's. */
export async function updateItem(tx: Tx, v: Actor, id: number, b: ItemFields): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`update service_items set type_id = ${b.typeId ?? null}, name = ${b.name}, price = ${b.price}, unit = ${b.unit ?? ''}, sort = ${b.sort}, updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${id} returning id`,
  );
  return !!r;
}

/** How many items the enterprise's catalogue holds. */
export async function itemsHeld(tx: Tx, v: Actor): Promise<number> {
  const [n] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from service_items where enterprise_id = ${v.enterpriseId}`);
  return n?.n ?? 0;
}

/** Inserts the item; answers its id. */
export async function insertItem(tx: Tx, v: Actor, b: ItemFields): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into service_items (enterprise_id, type_id, name, price, unit, sort)
        values (${v.enterpriseId}, ${b.typeId ?? null}, ${b.name}, ${b.price}, ${b.unit ?? ''}, ${b.sort}) returning id`,
  );
  return (r as { id: number }).id;
}

/** The items among the ids, locked, with whether an order's line uses each: read once held (docs/database.md, "Locking reads"). */
export async function lockedItemsWithUse(tx: Tx, v: Actor, ids: readonly number[]): Promise<{ id: number; name: string; used: boolean }[]> {
  await tx.execute(sql`select 1 from service_items i where i.enterprise_id = ${v.enterpriseId} and i.id = any(${bigints(ids)}) for update`);
  return rows<{ id: number; name: string; used: boolean }>(
    tx,
    sql`select i.id, i.name, exists (select 1 from order_service_items o where o.enterprise_id = i.enterprise_id and o.service_item_id = i.id) as used
        from service_items i where i.enterprise_id = ${v.enterpriseId} and i.id = any(${bigints(ids)})`,
  );
}

export async function deleteItemRows(tx: Tx, v: Actor, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from service_items where enterprise_id = ${v.enterpriseId} and id = any(${bigints(ids)})`);
}

/** Updates the type; false when it is not the enterprise's. */
export async function updateType(tx: Tx, v: Actor, id: number, b: { name: string; sort: number }): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`update service_item_types set name = ${b.name}, sort = ${b.sort} where enterprise_id = ${v.enterpriseId} and id = ${id} returning id`,
  );
  return !!r;
}

/** Inserts the type; answers its id. */
export async function insertType(tx: Tx, v: Actor, b: { name: string; sort: number }): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into service_item_types (enterprise_id, name, sort) values (${v.enterpriseId}, ${b.name}, ${b.sort}) returning id`,
  );
  return (r as { id: number }).id;
}

/** The type's name and how many items it holds, or undefined. */
export async function typeWithCount(tx: Tx, v: Actor, id: number): Promise<{ name: string; n: number } | undefined> {
  const [t] = await rows<{ name: string; n: number }>(
    tx,
    sql`select t.name, (select count(*) from service_items i where i.enterprise_id = t.enterprise_id and i.type_id = t.id)::int as n
        from service_item_types t where t.enterprise_id = ${v.enterpriseId} and t.id = ${id}`,
  );
  return t;
}

export async function deleteTypeRow(tx: Tx, v: Actor, id: number): Promise<void> {
  await tx.execute(sql`delete from service_item_types where enterprise_id = ${v.enterpriseId} and id = ${id}`);
}
