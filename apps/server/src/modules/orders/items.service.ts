import { SERVICE_ITEM_MAX, type ServiceItemBody, type ServiceItemRow, type ServiceItemTypeRow } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid } from '../../platform/errors';
import { listPage, type PageRequest } from '../../platform/list';
import { and } from '../../platform/sql';
import { lockEnterprise } from '../org/index';
import {
  deleteItemRows,
  deleteTypeRow,
  insertItem,
  insertType,
  type ItemFilters,
  itemConds,
  itemCount,
  itemPage,
  itemsHeld,
  itemTypes,
  lockedItemsWithUse,
  nameTaken,
  typeExists,
  typeWithCount,
  updateItem,
  updateType,
} from './items.repo';

export type { ItemFilters };

/** One page of the catalogue in its order (sort, then id); the picker asks for all of it (≤ 9999 rows, inside the list window). */
export function listItems(ex: Executor, v: Actor, f: ItemFilters, page: PageRequest): Promise<{ list: ServiceItemRow[]; count: number }> {
  const where = and(itemConds(v, f));
  return listPage(
    page,
    () => itemPage(ex, v, where, page),
    () => itemCount(ex, where),
  );
}

export function listTypes(ex: Executor, v: Actor): Promise<ServiceItemTypeRow[]> {
  return itemTypes(ex, v);
}

/**
 * Adds or edits an item. Names are unique per enterprise and the catalogue holds at most 9999 items; both checks
 * run under the enterprise lock so two saves at once cannot both pass them. Orders keep the name and price
 * they were created with (order_service_items), so an edit never changes an order.
 */
export async function saveItem(db: Db, v: Actor, b: ServiceItemBody): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    if (b.typeId && !(await typeExists(tx, v, b.typeId))) throw invalid('服务项目分类：分类不存在或已被删除');
    if (await nameTaken(tx, 'service_items', v, b.name, b.id)) throw new AppError('NAME_TAKEN');
    if (b.id) {
      if (!(await updateItem(tx, v, b.id, b))) throw new AppError('NOT_FOUND');
      return b.id;
    }
    if ((await itemsHeld(tx, v)) >= SERVICE_ITEM_MAX) throw new AppError('LIMIT_REACHED', { max: SERVICE_ITEM_MAX });
    return insertItem(tx, v, b);
  });
}

/** Deletes items; one that an order uses is refused (the order's line points at it) and nothing is deleted. */
export async function deleteItems(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    const found = await lockedItemsWithUse(tx, v, unique);
    if (found.length !== unique.length) throw new AppError('NOT_FOUND');
    const used = found.find((r) => r.used);
    if (used) throw invalid(`服务项目“${used.name}”已被工单使用，不能删除`);
    await deleteItemRows(tx, v, unique);
  });
}

export async function saveType(db: Db, v: Actor, b: { id?: number | null; name: string; sort: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    if (await nameTaken(tx, 'service_item_types', v, b.name, b.id)) throw new AppError('NAME_TAKEN');
    if (b.id) {
      if (!(await updateType(tx, v, b.id, b))) throw new AppError('NOT_FOUND');
      return b.id;
    }
    return insertType(tx, v, b);
  });
}

/** Deletes a type that holds no items (its items are moved or deleted first). */
export async function deleteType(db: Db, v: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEnterprise(tx, v.enterpriseId);
    const t = await typeWithCount(tx, v, id);
    if (!t) throw new AppError('NOT_FOUND');
    if (t.n > 0) throw invalid(`分类“${t.name}”下还有${t.n}个服务项目，不能删除`);
    await deleteTypeRow(tx, v, id);
  });
}
