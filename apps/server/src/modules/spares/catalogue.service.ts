// Catalogue (types tree, spares), warehouses, stock and ledger lists: the rules; the statements are in catalogue.repo.ts.
import { lockEnterprise } from '../org/index';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import type { BodyOf, HeldSpare, QueryOf, SpareUnit, sparesContract as C } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { UserActor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { isUniqueViolation } from '../../platform/sql';
import * as repo from './catalogue.repo';
import { unitsIn } from './units';

/** The spare-part form kind (forms.constants: 4 备件). */
const SPARE_FORM_KIND = 4;

// ---- types ----
export async function typeTree(db: Db, u: UserActor) {
  return repo.typeTreeRows(db, u.enterpriseId);
}

export async function saveType(db: Db, u: UserActor, b: BodyOf<typeof C.typeSave>): Promise<number> {
  const ep = u.enterpriseId;
  try {
    return await db.transaction(async (tx) => {
      // Moves checked one at a time: A under B and B under A at once would each pass the cycle check.
      if (b.id && b.parentId) await lockEnterprise(tx, ep);
      if (b.parentId) {
        if (!(await repo.typeHeld(tx, ep, b.parentId))) throw notFound();
        if (b.id && (await repo.descendantsOf(tx, ep, b.id)).includes(b.parentId)) throw invalid('上级分类：不能移动到自身或其下级分类之下');
      }
      if (b.id) {
        const id = await repo.updateType(tx, ep, b.id, b.name, b.parentId ?? null);
        if (!id) throw notFound();
        return id;
      }
      return repo.insertType(tx, ep, b.name, b.parentId ?? null);
    });
  } catch (e) {
    throw isUniqueViolation(e) ? new AppError('NAME_TAKEN') : e;
  }
}

export async function removeType(db: Db, u: UserActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockType(tx, u.enterpriseId, id))) throw notFound();
    if (await repo.typeInUse(tx, u.enterpriseId, id)) throw invalid('该分类下还有子分类或备件，不能删除');
    await repo.deleteType(tx, u.enterpriseId, id);
  });
}

// ---- spares ----
export async function spareList(db: Db, u: UserActor, q: QueryOf<typeof C.spareList>) {
  const page = await repo.sparePage(db, u, q);
  return listPage(q, page.list, page.count);
}

export async function spareOptions(db: Db, u: UserActor, keyword: string | undefined) {
  return repo.spareOptionRows(db, u.enterpriseId, keyword);
}

export async function unitOptions(db: Db, u: UserActor, q: { warehouseId: number; spareId: number }) {
  const r = await repo.unitCount(db, u.enterpriseId, q.warehouseId, q.spareId);
  if (!r) throw notFound();
  return { serialized: r.serialized, total: r.total, units: r.serialized ? await unitsIn(db, u.enterpriseId, q.warehouseId, q.spareId) : [] };
}

export async function spareDetail(db: Db, u: UserActor, id: number) {
  const s = await repo.spareRow(db, u, id);
  if (!s) throw notFound();
  const stocks = await repo.stockRows(db, u, repo.stockOfSpare(id), { pageIndex: 0, pageSize: 1000 });
  const units: SpareUnit[] = await repo.unitsOf(db, u, id);
  return { ...s, stocks, units };
}

/** The spare-part form kind's custom values, checked against its current fields (a catalogue record follows the form as it is). */
async function spareCustom(tx: Tx, u: UserActor, b: BodyOf<typeof C.spareSave>): Promise<Record<string, unknown>> {
  const previous = b.id ? ((await repo.spareCustomOf(tx, u.enterpriseId, b.id)) ?? {}) : undefined;
  const { templateVersionId } = await currentVersionOf(tx, u.enterpriseId, SPARE_FORM_KIND);
  return validateAndComputeExt(tx, u.enterpriseId, SPARE_FORM_KIND, templateVersionId, b.custom, {
    isNew: !b.id,
    previous,
    roles: u.sysrole == null ? undefined : [u.sysrole],
  });
}

export async function saveSpare(db: Db, u: UserActor, b: BodyOf<typeof C.spareSave>): Promise<number> {
  const ep = u.enterpriseId;
  try {
    return await db.transaction(async (tx) => {
      if (b.typeId && !(await repo.typeHeld(tx, ep, b.typeId))) throw notFound();
      if (b.productIds.length && (await repo.productModelCount(tx, ep, b.productIds)) !== new Set(b.productIds).size) throw notFound();
      const values: repo.SpareValues = { ...b, typeId: b.typeId ?? null, custom: await spareCustom(tx, u, b) };
      if (b.id) {
        const id = await repo.updateSpare(tx, ep, b.id, values);
        if (!id) throw notFound();
        return id;
      }
      return repo.insertSpare(tx, ep, values);
    });
  } catch (e) {
    throw isUniqueViolation(e) ? invalid('备件编号：该编号已被使用，请更换') : e;
  }
}

/** A spare with movements keeps its history: it can only be disabled. */
export async function removeSpares(db: Db, u: UserActor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await repo.lockSparesWithUse(tx, u.enterpriseId, unique);
    if (found.length !== unique.length) throw notFound();
    const used = found.find((f) => f.used);
    if (used) throw invalid(`备件“${used.name}”已有库存或单据，不能删除，可停用`);
    await repo.deleteSpares(tx, u.enterpriseId, unique);
  });
}

// ---- warehouses ----
export async function warehouseList(db: Db, u: UserActor, q: QueryOf<typeof C.warehouseList>) {
  const page = repo.warehousePage(db, u, q);
  return listPage(q, page.list, page.count);
}

export async function warehouseOptions(db: Db, u: UserActor, keyword: string | undefined) {
  return repo.warehouseOptionRows(db, u.enterpriseId, keyword);
}

async function ownUser(ex: Executor, enterpriseId: number, id: number | null | undefined): Promise<void> {
  if (id && !(await repo.ownUserExists(ex, enterpriseId, id))) throw notFound();
}

export async function saveWarehouse(db: Db, u: UserActor, b: BodyOf<typeof C.warehouseSave>): Promise<number> {
  const ep = u.enterpriseId;
  if (b.kind === 4 && !b.ownerId) throw invalid('工程师：工程师库存请选择所属工程师');
  const ownerId = b.kind === 4 ? b.ownerId : null;
  try {
    return await db.transaction(async (tx) => {
      await ownUser(tx, ep, ownerId);
      await ownUser(tx, ep, b.keeperId);
      const values = { name: b.name, kind: b.kind, ownerId: ownerId ?? null, keeperId: b.keeperId ?? null, enabled: b.enabled };
      if (b.id) {
        const id = await repo.updateWarehouse(tx, ep, b.id, values);
        if (!id) throw notFound();
        return id;
      }
      return repo.insertWarehouse(tx, ep, values);
    });
  } catch (e) {
    throw isUniqueViolation(e) ? invalid('该仓库名称已存在，或该工程师已有库存仓库') : e;
  }
}

/** The user's own stock (kind 4), made on first use; a name already taken gets the user's id appended. */
export async function ownWarehouse(ex: Executor, u: { id: number; enterpriseId: number; name: string }, missing = false): Promise<number> {
  const find = () => repo.ownWarehouseId(ex, u.enterpriseId, u.id);
  // `missing`: the caller's read just found none, so it is made straight away.
  const found = missing ? undefined : await find();
  if (found) return found;
  for (const name of [`${u.name}的库存`, `${u.name}的库存（${u.id}）`]) {
    const made = await repo.insertOwnWarehouse(ex, u.enterpriseId, u.id, name);
    if (made) return made;
    // Taken: by a stock made for him meanwhile (found), or another's name (the next one).
    const id = await find();
    if (id) return id;
  }
  throw new AppError('DATA_CHANGED');
}

// ---- stock ----
type StockQuery = QueryOf<typeof C.stockList>;
export async function stockList(db: Db, u: UserActor, q: StockQuery) {
  const page = repo.stockPage(db, u, q);
  return listPage(q, page.list, page.count);
}

export async function setSafety(db: Db, u: UserActor, b: BodyOf<typeof C.setSafety>): Promise<void> {
  const ep = u.enterpriseId;
  await db.transaction(async (tx) => {
    if (!(await repo.warehouseAndSpareExist(tx, ep, b.warehouseId, b.spareId))) throw notFound();
    await repo.upsertSafety(tx, ep, b.warehouseId, b.spareId, b.safety);
  });
}

/** 我的备件: a read, so it never makes the user's own stock (the first movement into it does). */
export async function mine(db: Db, u: UserActor, q: QueryOf<typeof C.mine>) {
  const warehouseId = await repo.ownWarehouseId(db, u.enterpriseId, u.id);
  if (!warehouseId) return { list: [], count: 0, warehouseId: null };
  const page = await stockList(db, u, { ...q, warehouseId, spareId: undefined, typeId: undefined, warning: undefined });
  return { ...page, warehouseId };
}

/**
 * The spares the user holds in their own stock, for the order's 登记备件: available > 0 only, the most held first
 * (stocks by its primary key on the one warehouse), each serial-tracked one with its free units (spare_units_warehouse_idx).
 */
export async function mineOptions(db: Db, u: UserActor, keyword: string | undefined): Promise<{ warehouseId: number | null; list: HeldSpare[] }> {
  const own = await repo.ownWarehouseId(db, u.enterpriseId, u.id);
  if (!own) return { warehouseId: null, list: [] };
  const held = await repo.heldRows(db, u.enterpriseId, own, keyword);
  const tracked = held.filter((h) => h.serialized).map((h) => h.id);
  const units = tracked.length ? await repo.freeSerialRows(db, u.enterpriseId, own, tracked) : [];
  const serials = new Map(units.map((x) => [x.spare_id, x.serials]));
  return { warehouseId: own, list: held.map((h) => ({ ...h, serials: serials.get(h.id) ?? [] })) };
}

// ---- ledger ----
type LogQuery = QueryOf<typeof C.logList>;
export async function logList(db: Db, u: UserActor, q: LogQuery, only?: number[]) {
  const page = repo.logPage(db, u, q, only);
  return listPage(q, page.list, page.count);
}
