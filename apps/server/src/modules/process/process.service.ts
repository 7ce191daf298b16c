import { type BodyOf, DEFAULT_ORDER_PROCESS, type OrderProcess, type OrderProcessAnswer, type processContract, ORDER_FORM_KIND } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { invalid, notFound } from '../../platform/errors';
import { checkIdsIn, LIVE_USER } from '../../platform/refs';
import type { Actor } from '../../platform/actor';
import { liveFields, templateById, type TemplateRec } from '../forms/index';
import * as repo from './process.repo';

/** The order form kind (forms.constants: 1 工单): a process belongs to an order type. */

export interface Published {
  versionId: number | null;
  version: number | null;
  process: OrderProcess;
}

/** Older versions lack later switches; they read as the default for those. */
const withDefaults = (p: unknown): OrderProcess => ({ ...DEFAULT_ORDER_PROCESS, ...(p as Partial<OrderProcess>) });

/** An order type of this enterprise; another enterprise's or another kind's id is not found. */
async function orderType(ex: Executor, enterpriseId: number, tid: number, lock = false): Promise<TemplateRec> {
  const t = await templateById(ex, enterpriseId, tid, lock);
  if (!t || t.formKind !== ORDER_FORM_KIND) throw notFound();
  return t;
}

/** What publishedProcessSql answered, as the pin a new order takes. */
export function publishedProcessOf(value: unknown): { versionId: number | null; process: OrderProcess } {
  const r = value as { id: number; process: unknown } | null;
  return r ? { versionId: r.id, process: withDefaults(r.process) } : { versionId: null, process: DEFAULT_ORDER_PROCESS };
}

/** The order type's published process: its highest version, else the built-in default. */
export async function publishedProcess(ex: Executor, enterpriseId: number, tid: number): Promise<Published> {
  const r = await repo.latestVersion(ex, enterpriseId, tid);
  if (!r) return { versionId: null, version: null, process: DEFAULT_ORDER_PROCESS };
  return { versionId: r.id, version: r.version, process: withDefaults(r.process) };
}

const RECENT = 5;
/** The latest orders of each version (null: of none), newest first; walks the type's orders by creation time. */
async function recentOrders(ex: Executor, enterpriseId: number, tid: number, versionIds: (number | null)[]) {
  const out = new Map<number | null, { id: number; orderNo: string }[]>();
  for (const v of versionIds) {
    out.set(v, await repo.ordersOnVersion(ex, enterpriseId, tid, v, RECENT));
  }
  return out;
}

/** The process page: the published process, every version with the orders that use it, and the fields a step may require. */
export async function getProcess(db: Db, u: Actor, tid: number): Promise<OrderProcessAnswer> {
  const t = await orderType(db, u.enterpriseId, tid);
  const cur = await publishedProcess(db, u.enterpriseId, tid);
  const versions = await repo.versionsOf(db, u.enterpriseId, tid, u.timeZone);
  const unpinned = await repo.unpinnedCount(db, u.enterpriseId, tid);
  const recent = await recentOrders(db, u.enterpriseId, tid, [...versions.map((v) => v.id), null]);
  const fields = await liveFields(db, u.enterpriseId, tid);
  const named = userApprovers(cur.process);
  const people = named.length ? await repo.userNames(db, u.enterpriseId, named) : [];
  return {
    tid,
    templateName: t.name,
    versionId: cur.versionId,
    version: cur.version,
    process: cur.process,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      createTime: v.create_time,
      createUserName: v.name,
      orderCount: v.n,
      recentOrders: recent.get(v.id) ?? [],
    })),
    defaultOrderCount: unpinned,
    defaultRecentOrders: recent.get(null) ?? [],
    approverNames: Object.fromEntries(people.map((p) => [String(p.id), p.name])),
    fields: fields.map((f) => ({ id: f.id, name: f.name, type: f.type })),
  };
}

const userApprovers = (p: OrderProcess): number[] => [...new Set(Object.values(p.approvers).flatMap((a) => (a?.by === 'user' ? [a.userId] : [])))];

/** Named approvers are enabled users of the enterprise; required fields are live fields of the order type. */
async function checkReferences(ex: Executor, enterpriseId: number, tid: number, p: OrderProcess): Promise<void> {
  await checkIdsIn(ex, enterpriseId, 'users', userApprovers(p), '审核人：人员不存在或已停用', LIVE_USER);
  const asked = new Set(Object.values(p.requirements).flatMap((r) => r?.fields ?? []));
  if (asked.size) {
    const live = new Set((await liveFields(ex, enterpriseId, tid)).map((f) => f.id));
    if ([...asked].some((id) => !live.has(id))) throw invalid('必填字段：字段不存在或已被删除');
  }
}

/** Saves the process as the order type's next version; new orders pin it, orders in flight keep theirs. */
export async function publishProcess(db: Db, u: Actor, b: BodyOf<typeof processContract.publish>): Promise<{ versionId: number; version: number }> {
  return db.transaction(async (tx) => {
    // Locking the order type serialises publishes, so version numbers follow one another.
    await orderType(tx, u.enterpriseId, b.tid, true);
    await checkReferences(tx, u.enterpriseId, b.tid, b.process);
    const r = await repo.insertVersion(tx, u.enterpriseId, b.tid, b.process, u.id);
    if (!r) throw new Error('process version insert failed');
    return { versionId: r.id, version: r.version };
  });
}

/** Dispatch order settings of an order type: read from its published process. */
export async function dispatchSettings(db: Db, u: Actor, tid: number) {
  await orderType(db, u.enterpriseId, tid);
  const p = await publishedProcess(db, u.enterpriseId, tid);
  return { tid, dispatch: p.process.dispatch, engineerAccept: p.process.engineerAccept, actors: p.process.actors.dispatch ?? null, versionId: p.versionId };
}
