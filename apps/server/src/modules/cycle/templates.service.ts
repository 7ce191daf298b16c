// Cycle templates (/cycleTmpl): list, detail, create, update, delete. Every query by the session's enterprise.
import type { CycleTmpl, CycleTmplBody } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { listPage, type PageRequest } from '../../platform/list';
import {
  checkOrderType,
  insertTmpl,
  lockTmpl,
  serviceItemCount,
  softDeleteTmpl,
  tmplCount,
  tmplInUse,
  tmplNameWhere,
  tmplOptionRows,
  tmplPage,
  tmplRow,
  updateTmplRow,
} from './templates.repo';

export async function listTmpls(db: Db, a: Actor, q: PageRequest & { name?: string | null; keyword?: string | null }) {
  const where = tmplNameWhere(q.name || q.keyword);
  return listPage(
    q,
    () => tmplPage(db, a, where, q),
    () => tmplCount(db, a, where),
  );
}

export async function getTmpl(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<CycleTmpl> {
  const r = await tmplRow(ex, a, id);
  if (!r) throw notFound();
  return r;
}

/** The live templates for the plan dialog's picker (an enterprise keeps a handful). */
export async function tmplOptions(db: Db, a: Actor) {
  const found = await tmplOptionRows(db, a.enterpriseId);
  return found.map((r) => ({ id: r.id, name: r.name, every: r.every, unit: r.unit }));
}

/** The order type is an enabled order-kind template of the enterprise; service items are its own. */
async function checkTmpl(ex: Executor, ep: number, b: CycleTmplBody): Promise<void> {
  await checkOrderType(ex, ep, b.orderTypeId);
  const unique = [...new Set(b.serviceItemIds)];
  if (unique.length) {
    if ((await serviceItemCount(ex, ep, unique)) !== unique.length) throw invalid('服务项目：服务项目不存在或已被删除');
  }
}

export async function createTmpl(db: Db, a: Actor, b: CycleTmplBody): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTmpl(tx, a.enterpriseId, b);
    const id = await insertTmpl(tx, a, b);
    if (id == null) throw new Error('insert into cycle_templates returned no row');
    return id;
  });
}

/** A change reaches the plans' next generated orders (orders already made keep what they were made with). */
export async function updateTmpl(db: Db, a: Actor, id: number, b: CycleTmplBody): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockTmpl(tx, a.enterpriseId, id))) throw notFound();
    await checkTmpl(tx, a.enterpriseId, b);
    await updateTmplRow(tx, a.enterpriseId, id, b);
  });
}

/** Soft delete; refused while a plan that is not ended uses it. */
export async function deleteTmpl(db: Db, a: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockTmpl(tx, a.enterpriseId, id))) throw notFound();
    if (await tmplInUse(tx, a.enterpriseId, id)) throw invalid('该模板正被周期计划使用，请先结束这些计划');
    await softDeleteTmpl(tx, a.enterpriseId, id);
  });
}
