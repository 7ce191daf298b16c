import { BUSY_STATES, orderMachine } from '@sk/shared';
import { is, SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type HookContext, type PatchValue, registerStateHook } from '../../platform/state';
import {
  clashesDeferred,
  clashOf,
  localMinute,
  lockEngineer,
  pastCheck,
  plannedVisit,
  setPastConfirmed,
  setPlannedVisit,
  visitMinutesOf,
} from './schedule.repo';

/**
 * One clash rule for every way a visit gets booked: the board's drop, keepDate, the engineer's
 * workerBespokeDate, an approved 改约, a dispatch or grab of an order that already has an appointment. It runs as
 * a check on every order move that changes the engineer or the time, inside the move's transaction, after the
 * order row is locked: it then locks the engineer's row, so two bookings of one engineer queue (always order
 * first, engineer second: no deadlock) and the second sees the first's appointment.
 */

/** The moves that book a visit (the order form's edit records the customer's wish and is not judged for the past). */
const BOOKING_ACTIONS = new Set(['keepDate', 'workerBespokeDate', 'handleAbnormal', 'grab']);

/** The caller confirmed booking a time already past (the board's 确认): allowed for this transaction only. */
export async function confirmPast(tx: Tx): Promise<void> {
  await setPastConfirmed(tx);
}

/**
 * A move that sets the appointment to a time already past is refused (APPOINTMENT_PAST) unless the caller
 * confirmed it in this transaction. Only a time being set is judged: dispatching an order whose old time has passed is not.
 */
async function guardPast(tx: Executor, enterpriseId: number, at: string): Promise<void> {
  const r = await pastCheck(tx, enterpriseId, at);
  if (r?.past && r.ok !== '1') throw new AppError('APPOINTMENT_PAST', { time: r.text ?? at });
}

/** The engineer's visits (BUSY_STATES, `visitMinutes` long each) must not overlap the one at `at` (an instant). */
export async function guardVisit(tx: Executor, enterpriseId: number, userId: number, orderId: number, at: string): Promise<void> {
  await lockEngineer(tx, enterpriseId, userId);
  // A day rebooked as a whole checks each of its visits after the last move (rebookDay).
  if (await clashesDeferred(tx)) return;
  const minutes = await visitMinutesOf(tx, enterpriseId);
  const hit = await clashOf(tx, enterpriseId, userId, orderId, at, minutes);
  if (!hit) return;
  const local = await localMinute(tx, enterpriseId, at);
  throw new AppError('SCHEDULE_CLASH', { time: local ?? at, orderNo: hit.order_no });
}

/**
 * The board books an order in two moves (dispatch, then keepDate): the dispatch is checked at the time the order is
 * about to get, not at its old one. Transaction-local, so it never outlives the booking.
 */
export async function planVisit(tx: Tx, orderId: number, at: string): Promise<void> {
  await setPlannedVisit(tx, `${orderId}|${at}`);
}

async function plannedAt(tx: Tx, orderId: number): Promise<string | null> {
  const [id, at] = ((await plannedVisit(tx)) ?? '').split('|');
  return id === String(orderId) && at ? at : null;
}

type Value = PatchValue | unknown;
const plain = (v: Value): string | number | null => (v == null || is(v, SQL) ? null : typeof v === 'number' ? v : String(v));
const instantText = (v: unknown): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : String(v));

/** The engineer and the time the move leaves the order with, when it changes either (else null: nothing to check). */
async function visitAfter(h: HookContext): Promise<{ userId: number; at: string } | null> {
  const setsUser = 'service_user_id' in h.patch;
  const setsTime = 'appointment_at' in h.patch;
  if ((!setsUser && !setsTime) || !(BUSY_STATES as readonly number[]).includes(h.to)) return null;
  const user = plain(setsUser ? h.patch.service_user_id : h.current.service_user_id);
  let at = setsTime ? instantText(plain(h.patch.appointment_at)) : instantText(h.current.appointment_at);
  // A board booking moves an order that already has a time: the dispatch is checked at the new time (keepDate follows).
  if (setsUser && !setsTime && at != null) at = (await plannedAt(h.tx, h.id)) ?? at;
  return user == null || at == null ? null : { userId: Number(user), at };
}

/** Installs the rule on every order move (by name: wiring again replaces them). */
export function installClashGuard(): void {
  registerStateHook(
    orderMachine,
    '*',
    {
      check: async (h) => {
        if (BOOKING_ACTIONS.has(h.action) && 'appointment_at' in h.patch) {
          const set = instantText(plain(h.patch.appointment_at));
          if (set != null) await guardPast(h.tx, h.enterpriseId, set);
        }
        const visit = await visitAfter(h);
        if (visit) await guardVisit(h.tx, h.enterpriseId, visit.userId, h.id, visit.at);
      },
    },
    'schedule.clash',
  );
}
