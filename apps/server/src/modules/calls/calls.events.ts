import { timingSafeEqual } from 'node:crypto';
import {
  CALL_EVENT_MAX_SKEW_S,
  CALL_POP_EVENT,
  CALL_SECRET_SETTING,
  CALL_SIGNATURE_HEADER,
  CALL_TIMESTAMP_HEADER,
  type CallEventBody,
  callEventBody,
  describeIssue,
  normalizeNumber,
} from '@sk/shared';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { openSecret } from '../../platform/secrets';
import { insertStateLog } from '../../platform/state';
import { getSetting } from '../settings/index';
import * as repo from './calls.repo';
import { CALL_STATE, moveCall } from './calls.state';
import { signCallBody } from './telephony';

export interface SignedRequest {
  enterpriseId: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer | undefined;
  parsed: unknown;
}

const header = (h: SignedRequest['headers'], name: string): string => {
  const v = h[name];
  return typeof v === 'string' ? v : '';
};

/**
 * Checks a call event's signature (hex HMAC-SHA256 of `${timestamp}.${raw body}` under the enterprise's secret) and
 * then its timestamp (at most CALL_EVENT_MAX_SKEW_S away); the body is read only after both pass, so an unsigned
 * caller learns nothing but "signature refused". An unknown enterprise or one without a secret is refused alike.
 */
export async function verifyCallEvent(db: Db, config: Config, req: SignedRequest, nowMs = Date.now()): Promise<{ enterpriseId: number; body: CallEventBody }> {
  const ep = /^\d{1,15}$/.test(req.enterpriseId) ? Number(req.enterpriseId) : 0;
  const known = ep ? await repo.enterpriseExists(db, ep) : false;
  const sealed = known ? await getSetting(db, ep, CALL_SECRET_SETTING) : '';
  const secret = sealed ? openSecret(config, sealed) : null;
  const ts = header(req.headers, CALL_TIMESTAMP_HEADER);
  const sig = header(req.headers, CALL_SIGNATURE_HEADER).toLowerCase();
  if (!secret || !req.raw || !/^[0-9a-f]{64}$/.test(sig)) throw new AppError('CALL_SIGNATURE_INVALID');
  const expected = Buffer.from(signCallBody(secret, ts, req.raw.toString('utf8')), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw new AppError('CALL_SIGNATURE_INVALID');
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > CALL_EVENT_MAX_SKEW_S) throw new AppError('CALL_TIMESTAMP_STALE');
  const r = callEventBody.safeParse(req.parsed ?? {});
  if (!r.success) throw new AppError('VALIDATION', { detail: describeIssue(callEventBody, r.error) });
  return { enterpriseId: ep, body: r.data };
}

type CallRow = repo.CallEventRow;

/**
 * One event of a call, once: the receipt (call id, event) is written first, so a replay or a parallel repeat finds
 * it taken and changes nothing. The call's record is made by whichever event comes first; its state moves only
 * through the machine, on the call this transaction holds (a late 'answered' after 'ended' is received and ignored; an
 * 'ended' that waited for an 'answered' ends the talk). A call that rings and ends without an answer opens its
 * call-back task in the same compare-and-set that makes it 未接.
 */
export async function receiveCallEvent(db: Db, ep: number, b: CallEventBody, nowMs = Date.now()): Promise<{ callRecordId: number; duplicate: boolean }> {
  const at = new Date(b.time ? b.time * 1000 : nowMs).toISOString();
  const number = normalizeNumber(b.number);
  return db.transaction(async (tx) => {
    const seatUser = b.seatNo ? ((await repo.seatUser(tx, ep, b.seatNo)) ?? null) : null;
    const { made, rec } = await repo.callOfEvent(tx, ep, {
      callId: b.callId,
      direction: b.direction === 'out' ? 2 : 1,
      number,
      seatNo: b.seatNo ?? null,
      userId: seatUser,
      at,
    });
    if (!rec) throw new AppError('NOT_FOUND');
    const id = rec.id;
    if (made) {
      await repo.setParties(tx, ep, id, await repo.matchNumber(tx, ep, number));
      await insertStateLog(tx, CALL_STATE, { enterpriseId: ep, id, from: null, to: 1, action: b.event, actorId: null });
    }
    if (!(await repo.takeReceipt(tx, ep, b.callId, b.event))) return { callRecordId: id, duplicate: true };
    await apply(tx, ep, id, rec, b, at, seatUser);
    return { callRecordId: id, duplicate: false };
  });
}

async function apply(tx: Tx, ep: number, id: number, rec: CallRow, b: CallEventBody, at: string, seatUser: number | null): Promise<void> {
  const userId = rec.user_id ?? seatUser;
  // A seat named by a later event than the first one fills the record's seat.
  if (rec.user_id == null && seatUser != null) {
    await repo.setSeat(tx, ep, id, seatUser, b.seatNo ?? null);
  }
  if (b.event === 'ringing') {
    if (rec.state === 1 && userId != null) await repo.pushPop(tx, ep, userId, id, CALL_POP_EVENT);
    return;
  }
  if (b.event === 'recording') {
    if (b.recordingUrl) await repo.setRecording(tx, ep, id, b.recordingUrl);
    return;
  }
  try {
    if (b.event === 'answered') {
      await moveCall(tx, ep, id, 'answer', { actorId: null, patchOf: () => ({ answered_at: at }) });
    } else {
      await moveCall(tx, ep, id, 'end', {
        actorId: null,
        patchOf: ({ row, to }) => ({
          ended_at: at,
          duration_s: to === 3 ? repo.durationUntil(at, (row as Pick<repo.CallEventRow, 'answered_at'>).answered_at ?? at) : 0,
          // Missed: the call-back task opens with the change, so exactly once per call.
          ...(to === 4 ? { callback_state: 1 } : {}),
        }),
      });
    }
  } catch (e) {
    // An event the call's state no longer takes (answered after ended): received, nothing to change. No lost race
    // here (callOfEvent holds the call), so anything else is a real failure and the platform's retry redoes it.
    if (e instanceof AppError && e.code === 'INVALID_STATE') return;
    throw e;
  }
  // The pop closes on the agent's screen when the call is over or picked up (same frame, the browser reloads it).
  if (userId != null) await repo.pushPop(tx, ep, userId, id, `${CALL_POP_EVENT}:update`);
}
