import { randomUUID } from 'node:crypto';
import {
  CALL_PROVIDER_SETTING,
  CALL_PROVIDER_URL_SETTING,
  CALL_SECRET_SETTING,
  type CallPop,
  type CallRecord,
  type CallRecordQuery,
  type CallSeat,
  type callRecordCreateBody,
  type callRecordCountQuery,
  type seatBody,
  normalizeNumber,
} from '@sk/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { openSecret } from '../../platform/secrets';
import { insertStateLog } from '../../platform/state';
import { readerOf, visibleOrder } from '../orders/index';
import { getSetting } from '../settings/index';
import * as repo from './calls.repo';
import { CALL_STATE, moveCallback } from './calls.state';
import { type Dialer, HttpDialer, RecordOnlyDialer } from './telephony';

// ---- seats ----

export async function seatDetails(db: Db, a: Actor, userId: number): Promise<CallSeat> {
  const seat = await repo.seatOfUser(db, a.enterpriseId, userId);
  if (!seat) throw notFound();
  return seat;
}

export async function seatCollect(db: Db, a: Actor) {
  const list = await repo.allSeats(db, a.enterpriseId);
  const by = (s: number) => list.filter((x) => x.seatState === s).length;
  return { list, total: list.length, idle: by(1), talking: by(2), away: by(3), disabled: by(0) };
}

export async function saveSeat(db: Db, a: Actor, b: z.infer<typeof seatBody>): Promise<number> {
  const ep = a.enterpriseId;
  if (!(await repo.userExists(db, ep, b.fkTUserId))) throw invalid('坐席人员：人员不存在或已被删除');
  // A unique index refuses a taken seat number or a second seat of one user (platform/errors.ts takenError).
  const seat = { userId: b.fkTUserId, seatNo: b.seatNo, enabled: b.enableState === 1 };
  if (b.id) {
    const id = await repo.updateSeat(db, ep, b.id, seat);
    if (id == null) throw notFound();
    return id;
  }
  return repo.insertSeat(db, ep, seat);
}

export async function deleteSeat(db: Db, a: Actor, id: number): Promise<void> {
  if (!(await repo.removeSeat(db, a.enterpriseId, id))) throw notFound();
}

// ---- records ----

export async function listRecords(db: Db, a: Actor, q: CallRecordQuery): Promise<CallRecord[]> {
  // The spec's separate count call (/call/record/count) counts; the page alone is read here.
  return repo.recordPage(db, a, q);
}

export const countRecords = (db: Db, a: Actor, q: z.infer<typeof callRecordCountQuery>): Promise<number> => repo.recordCount(db, a, q);

async function recordOrThrow(ex: Executor, a: Actor, id: number): Promise<CallRecord> {
  const r = await repo.recordById(ex, a, id);
  if (!r) throw notFound();
  return r;
}

export async function pop(db: Db, a: Actor, id: number): Promise<CallPop> {
  return repo.popOf(db, a, await recordOrThrow(db, a, id));
}

/** Customer and contact of a call: the given ones (checked), else matched by the number. */
async function partiesOf(ex: Executor, ep: number, number: string, customerId?: number | null, contactId?: number | null) {
  if (contactId) {
    const owner = await repo.contactCustomer(ex, ep, contactId);
    if (owner == null) throw invalid('联系人：联系人不存在或已被删除');
    if (customerId && owner !== customerId) throw invalid('联系人：该联系人不属于所选客户');
    return { customerId: owner, contactId };
  }
  if (customerId) {
    if (!(await repo.customerExists(ex, ep, customerId))) throw invalid('客户：客户不存在或已被删除');
    return { customerId, contactId: null };
  }
  return repo.matchNumber(ex, ep, number);
}

/** POST /call/record/creat: a call made outside the platform, recorded by hand (3 已接通 with a duration, else 4 未接). */
export async function createRecord(db: Db, a: Actor, b: z.infer<typeof callRecordCreateBody>): Promise<number> {
  const ep = a.enterpriseId;
  const number = normalizeNumber(b.number);
  return db.transaction(async (tx) => {
    const parties = await partiesOf(tx, ep, number, b.customerId, b.contactId);
    if (b.orderId && !(await repo.liveOrderExists(tx, ep, b.orderId))) throw invalid('工单：工单不存在或已被删除');
    if (b.eventId && !(await repo.liveEventExists(tx, ep, b.eventId))) throw invalid('事件：事件不存在或已被删除');
    const seat = await repo.seatOf(tx, ep, a.id);
    const state = b.duration > 0 ? 3 : 4;
    const id = await repo.insertManualRecord(tx, a, {
      direction: b.direction,
      number,
      customerId: parties.customerId,
      contactId: parties.contactId,
      seatNo: seat?.seat_no ?? null,
      state,
      startTime: b.startTime,
      duration: b.duration,
      orderId: b.orderId ?? null,
      eventId: b.eventId ?? null,
      remark: b.remark ?? null,
    });
    await insertStateLog(tx, CALL_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'create', actorId: a.id });
    return id;
  });
}

/** Attaches an unmatched number to an existing contact: this call and the number's other unmatched calls; later calls match it. */
export async function attachContact(db: Db, a: Actor, id: number, contactId: number) {
  const ep = a.enterpriseId;
  return db.transaction(async (tx) => {
    const rec = await recordOrThrow(tx, a, id);
    const customerId = await repo.contactCustomer(tx, ep, contactId);
    if (customerId == null) throw notFound();
    await repo.attachNumber(tx, ep, id, rec.number, customerId, contactId);
    return { customerId, contactId };
  });
}

/**
 * 关联到已有工单: the caller rings about an order already open — the call links to it (a live order the agent may open,
 * of the call's customer when the number is known). Linking it again to another order moves the link.
 */
export async function linkOrder(db: Db, a: Actor, id: number, orderId: number): Promise<{ orderId: number }> {
  const ep = a.enterpriseId;
  return db.transaction(async (tx) => {
    const rec = await recordOrThrow(tx, a, id);
    const order = await repo.visibleOrderCustomer(tx, a, orderId);
    if (!order) throw invalid('工单：工单不存在或已被删除');
    if (rec.customerId != null && order.customerId !== rec.customerId) throw invalid('工单：该工单不属于来电客户');
    await repo.linkCallOrder(tx, ep, id, orderId);
    return { orderId };
  });
}

/** The calls of an order (its detail's 来电记录 with their recordings): whoever may open the order. */
export async function callsOfOrder(db: Db, a: Actor, orderId: number): Promise<CallRecord[]> {
  await visibleOrder(db, readerOf(a), orderId);
  return repo.recordsOfOrder(db, a, orderId);
}

export async function callbackDone(db: Db, a: Actor, id: number): Promise<void> {
  await moveCallback(db, a.enterpriseId, id, 'done', a.id);
}

/** The caller's open call-back tasks (the menu badge). */
export async function callbackCount(db: Db, enterpriseId: number, userId: number): Promise<number> {
  return repo.openCallbacks(db, enterpriseId, userId);
}

// ---- click-to-call ----

/** The enterprise's dialer by its call_provider setting: 记录 (default, offline) or HTTP to call_provider_url. */
export async function dialerOf(ex: Executor, config: Config, enterpriseId: number): Promise<{ dialer: Dialer; online: boolean }> {
  if ((await getSetting(ex, enterpriseId, CALL_PROVIDER_SETTING)) !== 'HTTP') return { dialer: new RecordOnlyDialer(), online: false };
  const url = await getSetting(ex, enterpriseId, CALL_PROVIDER_URL_SETTING);
  const sealed = await getSetting(ex, enterpriseId, CALL_SECRET_SETTING);
  const secret = sealed ? openSecret(config, sealed) : null;
  if (!url || !secret) throw new AppError('CALL_PROVIDER_URL');
  return { dialer: new HttpDialer(url, secret), online: true };
}

/**
 * Click-to-call: the caller's seat dials the number through the provider. Online, the call waits ringing for the
 * platform's events (its callId is ours); recorded only, it is logged as placed (已接通, no duration) for the agent to dial.
 */
export async function dial(
  db: Db,
  config: Config,
  a: Actor,
  b: { number: string; customerId?: number | null; contactId?: number | null; orderId?: number | null },
): Promise<number> {
  const ep = a.enterpriseId;
  const seat = await repo.seatOf(db, ep, a.id);
  if (!seat) throw new AppError('CALL_NO_SEAT');
  if (!seat.enabled) throw new AppError('CALL_SEAT_DISABLED');
  const number = normalizeNumber(b.number);
  const parties = await partiesOf(db, ep, number, b.customerId, b.contactId);
  if (b.orderId && !(await repo.liveOrderExists(db, ep, b.orderId))) throw notFound();
  const { dialer, online } = await dialerOf(db, config, ep);
  const callId = `sk-${randomUUID()}`;
  try {
    await dialer.dial({ callId, seatNo: seat.seat_no, number });
  } catch {
    throw new AppError('CALL_PROVIDER_FAILED');
  }
  return db.transaction(async (tx) => {
    const state = online ? 1 : 3;
    const id = await repo.insertDialled(tx, a, {
      callId,
      number,
      customerId: parties.customerId,
      contactId: parties.contactId,
      seatNo: seat.seat_no,
      online,
      orderId: b.orderId ?? null,
    });
    await insertStateLog(tx, CALL_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'dial', actorId: a.id });
    return id;
  });
}
