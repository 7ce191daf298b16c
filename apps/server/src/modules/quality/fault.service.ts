// Fault modes (/fault/mode): a tree per product category (symptom → cause → remedy), and the fault mode an order
// is diagnosed with (a remedy of the order's product category), which a process may require (orders/checks.ts).
// The statements are fault.repo.ts's.
import { type BodyOf, type faultContract as C, FAULT_LEVELS } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { orderInScope } from '../orders/index';
import {
  categoryOfOrder,
  clearOrderFault,
  deleteNode,
  faultCategories,
  insertNode,
  modelCategory,
  type NodeRow,
  nodeRow,
  orderFaultRow,
  pathOf,
  subtreeUsed,
  treeOf,
  updateNode,
} from '../faults/index';

import { recordOrderFault } from '../faults/index';

export { pathOf };

export async function list(db: Db, a: Actor, category: string) {
  return { categories: await faultCategories(db, a.enterpriseId), list: await treeOf(db, a.enterpriseId, category) };
}

const nodeOf = async (ex: Executor, ep: number, id: number, lock = false): Promise<NodeRow> => {
  const r = await nodeRow(ex, ep, id, lock ? 'update' : '');
  if (!r) throw notFound();
  return r;
};

const duplicate = (e: unknown, code: string) => (isUniqueViolation(e) ? invalid(`编码：编码“${code}”在该产品分类下已存在`) : e);

export async function create(db: Db, a: Actor, b: BodyOf<typeof C.create>): Promise<number> {
  return db.transaction(async (tx) => {
    let category = b.category;
    let level = 1;
    if (b.parentId) {
      // The parent is locked: a delete of it cannot pass between our read and our insert.
      const p = await nodeOf(tx, a.enterpriseId, b.parentId, true);
      if (p.level >= 3) throw invalid(`上级：${FAULT_LEVELS[3]}下不能再添加下级`);
      category = p.category;
      level = p.level + 1;
    }
    try {
      return await insertNode(tx, a.enterpriseId, { category, parentId: b.parentId ?? null, level, code: b.code, name: b.name, sort: b.sort });
    } catch (e) {
      throw duplicate(e, b.code);
    }
  });
}

export async function update(db: Db, a: Actor, b: BodyOf<typeof C.update>): Promise<void> {
  await nodeOf(db, a.enterpriseId, b.id);
  try {
    await updateNode(db, a.enterpriseId, b.id, b);
  } catch (e) {
    throw duplicate(e, b.code);
  }
}

export async function remove(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await nodeOf(tx, a.enterpriseId, id, true);
    if (await subtreeUsed(tx, a.enterpriseId, id)) throw new AppError('FAULT_MODE_IN_USE');
    await deleteNode(tx, a.enterpriseId, id);
  });
}

export async function ofOrder(db: Db, a: Actor, orderId: number) {
  await orderInScope(db, a, orderId);
  const category = await categoryOfOrder(db, a.enterpriseId, orderId);
  const m = await orderFaultRow(db, a, orderId);
  const selected = m ? { id: m.fault_mode_id, path: await pathOf(db, a.enterpriseId, m.fault_mode_id), setByName: m.set_by_name, setTime: m.set_time } : null;
  return { category, list: await treeOf(db, a.enterpriseId, category), selected };
}

export async function setOrder(db: Db, a: Actor, b: BodyOf<typeof C.setOrder>): Promise<void> {
  await db.transaction(async (tx) => {
    await orderInScope(tx, a, b.orderId, true);
    if (b.faultModeId == null) {
      await clearOrderFault(tx, a.enterpriseId, b.orderId);
      return;
    }
    await recordOrderFault(tx, a, b.orderId, b.faultModeId);
  });
}

/** The tree of a product model's category (or an installed product's model's); neither: the general tree. */
export async function ofModel(db: Db, a: Actor, q: { productModelId?: number | null; installedProductId?: number | null }) {
  const ep = a.enterpriseId;
  let model: number | null = null;
  let category = '';
  if (q.installedProductId || q.productModelId) {
    const r = await modelCategory(db, ep, q);
    if (!r) throw notFound();
    model = r.id;
    category = r.category ?? '';
  }
  return { category, productModelId: model, list: await treeOf(db, ep, category) };
}
