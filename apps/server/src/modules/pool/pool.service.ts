import { formatError, type MyGrab, orderMachine, POOL_POWERS, POOL_SETTINGS } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { EnqueueInput } from '../../platform/jobs';
import type { PageRequest } from '../../platform/list';
import { listPageRows } from '../../platform/list.snapshot';
import { changeState, insertStateLog, type PatchValue } from '../../platform/state';
import { instantOf } from '../orders/index';
import { openableOrders, orderInScope } from '../orders/index';
import { freeTimes } from '../schedule/index';
import { clashOf, visitMinutesOf } from '../schedule/index';
import { ORDER_STATE, moveOrder, orderContext } from '../orders/index';
import { getSettingBool, getSettingInt } from '../settings/index';
import { addNotices } from '../notices/index';
import { capReached, type Engineer } from './eligibility';
import { distanceFrom, engineerOf } from './eligibility.repo';
import { asOrderRecord, type OrderRecord } from '../orders/index';
import {
  everPooled,
  firstRuleFor,
  inEngineersPool,
  inHouseEngineers,
  lockLiveOrder,
  lockProfile,
  notDeleted,
  offeredOrder,
  orderById,
  pastMinutes,
  POOL_ORDER,
  poolCandidates,
  poolCount,
  poolRows,
  poolWhereSql,
  recentGrabs,
  recordEntry,
  requestedTime,
  setReturnVisitor,
  unclaimedRecipients,
} from './pool.repo';
import { type Actor, type SystemActor, systemActor } from '../../platform/actor';

/**
 * The order pool. Entering and leaving the pool are `edit` moves of the order (in_pool in the
 * log's changed fields); grab and revokeGrab are the machine's own actions. Each runs in one transaction
 * that first locks the order row, so of many grabs at once exactly one finds the order still in the pool.
 */

/** May put orders in and out and sees the whole pool (dispatchers, administrators). */
export const managesPool = (a: Pick<Actor, 'admin' | 'powers'>): boolean => a.admin || a.powers.includes(POOL_POWERS.manage);

export const UNCLAIMED_JOB = 'pool.unclaimed';
/** After an order enters the pool: a notice to each engineer it is offered to (pool_offer). */
export const OFFER_JOB = 'pool.offer';
type Row = OrderRecord;

/** The order locked for the transaction, if the viewer may open it (else not found, before any other refusal). */
const lockOrder = (tx: Tx, v: SystemActor, id: number): Promise<Row> => orderInScope(tx, v, id, true);

/**
 * For a grab: also an order that was offered in the pool and taken since, so the engineer who saw it there is told
 * 该工单已被抢 rather than not found (an order never offered stays not found).
 */
const offeredOnce = (v: SystemActor): SQL => everPooled(v.providerId == null && v.powers.includes(POOL_POWERS.pool));

/** The unclaimed timer of a pooling: fires after the enterprise's minutes unless the order has moved since (its version). */
async function unclaimedTimer(ex: Executor, enterpriseId: number, orderId: number, version: number): Promise<EnqueueInput[]> {
  const minutes = await getSettingInt(ex, enterpriseId, POOL_SETTINGS.unclaimedMinutes);
  if (minutes <= 0) return [];
  return [{ kind: UNCLAIMED_JOB, enterpriseId, payload: { orderId, version, minutes }, runAt: new Date(Date.now() + minutes * 60_000) }];
}

/** The offer notices of a pooling, sent after it commits (the job re-reads who may grab it then). */
const offerJob = (enterpriseId: number, orderId: number, version: number): EnqueueInput => ({
  kind: OFFER_JOB,
  enterpriseId,
  payload: { orderId, version },
});

/** What follows a pooling at `version`: the unclaimed timer and the offer notices. */
async function poolingFollows(ex: Executor, enterpriseId: number, orderId: number, version: number): Promise<EnqueueInput[]> {
  return [...(await unclaimedTimer(ex, enterpriseId, orderId, version)), offerJob(enterpriseId, orderId, version)];
}

/**
 * The offer: every enabled in-house engineer (role 2) for whom the order is in their pool (groups, area, skills, daily
 * cap, as the list) gets a notice linking to the pool page, once per pooling (dedupe key with the pooling's version).
 */
export async function notifyOffer(db: Db, enterpriseId: number, orderId: number, version: number): Promise<number> {
  const o = await offeredOrder(db, enterpriseId, orderId);
  // Grabbed, taken out or moved again since: this pooling's offer is over.
  if (!o || o.version !== version) return 0;
  const offered: number[] = [];
  for (const id of await inHouseEngineers(db, enterpriseId)) {
    const e = await engineerOf(db, enterpriseId, id, o.tz);
    if (await inEngineersPool(db, e, orderId)) offered.push(id);
  }
  return addNotices(db, {
    enterpriseId,
    userIds: offered,
    kind: 'pool_offer',
    title: `工单公海有新工单可抢：${o.order_no}`,
    content: `工单“${o.title}”已放入工单公海，可前往抢单。`,
    link: '/orderHighSeas',
    dedupeKey: `pool-offer:${orderId}:${version}`,
  });
}

/** Moves by the system (rules, timers): an `edit` decided as an administrator, logged without a user. */
function systemEdit(tx: Tx, enterpriseId: number, id: number, patch: Record<string, PatchValue>, note: string, follow: EnqueueInput[] = []) {
  const system = systemActor(enterpriseId);
  return changeState(tx, {
    table: ORDER_STATE,
    machine: orderMachine,
    enterpriseId,
    id,
    action: 'edit',
    actorId: null,
    ctxOf: (row, t) => orderContext(t, system, asOrderRecord(row)),
    patch,
    note,
    guard: notDeleted(),
    follow,
  });
}

const poolable = (row: Row) => row.state === 1 && !row.in_pool && row.service_user_id == null && !row.invalid;

async function requireEnabled(ex: Executor, enterpriseId: number): Promise<void> {
  if (!(await getSettingBool(ex, enterpriseId, POOL_SETTINGS.enabled))) throw new AppError('POOL_DISABLED');
}

/** POST /v2/order/pool/put: orders 待派单 and unassigned enter the pool (all or none), each with its unclaimed timer. */
export async function putInPool(db: Db, v: Actor, orderIds: number[], skills: string[]): Promise<number> {
  await requireEnabled(db, v.enterpriseId);
  return db.transaction(async (tx) => {
    for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) {
      const row = await lockOrder(tx, v, id);
      if (!poolable(row)) throw new AppError('POOL_ORDER_ASSIGNED');
      const follow = await poolingFollows(tx, v.enterpriseId, id, row.version + 1);
      await moveOrder(tx, v, id, 'edit', { patch: { in_pool: true }, note: '放入工单池', follow });
      await recordEntry(tx, v.enterpriseId, id, skills, v.id, null);
    }
    return new Set(orderIds).size;
  });
}

/** POST /v2/order/pool/take: orders leave the pool, back to 待派单. */
export async function takeFromPool(db: Db, v: Actor, orderIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) {
      const row = await lockOrder(tx, v, id);
      if (!(row.state === 1 && row.in_pool)) throw new AppError('ORDER_NOT_IN_POOL');
      await moveOrder(tx, v, id, 'edit', { patch: { in_pool: false }, note: '移出工单池' });
    }
    return new Set(orderIds).size;
  });
}

/** Why an order the engineer asked for cannot be grabbed: taken already, not in the pool, moved since the page. */
function refuseGrab(row: Row, version: number | undefined): void {
  const state = row.state;
  // Taken by someone (grabbed or dispatched) since the engineer saw it; a cancelled or finished order is a plain state refusal.
  if (state >= 2 && state <= 5) throw new AppError('ORDER_GRABBED');
  if (state !== 1) throw new AppError('ORDER_INVALID_TRANSITION');
  if (!row.in_pool) throw new AppError('ORDER_NOT_IN_POOL');
  if (version !== undefined && row.version !== version) throw new AppError('STATE_CHANGED');
}

/**
 * POST /v2/order/grab: compare-and-set on the locked row; the winner becomes the order's engineer (→ 待服务). With a
 * chosen time the same move sets the appointment, so the clash rule (schedule/clash.ts) checks that time with the
 * engineer's row locked, and a time already past is refused.
 */
export async function grab(db: Db, v: Actor, orderId: number, version?: number, bespokeTime?: string) {
  return db.transaction(async (tx) => {
    const row = await orderInScope(tx, v, orderId, true, offeredOnce(v));
    refuseGrab(row, version);
    if (v.sysrole === 2) {
      // The engineer's own row is locked too, so two grabs of theirs cannot both pass the daily cap.
      await lockProfile(tx, v.enterpriseId, v.id);
      const e = await engineerOf(tx, v.enterpriseId, v.id, v.timeZone);
      if (capReached(e)) throw new AppError('POOL_DAILY_CAP', { cap: e.dailyCap });
      if (!(await inEngineersPool(tx, e, orderId))) throw new AppError('POOL_NOT_ELIGIBLE');
    }
    const patch = bespokeTime ? { appointment_at: await instantOf(tx, v.timeZone, bespokeTime) } : undefined;
    const note = bespokeTime ? `从工单池抢单，预约时间：${bespokeTime}` : '从工单池抢单';
    const r = await moveOrder(tx, v, orderId, 'grab', { patch, note });
    return { id: orderId, state: r.to };
  });
}

/** POST /v2/order/revokeGrab: the grabber gives it back within the enterprise's minutes; it re-enters the pool with a new timer. */
export async function revokeGrab(db: Db, v: Actor, orderId: number, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, v, orderId);
    const limit = await getSettingInt(tx, v.enterpriseId, POOL_SETTINGS.revokeMinutes);
    const late = await pastMinutes(tx, row.taken_at, limit);
    const mine = row.grabbed && row.service_user_id === v.id && row.state === 3;
    if (mine && late) throw new AppError('POOL_REVOKE_LATE', { minutes: limit });
    const follow = await poolingFollows(tx, v.enterpriseId, orderId, row.version + 1);
    const r = await moveOrder(tx, v, orderId, 'revokeGrab', { note: `退回原因：${reason}`, follow });
    return { id: orderId, state: r.to };
  });
}

/** GET /v2/order/pool/mine: the viewer's grabs still within the enterprise's revoke minutes, and grabs left under the daily cap. */
export async function myGrabs(db: Db, v: Actor): Promise<{ grabs: MyGrab[]; grabsLeft: number | null }> {
  const limit = await getSettingInt(db, v.enterpriseId, POOL_SETTINGS.revokeMinutes);
  const grabs = await recentGrabs(db, v.enterpriseId, v.id, limit);
  const e = await engineerOf(db, v.enterpriseId, v.id, v.timeZone);
  return { grabs, grabsLeft: grabsLeftOf(e) };
}

/** POST /v2/order/visitUserGrab: a return-visit desk (role 7) or administrator claims a completed order's return visit, once. */
export async function visitUserGrab(db: Db, v: SystemActor, orderId: number, version?: number) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, v, orderId);
    if (row.state !== 5 || row.invalid) throw new AppError('ORDER_INVALID_TRANSITION');
    if (row.return_visitor_id != null) throw new AppError('VISIT_TAKEN');
    if (!v.admin && v.sysrole !== 7) throw new AppError('ORDER_ACTOR');
    if (version !== undefined && row.version !== version) throw new AppError('STATE_CHANGED');
    await setReturnVisitor(tx, v.enterpriseId, orderId, v.id);
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: v.enterpriseId,
      id: orderId,
      from: 5,
      to: 5,
      action: 'visitUserGrab',
      actorId: v.id,
      note: '领取回访',
      changed: { return_visitor_id: v.id },
    });
    return { id: orderId, state: 5 };
  });
}

/** GET /v2/order/pool/freeSlots: is the viewer free at the order's requested time, and the free times of the coming days. */
export async function freeSlots(db: Db, v: Actor, orderId: number, span: { startDate?: string; days: number }) {
  const { where } = await poolWhere(db, v);
  const o = await requestedTime(db, where, orderId, v.timeZone);
  if (!o) throw new AppError('NOT_FOUND');
  let clash: string | null = null;
  if (o.at != null) {
    const hit = await clashOf(db, v.enterpriseId, v.id, orderId, new Date(o.at).toISOString(), await visitMinutesOf(db, v.enterpriseId));
    if (hit) clash = formatError('SCHEDULE_CLASH', { time: o.text ?? '', orderNo: hit.order_no });
  }
  return {
    requested: o.text,
    requestedFree: clash == null,
    clash,
    days: await freeTimes(db, v.enterpriseId, v.timeZone, { userId: v.id, orderId }, span),
  };
}

// ---- the list ----

const grabsLeftOf = (e: Engineer): number | null => (e.dailyCap > 0 ? Math.max(0, e.dailyCap - e.grabbedToday) : null);

/** The WHERE of the viewer's pool: all of it for those who manage it, the eligible part for an engineer. */
export async function poolWhere(ex: Executor, v: Actor, searchText?: string | null): Promise<{ where: SQL; engineer: Engineer | null }> {
  const engineer = managesPool(v) ? null : await engineerOf(ex, v.enterpriseId, v.id, v.timeZone);
  return { where: poolWhereSql(v.enterpriseId, engineer, searchText), engineer };
}

/** GET /v2/order/pool/list: newest first, with the distance from the engineer's base. */
export async function poolList(db: Db, v: Actor, page: PageRequest & { keyword?: string | null }) {
  const { where, engineer } = await poolWhere(db, v, page.keyword);
  const distance = distanceFrom(engineer?.base ?? null);
  const inner = await listPageRows(db, Boolean(page.keyword), 'orders', 'o', v.enterpriseId, where, POOL_ORDER, page);
  const [list, count] = await Promise.all([poolRows(db, inner, distance), poolCount(db, where)]);
  return { list, count, grabsLeft: engineer ? grabsLeftOf(engineer) : null, manage: managesPool(v) };
}

/** GET /v2/order/pool/candidates: what the put dialog offers — only orders putInPool accepts. */
export const poolCandidateList = (db: Db, v: Actor, keyword?: string | null) => poolCandidates(db, v.enterpriseId, openableOrders(v), keyword);

// ---- the unclaimed timer and the rules ----

/** The timer: still in the pool at the version it was armed for → back to the dispatcher, with a notice. */
export async function expireUnclaimed(db: Db, enterpriseId: number, orderId: number, version: number, minutes: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockLiveOrder(tx, enterpriseId, orderId);
    if (!row?.in_pool || row.state !== 1 || row.version !== version) return false;
    await systemEdit(tx, enterpriseId, orderId, { in_pool: false }, `超过${minutes}分钟无人抢单，退回派单员`);
    await addNotices(tx, {
      enterpriseId,
      userIds: await unclaimedRecipients(tx, enterpriseId, orderId, row.dispatcher_id),
      kind: 'order_pool_unclaimed',
      title: `工单${row.order_no}无人抢单，已退回待派单`,
      content: `工单“${row.title}”在工单公海中${minutes}分钟无人抢单，请及时派单。`,
      link: `/allOrder/orderDetail/${orderId}`,
      dedupeKey: `pool-unclaimed:${orderId}:${version}`,
    });
    return true;
  });
}

/** After creation: a still unassigned 待派单 order matching an enabled rule enters the pool (the first rule by sort wins). */
export async function poolByRule(tx: Tx, enterpriseId: number, orderId: number): Promise<boolean> {
  const row = await orderById(tx, enterpriseId, orderId);
  if (!row || !poolable(row)) return false;
  const rule = await firstRuleFor(tx, enterpriseId, row);
  if (!rule) return false;
  return enterPool(tx, enterpriseId, row, { skills: rule.skills ?? [], ruleId: rule.id, note: `按规则“${rule.name}”放入工单池` });
}

/**
 * The system puts one order (its row, locked by the caller) into the pool: a pool rule, an automation rule. Only a
 * still unassigned 待派单 order of an enterprise with the pool enabled enters; answers whether it did.
 */
export async function enterPool(tx: Tx, enterpriseId: number, row: Row, o: { skills: string[]; ruleId: number | null; note: string }): Promise<boolean> {
  if (!poolable(row) || !(await getSettingBool(tx, enterpriseId, POOL_SETTINGS.enabled))) return false;
  const orderId = row.id;
  await systemEdit(tx, enterpriseId, orderId, { in_pool: true }, o.note, await poolingFollows(tx, enterpriseId, orderId, row.version + 1));
  await recordEntry(tx, enterpriseId, orderId, o.skills, null, o.ruleId);
  return true;
}
