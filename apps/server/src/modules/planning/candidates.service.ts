import type { Candidate, CandidatesAnswer } from '@sk/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { workingDays } from '../schedule/index';
import type { VisitRec } from '../schedule/index';
import { orderDueTimes } from '../sla/index';
import { bookedOf, type DayContext, dayContext, dueMinuteOf, localStamp, stampOf } from './day-context';
import { engineersOf, ordersOf } from './planning.repo';
import type { EngineerFacts, OrderFacts } from './planning.types';
import { hardRule, judge } from './rules';
import type { Leg, Point, Travel } from './solver/types';
import { type TravelBasis, travelBasisFor } from './travel';

/**
 * Graded candidates for one order (docs/planning.md): each engineer the hard rules allow, placed in the gap of his
 * day where the order adds the least travel, from where he will be then; scored by the weights, best first.
 */

interface Stop {
  at: Point;
  /** Minute he is free to leave (a visit's end) or must arrive (a visit's start). */
  minute: number;
  label: string;
}

export interface Slot {
  start: number;
  leg: Leg;
  from: string;
  fromAt: Point;
  /** Travel minutes the order adds to his day. */
  added: number;
}

const located = (v: VisitRec): Point | null => (v.latitude != null && v.longitude != null ? { lat: v.latitude, lng: v.longitude } : null);

/** His day as the gaps between its visits: [where he leaves from, when] → [where he must be next, when] or the shift's end. */
function gapsOf(c: DayContext, start: { at: Point; label: string }, visits: VisitRec[]): Array<[Stop, Stop | null]> {
  const sorted = [...visits].sort((a, b) => a.minute - b.minute);
  const gaps: Array<[Stop, Stop | null]> = [];
  let prev: Stop = { at: start.at, minute: c.shift.start, label: start.label };
  for (const v of sorted) {
    const at = located(v) ?? prev.at;
    gaps.push([prev, { at, minute: v.minute, label: `上一单 ${v.orderNo}` }]);
    prev = { at, minute: v.minute + c.visitMinutes, label: `上一单 ${v.orderNo}` };
  }
  gaps.push([prev, null]);
  return gaps;
}

/** The cheapest feasible gap for the order in his day, or null when it fits nowhere. */
export function bestSlot(c: DayContext, travel: Travel, start: { at: Point; label: string }, visits: VisitRec[], to: Point): Slot | null {
  let best: Slot | null = null;
  for (const [prev, next] of gapsOf(c, start, visits)) {
    const leg = travel(prev.at, to);
    const begin = Math.max(prev.minute + leg.minutes, c.earliest, c.shift.start);
    const end = begin + c.visitMinutes;
    const onward = next ? travel(to, next.at).minutes : 0;
    if (next ? end + onward > next.minute : end > c.shift.end) continue;
    const added = leg.minutes + onward - (next ? travel(prev.at, next.at).minutes : 0);
    if (!best || added < best.added) best = { start: begin, leg, from: prev.label, fromAt: prev.at, added };
  }
  return best;
}

const startOf = (e: EngineerFacts): { at: Point; label: string } | null =>
  e.base ? { at: e.base, label: '基地' } : e.position ? { at: e.position, label: '当前位置' } : null;

function placeOne(c: DayContext, t: TravelBasis, o: OrderFacts, e: EngineerFacts, visits: VisitRec[]): Candidate & { fromAt: Point | null } {
  const to = { lat: o.latitude as number, lng: o.longitude as number };
  const start = startOf(e) as { at: Point; label: string };
  const slot = bestSlot(c, t.travel, start, visits, to);
  const due = dueMinuteOf(c, o.dueMs);
  const end = slot ? slot.start + c.visitMinutes : null;
  const judged = judge(
    e,
    o,
    {
      travelMinutes: (slot?.leg ?? t.travel(start.at, to)).minutes,
      travelKm: (slot?.leg ?? t.travel(start.at, to)).km,
      from: slot?.from ?? start.label,
      dayVisits: visits.length,
      lateMinutes: due == null || end == null ? null : end - due,
      leftMinutes: due == null || !slot ? null : due - slot.start,
      fits: !!slot,
    },
    c.weights,
  );
  return {
    userId: e.id,
    name: e.name,
    providerName: e.providerName,
    score: judged.score,
    start: slot ? stampOf(c, slot.start) : null,
    end: end == null ? null : stampOf(c, end),
    from: slot?.from ?? start.label,
    leg: slot?.leg ?? t.travel(start.at, to),
    dayVisits: visits.length,
    reasons: judged.reasons,
    fromAt: slot?.fromAt ?? start.at,
  };
}

/** Without a date asked for, the search moves on to the next working day while nobody has room (at most a week). */
const DAYS_AHEAD = 7;

const nextDate = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One day's grading: who may take the order, and where it fits each one's day. */
async function gradeDay(db: Db, u: Actor, c: DayContext, t: TravelBasis, o: OrderFacts, engineers: EngineerFacts[]) {
  const booked = await bookedOf(
    db,
    u,
    c,
    engineers.map((e) => e.id),
  );
  const visitsOf = (e: EngineerFacts) => (booked.get(e.id) ?? []).filter((v) => v.orderId !== o.id);
  const excluded: CandidatesAnswer['excluded'] = [];
  const allowed: EngineerFacts[] = [];
  for (const e of engineers) {
    const visits = visitsOf(e);
    const why =
      o.latitude == null || o.longitude == null
        ? '工单地址没有定位，无法计算路程'
        : (hardRule(e, o) ?? (e.dailyCap > 0 && visits.length >= e.dailyCap ? `当天已约满 ${e.dailyCap} 单（每日上限）` : null));
    if (why) excluded.push({ userId: e.id, name: e.name, reason: why });
    else allowed.push(e);
  }
  // First with the estimate, to find each one's gap; then the routing service for those legs, and again.
  const first = allowed.map((e) => placeOne(c, t, o, e, visitsOf(e)));
  const to = { lat: o.latitude as number, lng: o.longitude as number };
  await t.prefetch(
    first.flatMap((x) => (x.fromAt ? [[x.fromAt, to] as [Point, Point]] : [])),
    Math.floor(c.earliest / 60),
  );
  const rows = allowed.map((e) => placeOne(c, t, o, e, visitsOf(e))).map(({ fromAt, ...r }) => ({ ...r, leg: fromAt ? t.shown(fromAt, to) : r.leg }));
  // Best first; of equal scores, one with room before one without, then the earlier slot.
  const room = (r: { start: string | null }) => (r.start ? 0 : 1);
  rows.sort((a, b) => b.score - a.score || room(a) - room(b) || (a.start ?? '').localeCompare(b.start ?? '') || a.userId - b.userId);
  return { date: c.date, rows, excluded };
}

export async function candidates(db: Db, config: Config, u: Actor, q: { orderId: number; date?: string }, log: (m: string) => void): Promise<CandidatesAnswer> {
  const [found] = await ordersOf(db, u, [q.orderId]);
  if (!found) throw new AppError('NOT_FOUND');
  const due = (await orderDueTimes(db, u.enterpriseId, [found.id])).get(found.id) ?? null;
  const o: OrderFacts = { ...found, dueMs: due };
  const t = await travelBasisFor(db, config, u.enterpriseId, log);
  const engineers = await engineersOf(db, u.enterpriseId);
  let c = await dayContext(db, u, q.date);
  let graded = await gradeDay(db, u, c, t, o, engineers);
  // Past the working day (or a full one), the dispatcher is planning the next working day: the search moves on.
  for (let n = 1; !q.date && n <= DAYS_AHEAD && graded.rows.length > 0 && graded.rows.every((r) => !r.start); n++) {
    c = await dayContext(db, u, nextDate(c.date));
    if ((await workingDays(db, u.enterpriseId, c.date, c.date))[0]?.working) graded = await gradeDay(db, u, c, t, o, engineers);
  }
  return { travel: t.basis(), dueAt: due == null ? null : localStamp(due, u.timeZone), ...graded };
}
