import {
  type BatchDispatchResult,
  type CreateDraftBody,
  DRAFT_MAX_ORDERS,
  DRAFT_SOURCES,
  DRAFT_TIME_LIMIT_MS,
  type Draft,
  PROPOSAL_STATE,
  proposalMachine,
} from '@sk/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { changeState, type StateTable } from '../../platform/state';
import { book, type VisitRec } from '../schedule/index';
import { orderDueTimes } from '../sla/index';
import { bookedOf, bookedVisit, type DayContext, dayContext, dueMinuteOf, stampOf } from './day-context';
import * as repo from './draft.repo';
import { engineersOf, ordersOf, waitingIds } from './planning.repo';
import type { EngineerFacts, OrderFacts } from './planning.types';
import { hardRule } from './rules';
import { solveDay } from './solver/plan';
import type { PlanEngineer, PlanVisit, Point } from './solver/types';
import { travelBasisFor } from './travel';

/**
 * A day planned as a draft (docs/planning.md): the planner proposes an engineer and a time for each order; nothing is
 * booked until the dispatcher accepts, and each acceptance is the board's own booking in the proposal's transaction.
 */

export const PROPOSAL_TABLE: StateTable = {
  table: 'plan_proposals',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'plan_proposal_logs', recordColumn: 'proposal_id' },
};

const startOf = (e: EngineerFacts): Point | null => e.base ?? e.position;
const pointOut = (p: Point | null) => (p ? { latitude: p.lat, longitude: p.lng } : null);

function planEngineer(c: DayContext, e: EngineerFacts, visits: VisitRec[]): PlanEngineer {
  const start = startOf(e) as Point;
  return { id: e.id, start, shift: c.shift, booked: visits.map((v) => bookedVisit(c, v, start)), dailyCap: e.dailyCap };
}

function planVisit(c: DayContext, o: OrderFacts): PlanVisit {
  const due = dueMinuteOf(c, o.dueMs);
  return {
    id: o.id,
    at: { lat: o.latitude as number, lng: o.longitude as number },
    serviceMinutes: c.visitMinutes,
    window: { start: c.earliest, end: c.shift.end },
    ...(due == null ? {} : { dueMinute: due }),
    priority: o.priority,
  };
}

async function orderIdsOf(db: Db, u: Actor, b: CreateDraftBody): Promise<number[]> {
  if (b.source === DRAFT_SOURCES.selection) return b.orderIds ?? [];
  return waitingIds(db, u, b.source === DRAFT_SOURCES.pool, DRAFT_MAX_ORDERS);
}

export async function createDraft(db: Db, config: Config, u: Actor, b: CreateDraftBody, log: (m: string) => void): Promise<Draft> {
  const c = await dayContext(db, u, b.date);
  const ids = await orderIdsOf(db, u, b);
  const found = await ordersOf(db, u, ids);
  if (b.source === DRAFT_SOURCES.selection && found.length < ids.length) throw new AppError('NOT_FOUND');
  const dues = await orderDueTimes(
    db,
    u.enterpriseId,
    found.map((o) => o.id),
  );
  const orders: OrderFacts[] = found.map((o) => ({ ...o, dueMs: dues.get(o.id) ?? null }));
  const engineers = (await engineersOf(db, u.enterpriseId, b.userIds)).filter((e) => startOf(e));
  if (!engineers.length) throw new AppError('VALIDATION', { detail: '没有可排班的服务人员（须设置基地或共享位置）' });
  const booked = await bookedOf(
    db,
    u,
    c,
    engineers.map((e) => e.id),
  );
  const unplaced: Array<{ orderId: number; reason: string }> = [];
  const placeable = orders.filter((o) => {
    const why = o.state !== 1 ? '工单已不是待派单' : o.latitude == null || o.longitude == null ? '工单地址没有定位' : null;
    if (why) unplaced.push({ orderId: o.id, reason: why });
    return !why;
  });
  const facts = new Map(engineers.map((e) => [e.id, e]));
  const byOrder = new Map(placeable.map((o) => [o.id, o]));
  const t = await travelBasisFor(db, config, u.enterpriseId, log);
  const plan = solveDay(
    {
      visits: placeable.map((o) => planVisit(c, o)),
      engineers: engineers.map((e) => planEngineer(c, e, booked.get(e.id) ?? [])),
      travel: t.travel,
      canServe: (pe, pv) => hardRule(facts.get(pe.id) as EngineerFacts, byOrder.get(pv.id) as OrderFacts),
      weights: { travel: Math.max(1, c.weights.travel) / 10, slaLate: c.weights.sla / 30, load: c.weights.load / 10 },
    },
    { seed: 1, timeLimitMs: DRAFT_TIME_LIMIT_MS },
  );
  unplaced.push(...plan.unplaced.map((x) => ({ orderId: x.visitId, reason: x.reason })));
  const basis = t.basis();
  const id = await db.transaction(async (tx) => {
    const draftId = await repo.insertDraft(tx, u.enterpriseId, {
      date: c.date,
      source: b.source,
      userIds: engineers.map((e) => e.id),
      unplaced,
      estimate: basis.estimate,
      label: basis.label,
      by: u.id,
    });
    const proposals = plan.routes.flatMap((r) =>
      r.stops.filter((s) => !s.booked).map((s) => ({ orderId: s.visitId, userId: r.engineerId, start: s.start, end: s.end })),
    );
    await repo.insertProposals(tx, u.enterpriseId, u.timeZone, draftId, c.date, proposals);
    return draftId;
  });
  return readDraft(db, config, u, id, log);
}

/** The draft as the board draws it: proposals with the legs of each engineer's day as it now stands. */
export async function readDraft(db: Db, config: Config, u: Actor, id: number, log: (m: string) => void): Promise<Draft> {
  const d = await repo.draftOf(db, u.enterpriseId, u.timeZone, id);
  if (!d) throw new AppError('NOT_FOUND');
  const c = await dayContext(db, u, d.plan_date);
  const list = await repo.proposalsOf(db, u.enterpriseId, u.timeZone, id, d.plan_date);
  const engineers = await engineersOf(db, u.enterpriseId, d.user_ids);
  const booked = await bookedOf(
    db,
    u,
    c,
    engineers.map((e) => e.id),
  );
  const t = await travelBasisFor(db, config, u.enterpriseId, log);
  const dues = await orderDueTimes(
    db,
    u.enterpriseId,
    list.map((p) => p.order_id),
  );
  const legs = new Map<number, { km: number; minutes: number }>();
  for (const e of engineers) {
    const mine = list.filter((p) => p.user_id === e.id && p.state === PROPOSAL_STATE.proposed && p.latitude != null);
    const taken = new Set(mine.map((p) => p.order_id));
    const stops = [
      ...(booked.get(e.id) ?? [])
        .filter((v) => !taken.has(v.orderId) && v.latitude != null)
        .map((v) => ({ id: -v.orderId, minute: v.minute, at: { lat: v.latitude as number, lng: v.longitude as number } })),
      ...mine.map((p) => ({ id: p.order_id, minute: p.start_minute, at: { lat: p.latitude as number, lng: p.longitude as number } })),
    ].sort((a, b) => a.minute - b.minute);
    let from = startOf(e);
    for (const s of stops) {
      if (from && s.id > 0) legs.set(s.id, t.shown(from, s.at));
      from = s.at;
    }
  }
  const names = await repo.orderNames(
    db,
    u.enterpriseId,
    d.unplaced.map((x) => x.orderId),
  );
  const proposals = list.map((p) => {
    const due = dueMinuteOf(c, dues.get(p.order_id) ?? null);
    return {
      orderId: p.order_id,
      orderNo: p.order_no,
      title: p.title,
      address: p.address,
      latitude: p.latitude,
      longitude: p.longitude,
      userId: p.user_id,
      userName: p.user_name,
      start: stampOf(c, p.start_minute),
      end: stampOf(c, p.end_minute),
      leg: legs.get(p.order_id) ?? { km: 0, minutes: 0 },
      state: p.state,
      moved: p.moved === 1,
      late: due != null && p.end_minute > due,
      version: p.version,
    };
  });
  const open = proposals.filter((p) => p.state !== PROPOSAL_STATE.removed);
  const basis = t.basis();
  return {
    id: d.id,
    date: d.plan_date,
    source: d.source,
    createdAt: d.created_at,
    createdBy: d.created_by,
    travel: { estimate: basis.estimate || d.estimate, label: basis.label },
    engineers: engineers.map((e) => ({ userId: e.id, name: e.name, start: pointOut(startOf(e)) })),
    proposals,
    unplaced: d.unplaced.map((x) => ({
      orderId: x.orderId,
      orderNo: names.get(x.orderId)?.orderNo ?? '',
      title: names.get(x.orderId)?.title ?? '',
      reason: x.reason,
    })),
    totals: {
      km: Math.round(open.reduce((s, p) => s + p.leg.km, 0) * 10) / 10,
      minutes: open.reduce((s, p) => s + p.leg.minutes, 0),
      slaMisses: open.filter((p) => p.late).length,
    },
  };
}

const hhmmMinute = (t: string): number => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Moves a proposal to another engineer or time: the hard rules hold, and it may not overlap his other visits. */
export async function moveProposal(
  db: Db,
  config: Config,
  u: Actor,
  b: { draftId: number; orderId: number; userId: number; start: string; version: number },
  log: (m: string) => void,
): Promise<Draft> {
  const d = await repo.draftOf(db, u.enterpriseId, u.timeZone, b.draftId);
  if (!d) throw new AppError('NOT_FOUND');
  const c = await dayContext(db, u, d.plan_date);
  const [e] = await engineersOf(db, u.enterpriseId, [b.userId]);
  const [o] = await ordersOf(db, u, [b.orderId]);
  if (!e || !o) throw new AppError('NOT_FOUND');
  const why = hardRule(e, { ...o, dueMs: null });
  if (why) throw new AppError('VALIDATION', { detail: `${e.name}${why}` });
  const start = hhmmMinute(b.start);
  const end = start + c.visitMinutes;
  const visits = (await bookedOf(db, u, c, [e.id])).get(e.id) ?? [];
  // The draft's row is locked: moves of one draft take turns, so two proposals cannot be moved onto one time at once.
  await db.transaction(async (tx) => {
    await repo.lockDraft(tx, u.enterpriseId, d.id);
    const row = await repo.proposalRow(tx, u.enterpriseId, d.id, o.id);
    if (!row) throw new AppError('NOT_FOUND');
    if (Number(row.version) !== b.version || Number(row.state) !== PROPOSAL_STATE.proposed) throw new AppError('STATE_CHANGED');
    const others = (await repo.proposalsOf(tx, u.enterpriseId, u.timeZone, d.id, d.plan_date)).filter(
      (p) => p.user_id === e.id && p.order_id !== o.id && p.state === PROPOSAL_STATE.proposed,
    );
    const clash =
      others.find((p) => p.start_minute < end && start < p.end_minute)?.order_no ??
      visits.find((v) => v.orderId !== o.id && v.minute < end && start < v.minute + c.visitMinutes)?.orderNo;
    if (clash) throw new AppError('SCHEDULE_CLASH', { time: `${d.plan_date} ${b.start}`, orderNo: clash });
    await changeState(tx, {
      table: PROPOSAL_TABLE,
      machine: proposalMachine,
      enterpriseId: u.enterpriseId,
      id: Number(row.id),
      action: 'move',
      actorId: u.id,
      expected: PROPOSAL_STATE.proposed,
      current: row,
      patch: {
        user_id: e.id,
        moved: 1,
        start_at: repo.instantAt(d.plan_date, start, u.timeZone),
        end_at: repo.instantAt(d.plan_date, end, u.timeZone),
      },
      note: `${e.name} ${b.start}`,
    });
  });
  return readDraft(db, config, u, d.id, log);
}

async function decide(db: Db, u: Actor, draftId: number, orderId: number, action: 'accept' | 'remove', then?: (tx: Db) => Promise<unknown>) {
  const id = await repo.proposalId(db, u.enterpriseId, draftId, orderId);
  if (id == null) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    await changeState(tx, { table: PROPOSAL_TABLE, machine: proposalMachine, enterpriseId: u.enterpriseId, id, action, actorId: u.id, expected: 1 });
    if (then) await then(tx as unknown as Db);
  });
}

export async function removeProposal(db: Db, config: Config, u: Actor, b: { draftId: number; orderId: number }, log: (m: string) => void): Promise<Draft> {
  if (!(await repo.draftOf(db, u.enterpriseId, u.timeZone, b.draftId))) throw new AppError('NOT_FOUND');
  await decide(db, u, b.draftId, b.orderId, 'remove');
  return readDraft(db, config, u, b.draftId, log);
}

/**
 * Accepts the given proposals (or every one still 建议), each on its own: the proposal's compare-and-set and the
 * board's booking (dispatch and appointment, with the clash rule) in one transaction; a refusal leaves it 建议.
 */
export async function acceptDraft(
  db: Db,
  config: Config,
  u: Actor,
  b: { draftId: number; orderIds?: number[] },
  log: (m: string) => void,
): Promise<BatchDispatchResult> {
  const draft = await readDraft(db, config, u, b.draftId, log);
  const wanted = b.orderIds ? new Set(b.orderIds) : null;
  const chosen = draft.proposals.filter((p) => (wanted ? wanted.has(p.orderId) : p.state === PROPOSAL_STATE.proposed));
  if (wanted && chosen.length < wanted.size) throw new AppError('NOT_FOUND');
  const results: BatchDispatchResult['results'] = [];
  for (const p of chosen) {
    try {
      await decide(db, u, b.draftId, p.orderId, 'accept', (tx) =>
        book(tx, u, { orderId: p.orderId, serviceUserId: p.userId, bespokeTime: p.start, note: '按排班草稿派单' }),
      );
      results.push({ orderId: p.orderId, orderNo: p.orderNo, success: true, message: '派单成功' });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ orderId: p.orderId, orderNo: p.orderNo, success: false, message: e.message });
    }
  }
  const successCount = results.filter((r) => r.success).length;
  return { successCount, failCount: results.length - successCount, results };
}
