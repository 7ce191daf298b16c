import { type DayAnswer, minuteText, PLANNING_SETTINGS } from '@sk/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { addNotices } from '../notices/index';
import { rebookDay, type VisitRec } from '../schedule/index';
import { getSettingBool } from '../settings/index';
import { bookedOf, type DayContext, dayContext, stampOf, windowOf } from './day-context';
import { engineersOf, ordersOf } from './planning.repo';
import { orderDay } from './solver/day';
import type { PlanVisit, Point, Stop } from './solver/types';
import { travelBasisFor } from './travel';

/**
 * An engineer's day in travel order (docs/planning.md): his open visits of the day reordered for the least travel,
 * each kept inside its customer's window (the schedule slot it was booked in), from his base or shared position.
 */

/** 服务中: the engineer is at that customer's. */
const IN_SERVICE = 4;

type Located = VisitRec & { latitude: number; longitude: number };
const isLocated = (v: VisitRec): v is Located => v.latitude != null && v.longitude != null;
const pointOf = (v: Located): Point => ({ lat: v.latitude, lng: v.longitude });

function routeOf(c: DayContext, byId: Map<number, Located>, stops: Stop[], shown: (s: Stop) => void) {
  for (const s of stops) shown(s);
  const list = stops.map((s) => {
    const v = byId.get(s.visitId) as Located;
    const w = windowOf(c, v.minute);
    return {
      orderId: v.orderId,
      orderNo: v.orderNo,
      title: v.title,
      address: v.address,
      latitude: v.latitude,
      longitude: v.longitude,
      version: Number(v.version),
      arrive: minuteText(s.arrive),
      start: minuteText(s.start),
      end: minuteText(s.end),
      window: `${minuteText(w.start)}–${minuteText(w.end)}`,
      leg: s.leg,
    };
  });
  return { stops: list, km: Math.round(stops.reduce((a, s) => a + s.leg.km, 0) * 10) / 10, minutes: stops.reduce((a, s) => a + s.leg.minutes, 0) };
}

/** The booked order as it stands: each at its booked time, the legs between them. */
function currentStops(c: DayContext, start: Point, visits: Located[], travel: (a: Point, b: Point) => { km: number; minutes: number }): Stop[] {
  let from = start;
  return visits.map((v) => {
    const leg = travel(from, pointOf(v));
    from = pointOf(v);
    return { visitId: v.orderId, booked: true, arrive: v.minute, start: v.minute, end: v.minute + c.visitMinutes, leg };
  });
}

export async function dayPlan(db: Db, config: Config, u: Actor, q: { userId: number; date: string }, log: (m: string) => void): Promise<DayAnswer> {
  const [e] = await engineersOf(db, u.enterpriseId, [q.userId]);
  if (!e) throw new AppError('NOT_FOUND');
  const c = await dayContext(db, u, q.date);
  const visits = ((await bookedOf(db, u, c, [e.id])).get(e.id) ?? []).sort((a, b) => a.minute - b.minute);
  const located = visits.filter(isLocated);
  const byId = new Map(located.map((v) => [v.orderId, v]));
  const origin = e.base
    ? { at: e.base, label: '基地' }
    : e.position
      ? { at: e.position, label: '当前位置' }
      : located[0]
        ? { at: pointOf(located[0]), label: '第一单' }
        : null;
  const t = await travelBasisFor(db, config, u.enterpriseId, log);
  const unlocated = visits.filter((v) => !isLocated(v)).map((v) => ({ orderId: v.orderId, orderNo: v.orderNo, title: v.title, start: stampOf(c, v.minute) }));
  const empty = { stops: [], km: 0, minutes: 0 };
  if (!origin || located.length === 0)
    return {
      userId: e.id,
      name: e.name,
      date: c.date,
      travel: t.basis(),
      start: null,
      current: empty,
      proposed: empty,
      saving: { km: 0, minutes: 0 },
      changed: false,
      unlocated,
      note: '当天没有可排路线的上门',
    };
  const points = [origin.at, ...located.map(pointOf)];
  await t.prefetch(
    points.flatMap((a) => points.filter((b) => b !== a).map((b) => [a, b] as [Point, Point])),
    Math.floor(c.shift.start / 60),
  );
  // A visit in service (服务中) is where he is now: it keeps its time (it cannot be rebooked), the others move around it.
  const started = (v: Located) => v.state === IN_SERVICE;
  const asVisits: PlanVisit[] = located
    .filter((v) => !started(v))
    .map((v) => ({ id: v.orderId, at: pointOf(v), serviceMinutes: c.visitMinutes, window: windowOf(c, v.minute) }));
  const fixed = located.filter(started).map((v) => ({ id: v.orderId, at: pointOf(v), start: v.minute, end: v.minute + c.visitMinutes }));
  const best = orderDay({ id: e.id, start: origin.at, shift: c.shift, booked: fixed, dailyCap: 0 }, asVisits, t.travel);
  // Each stop's leg is shown: it decides whether the answer says the travel is an estimate.
  const at = (id: number) => pointOf(byId.get(id) as Located);
  const shown = (list: Stop[]) => (s: Stop) => {
    const i = list.indexOf(s);
    t.shown(i === 0 ? origin.at : at((list[i - 1] as Stop).visitId), at(s.visitId));
  };
  const now = currentStops(c, origin.at, located, t.travel);
  const current = routeOf(c, byId, now, shown(now));
  const proposed = best.feasible ? routeOf(c, byId, best.stops, shown(best.stops)) : current;
  const changed = best.feasible && proposed.stops.some((s, i) => s.orderId !== current.stops[i]?.orderId || s.start !== current.stops[i]?.start);
  const saving = { km: Math.max(0, Math.round((current.km - proposed.km) * 10) / 10), minutes: Math.max(0, current.minutes - proposed.minutes) };
  const note = !best.feasible ? (best.reason ?? '时间窗内排不下') : !changed || saving.minutes <= 0 ? '当前顺序已是最短路线' : null;
  return {
    userId: e.id,
    name: e.name,
    date: c.date,
    travel: t.basis(),
    start: { latitude: origin.at.lat, longitude: origin.at.lng, label: origin.label },
    current,
    proposed: note && !changed ? current : proposed,
    saving: note && !changed ? { km: 0, minutes: 0 } : saving,
    changed: changed && saving.minutes > 0,
    unlocated,
    note,
  };
}

/** 我的工单's tab of each open state: the notice opens the list that holds the moved visits. */
const TAB_OF: Record<number, string> = { 2: 'toAccept', 3: 'toServe' };

/** The engineer's list of the moved visits: their tab when they share one, else 全部 narrowed to their states. */
function noticeLink(states: number[]): string {
  const distinct = [...new Set(states)].sort();
  const [only] = distinct;
  return distinct.length === 1 && only != null && TAB_OF[only] ? `/myOrder?tab=${TAB_OF[only]}` : `/myOrder?tab=all&states=${distinct.join(',')}`;
}

/**
 * Applies a reordered day: every visit moves to its new time in one transaction (rebookDay: the versions the
 * dispatcher saw, the overlap checked after the last move), the engineer gets a notice, and where the setting says so
 * each customer whose time changed gets a text (a job per order and time: sent once).
 */
export async function applyDay(
  db: Db,
  u: Actor,
  b: { userId: number; date: string; stops: Array<{ orderId: number; start: string; version: number }> },
): Promise<{ moved: number; notified: number }> {
  const [e] = await engineersOf(db, u.enterpriseId, [b.userId]);
  if (!e) throw new AppError('NOT_FOUND');
  const c = await dayContext(db, u, b.date);
  const before = new Map(((await bookedOf(db, u, c, [b.userId])).get(b.userId) ?? []).map((v) => [v.orderId, v]));
  // Every stop as the dispatcher saw it: a visit moved, taken or changed meanwhile (another dispatcher, a second click of
  // the same apply) refuses the whole day; the route shown was worked out from times that no longer hold.
  if (b.stops.some((s) => Number(before.get(s.orderId)?.version) !== s.version)) throw new AppError('STATE_CHANGED');
  const changes = b.stops.filter((s) => minuteText((before.get(s.orderId) as VisitRec).minute) !== s.start);
  if (!changes.length) return { moved: 0, notified: 0 };
  const moves = changes.map((s) => ({ orderId: s.orderId, bespokeTime: `${c.date} ${s.start}:00`, version: s.version }));
  const tell = await getSettingBool(db, u.enterpriseId, PLANNING_SETTINGS.notifyCustomers);
  const orders = new Map(
    (
      await ordersOf(
        db,
        u,
        moves.map((m) => m.orderId),
      )
    ).map((o) => [o.id, o]),
  );
  let notified = 0;
  await db.transaction(async (tx) => {
    await rebookDay(tx as unknown as Db, u, b.userId, moves);
    const list = changes.map((s) => `${(before.get(s.orderId) as VisitRec).orderNo} ${s.start}`).join('，');
    await addNotices(tx, {
      enterpriseId: u.enterpriseId,
      userIds: [b.userId],
      kind: 'schedule_changed',
      title: `${c.date} 的上门顺序已调整`,
      content: `新的上门时间：${list}`,
      link: noticeLink(changes.map((s) => (before.get(s.orderId) as VisitRec).state)),
    });
    if (!tell) return;
    for (const s of changes) {
      const o = orders.get(s.orderId);
      if (!o?.phone) continue;
      const text = `【服务通知】您的工单${o.orderNo}上门时间调整为${c.date} ${s.start}，如有不便请联系我们。`;
      await enqueue(tx, {
        kind: 'planning.sms',
        enterpriseId: u.enterpriseId,
        payload: { mobile: o.phone, text },
        uniqueKey: `planning.sms:${o.id}:${c.date} ${s.start}`,
      });
      notified++;
    }
  });
  return { moved: moves.length, notified };
}
