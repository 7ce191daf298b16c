import { SERVICE_ITEM_MAX, type ServiceItemBody, type ServiceItemRow, type ServiceItemTypeRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { likePattern } from '../../platform/search';
import { and, bigints, timeOf } from '../../platform/sql';
import { lockEnterprise } from '../org/org.common';
import type { Actor } from '../../platform/actor';

interface RawItem {
  id: number;
  type_id: number | null;
  type_name: string | null;
  name: string;
  price: string | number;
  unit: string;
  sort: number;
  create_time: string;
}

const present = (r: RawItem): ServiceItemRow => ({
  id: Number(r.id),
  typeId: r.type_id == null ? null : Number(r.type_id),
  typeName: r.type_name,
  name: r.name,
  price: Number(r.price),
  unit: r.unit,
  sort: Number(r.sort),
  create_time: r.create_time,
});

export interface ItemFilters {
  typeId?: number | null;
  name?: string;
}

function conds(v: Actor, f: ItemFilters): SQL[] {
  const c: SQL[] = [sql`i.enterprise_id = ${v.enterpriseId}`];
  if (f.typeId) c.push(sql`i.type_id = ${f.typeId}`);
  if (f.name) c.push(sql`i.name ilike ${likePattern(f.name)}`);
  return c;
}

/** One page of the catalogue in its order (sort, then id); the picker asks for all of it (≤ 9999 rows, inside the list window). */
export function listItems(ex: Executor, v: Actor, f: ItemFilters, page: PageRequest): Promise<{ list: ServiceItemRow[]; count: number }> {
  const where = and(conds(v, f));
  return listPage(
    page,
    async () =>
      (
        await rows<RawItem>(
          ex,
          sql`select i.id, i.type_id, t.name as type_name, i.name, i.price, i.unit, i.sort, ${timeOf(sql`i.created_at`, v)} as create_time
          from service_items i left join service_item_types t on t.enterprise_id = i.enterprise_id and t.id = i.type_id
          where ${where} order by i.sort, i.id ${pageSql(page)}`,
        )
      ).map(present),
    () => countOf(ex, sql`service_items i`, where),
  );
}

export async function listTypes(ex: Executor, v: Actor): Promise<ServiceItemTypeRow[]> {
  const list = await rows<{ id: number; name: string; sort: number; item_count: number }>(
    ex,
    sql`select t.id, t.name, t.sort,
        (select count(*) from service_items i where i.enterprise_id = t.enterprise_id and i.type_id = t.id)::int as item_count
      from service_item_types t where t.enterprise_id = ${v.enterpriseId} order by t.sort, t.id`,
  );
  return list.map((r) => ({ id: Number(r.id), name: r.name, sort: Number(r.sort), itemCount: Number(r.item_count) }));
}

async function nameTaken(tx: Tx, table: 'service_items' | 'service_item_types', v: Actor, name: string, id: number | null | undefined): Promise<boolean> {
  const [r] = await rows(
    tx,
    sql`select 1 from ${sql.identifier(table)} where enterprise_id = ${v.enterpriseId} and name = ${name} and id <> ${id ?? 0} limit 1`,
  );
  return !!r;
}

/**
 * Adds or edits an item. Names are unique per enterprise and the catalogue holds at most 9999 items; both checks
 * run under the enterprise lock so two saves at once cannot both pass them. Orders keep the name and price
 * they were created with (order_service_items), so an edit never changes an order.
 */
export async function saveItem(db: Db, v: Actor, b: ServiceItemBody): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    if (b.typeId) {
      const [t] = await rows(tx, sql`select 1 from service_item_types where enterprise_id = ${v.enterpriseId} and id = ${b.typeId}`);
      if (!t) throw invalid('服务项目分类：分类不存在或已被删除');
    }
    if (await nameTaken(tx, 'service_items', v, b.name, b.id)) throw new AppError('NAME_TAKEN');
    if (b.id) {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`update service_items set type_id = ${b.typeId ?? null}, name = ${b.name}, price = ${b.price}, unit = ${b.unit ?? ''}, sort = ${b.sort}, updated_at = now()
          where enterprise_id = ${v.enterpriseId} and id = ${b.id} returning id`,
      );
      if (!r) throw new AppError('NOT_FOUND');
      return b.id;
    }
    const [n] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from service_items where enterprise_id = ${v.enterpriseId}`);
    if (Number(n?.n) >= SERVICE_ITEM_MAX) throw new AppError('LIMIT_REACHED', { max: SERVICE_ITEM_MAX });
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into service_items (enterprise_id, type_id, name, price, unit, sort)
        values (${v.enterpriseId}, ${b.typeId ?? null}, ${b.name}, ${b.price}, ${b.unit ?? ''}, ${b.sort}) returning id`,
    );
    return Number(r?.id);
  });
}

/** Deletes items; one that an order uses is refused (the order's line points at it) and nothing is deleted. */
export async function deleteItems(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    const found = await rows<{ id: number; name: string; used: boolean }>(
      tx,
      sql`select i.id, i.name, exists (select 1 from order_service_items o where o.enterprise_id = i.enterprise_id and o.service_item_id = i.id) as used
        from service_items i where i.enterprise_id = ${v.enterpriseId} and i.id = any(${bigints(unique)}) for update of i`,
    );
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    const used = found.find((r) => r.used);
    if (used) throw invalid(`服务项目“${used.name}”已被工单使用，不能删除`);
    await tx.execute(sql`delete from service_items where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)})`);
  });
}

export async function saveType(db: Db, v: Actor, b: { id?: number | null; name: string; sort: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    if (await nameTaken(tx, 'service_item_types', v, b.name, b.id)) throw new AppError('NAME_TAKEN');
    if (b.id) {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`update service_item_types set name = ${b.name}, sort = ${b.sort} where enterprise_id = ${v.enterpriseId} and id = ${b.id} returning id`,
      );
      if (!r) throw new AppError('NOT_FOUND');
      return b.id;
    }
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into service_item_types (enterprise_id, name, sort) values (${v.enterpriseId}, ${b.name}, ${b.sort}) returning id`,
    );
    return Number(r?.id);
  });
}

/** Deletes a type that holds no items (its items are moved or deleted first). */
export async function deleteType(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    const [t] = await rows<{ name: string; n: number }>(
      tx,
      sql`select t.name, (select count(*) from service_items i where i.enterprise_id = t.enterprise_id and i.type_id = t.id)::int as n
        from service_item_types t where t.enterprise_id = ${v.enterpriseId} and t.id = ${id}`,
    );
    if (!t) throw new AppError('NOT_FOUND');
    if (Number(t.n) > 0) throw invalid(`分类“${t.name}”下还有${t.n}个服务项目，不能删除`);
    await tx.execute(sql`delete from service_item_types where enterprise_id = ${v.enterpriseId} and id = ${id}`);
  });
}
