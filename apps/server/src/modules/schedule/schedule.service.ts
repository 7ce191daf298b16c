import {
  type BookBody,
  BUSY_STATES,
  distanceMeters,
  type EngineerRow,
  loadLevelOf,
  minuteOf,
  minuteText,
  type NearestRow,
  type ReportRow,
  SCHEDULE_EVENT,
  type ScheduleQuery,
  type TimeInterval,
} from '@sk/shared';
import type { PageRequest } from '../../platform/list';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { broadcast } from '../im/index';
import { bespoke, dispatch, instantOf } from '../orders/index';
import { confirmPast, planVisit } from './clash';
import { workingDays } from './free';
import * as repo from './schedule.repo';

/** Engineers see only their own row; everyone else (dispatchers, administrators) any engineer. */
const engineerOnly = (u: Actor): boolean => !u.admin && u.sysrole === 2;
const filterOf = (u: Actor, q: repo.EngineerFilter): repo.EngineerFilter =>
  engineerOnly(u) ? { userIds: [u.id] } : { keyword: q.keyword || undefined, userIds: q.userIds, serviceGroupId: q.serviceGroupId };

const daysOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};
const isBusy = (state: number): boolean => (BUSY_STATES as readonly number[]).includes(state);
const stamp = (day: string, minute: number): string => `${day} ${minuteText(minute)}:00`;

export const intervalAnswer = (list: repo.Interval[]): TimeInterval[] =>
  list.map((i) => ({ id: i.id, name: i.name, start: minuteText(i.start), end: minuteText(i.end) }));

/** Engineers × days: each day's visits, its slots free or busy, and the load against the working minutes. */
export async function table(db: Db, u: Actor, q: ScheduleQuery): Promise<EngineerRow[]> {
  const ep = u.enterpriseId;
  const engineers = await repo.pageEngineers(db, ep, filterOf(u, q), q);
  const [intervals, minutes, visits] = await Promise.all([
    repo.intervalsOf(db, ep),
    repo.visitMinutesOf(db, ep),
    repo.visitsOf(
      db,
      ep,
      u.timeZone,
      engineers.map((e) => e.id),
      q.startDate,
      q.endDate,
    ),
  ]);
  const capacity = intervals.reduce((s, i) => s + i.end - i.start, 0);
  const days = daysOf(q.startDate, q.endDate);
  return engineers.map((e) => {
    const mine = visits.filter((v) => v.userId === e.id);
    const dayRows = days.map((date) => {
      const today = mine.filter((v) => v.day === date);
      const slots = intervals.map((i) => {
        // Only open visits hold a slot (a completed one is the day's history, as in the clash rule).
        const inside = today.filter((v) => isBusy(v.state) && v.minute < i.end && v.minute + minutes > i.start);
        return { name: i.name, start: minuteText(i.start), end: minuteText(i.end), busy: inside.length > 0, orderIds: inside.map((v) => v.orderId) };
      });
      const booked = today.length * minutes;
      return {
        date,
        load: { minutes: booked, capacity, level: loadLevelOf(booked, capacity) },
        slots,
        visits: today.map((v) => ({
          orderId: v.orderId,
          orderNo: v.orderNo,
          title: v.title,
          state: v.state,
          priority: v.priority,
          start: stamp(date, v.minute),
          end: stamp(date, Math.min(v.minute + minutes, 24 * 60 - 1)),
          address: v.address,
          version: Number(v.version),
        })),
      };
    });
    const booked = mine.length * minutes;
    const total = capacity * days.length;
    return {
      userId: e.id,
      name: e.name,
      mobile: e.mobile,
      load: { minutes: booked, capacity: total, level: loadLevelOf(booked, total) },
      days: dayRows,
      skills: e.skills ?? [],
      latitude: e.latitude == null ? null : Number(e.latitude),
      longitude: e.longitude == null ? null : Number(e.longitude),
    };
  });
}

export const tableCount = (db: Db, u: Actor, q: repo.EngineerFilter) => repo.countEngineers(db, u.enterpriseId, filterOf(u, q));

/** Per-engineer counts for the range, from the same table. */
export async function report(db: Db, u: Actor, q: ScheduleQuery): Promise<ReportRow[]> {
  const rowsOfTable = await table(db, u, q);
  const completed = await repo.completedOf(
    db,
    u.enterpriseId,
    u.timeZone,
    rowsOfTable.map((r) => r.userId),
    q.startDate,
    q.endDate,
  );
  return rowsOfTable.map((r) => {
    const slots = r.days.flatMap((d) => d.slots);
    const busy = slots.filter((s) => s.busy).length;
    return {
      userId: r.userId,
      name: r.name,
      visits: r.days.reduce((s, d) => s + d.visits.length, 0),
      completed: completed.get(r.userId) ?? 0,
      busySlots: busy,
      freeSlots: slots.length - busy,
      bookedMinutes: r.load.minutes,
    };
  });
}

export async function saveIntervals(db: Db, u: Actor, list: { name: string; start: string; end: string }[]): Promise<TimeInterval[]> {
  return db.transaction(async (tx) => {
    // The enterprise row orders two saves at once: the later one's list is the result, never a mix.
    await repo.lockEnterprise(tx, u.enterpriseId);
    await repo.replaceIntervals(
      tx,
      u.enterpriseId,
      list.map((i) => ({ name: i.name, start: minuteOf(i.start), end: minuteOf(i.end) })),
    );
    return intervalAnswer(await repo.intervalsOf(tx, u.enterpriseId));
  });
}

const MAP_LIMIT = 2000;
const OPEN_STATES = [0, 1, 2, 3, 4, 7];

/** Orders with coordinates the user may see (open ones unless states are given), and the engineers' shared positions. */
export async function mapData(db: Db, u: Actor, q: { states?: number[]; unassigned: boolean }) {
  const tz = u.timeZone;
  const states = q.unassigned ? [1] : q.states?.length ? q.states : OPEN_STATES;
  const found = await repo.mapOrders(db, u, states, q.unassigned, MAP_LIMIT);
  const engineers = await repo.mapEngineers(db, u.enterpriseId, tz);
  return { orders: found.slice(0, MAP_LIMIT), engineers, truncated: found.length > MAP_LIMIT };
}

async function orderOf(ex: Executor, u: Actor, id: number) {
  const o = await repo.orderPlace(ex, u, id);
  if (!o) throw new AppError('NOT_FOUND');
  return o;
}

/** Every enabled engineer for one order: nearest first by straight-line distance, then the fewest open orders. */
export async function nearest(db: Db, u: Actor, orderId: number): Promise<NearestRow[]> {
  const o = await orderOf(db, u, orderId);
  const tz = u.timeZone;
  const found = await repo.engineersWithLoad(db, u.enterpriseId, tz);
  const located = o.latitude != null && o.longitude != null;
  const list = found.map((e) => ({
    userId: e.id,
    name: e.name,
    distance:
      located && e.latitude != null && e.longitude != null
        ? Math.round(distanceMeters(o.latitude as number, o.longitude as number, e.latitude, e.longitude))
        : null,
    open: e.open,
    todayVisits: e.today,
  }));
  return list.sort((a, b) => (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY) || a.open - b.open || a.userId - b.userId);
}

/** The board's side pane, a page at a time: most urgent and oldest first. */
export const unassigned = (db: Db, u: Actor, q: PageRequest & { keyword?: string }) => repo.unassignedPage(db, u.enterpriseId, u.timeZone, q);

export const unassignedCount = (db: Db, u: Actor, q: { keyword?: string }) => repo.countUnassigned(db, u.enterpriseId, q.keyword);

/**
 * The board's drop: dispatch the order to the engineer and keep the date, in one transaction. The clash rule
 * (clash.ts) checks both moves with the engineer's row locked: of two parallel drops on one slot, one wins and the
 * other answers SCHEDULE_CLASH.
 */
export async function book(db: Db, u: Actor, b: BookBody) {
  const v = u;
  return db.transaction(async (tx) => {
    await planVisit(tx, b.orderId, await instantOf(tx, v.timeZone, b.bespokeTime));
    if (b.confirmPast) await confirmPast(tx);
    // A booked visit dragged to another hour of its own engineer only moves its time (no 改派 to himself).
    const cur = await repo.lockAssignee(tx, u.enterpriseId, b.orderId);
    const his = cur != null && cur.service_user_id === b.serviceUserId && [2, 3].includes(cur.state);
    if (!his) await dispatch(tx, v, b);
    // The version the board showed is checked by the first move (the dispatch, or the time change of his own visit).
    const seen = his ? { version: b.version } : {};
    const r = await bespoke(tx, v, 'keepDate', { orderId: b.orderId, bespokeTime: b.bespokeTime, note: null, ...seen });
    await broadcast(tx, u.enterpriseId, SCHEDULE_EVENT, { orderId: b.orderId, userId: b.serviceUserId, by: u.id });
    return r;
  });
}

/**
 * An engineer's day rebooked as a whole (the assistant's travel order): each visit moves by keepDate with the version
 * the dispatcher saw, in one transaction; the overlap rule runs once all have moved, so two visits may swap times.
 */
export async function rebookDay(db: Db, u: Actor, userId: number, moves: Array<{ orderId: number; bespokeTime: string; version: number }>): Promise<number> {
  return db.transaction(async (tx) => {
    await repo.lockEngineer(tx, u.enterpriseId, userId);
    await repo.deferClashes(tx);
    const minutes = await repo.visitMinutesOf(tx, u.enterpriseId);
    for (const m of moves) {
      const cur = await repo.lockAssignee(tx, u.enterpriseId, m.orderId);
      if (!cur || cur.service_user_id !== userId) throw new AppError('STATE_CHANGED');
      await bespoke(tx, u, 'keepDate', { orderId: m.orderId, bespokeTime: m.bespokeTime, note: '按优化路线调整上门时间', version: m.version });
    }
    for (const m of moves) {
      const at = await instantOf(tx, u.timeZone, m.bespokeTime);
      const hit = await repo.clashOf(tx, u.enterpriseId, userId, m.orderId, at, minutes);
      if (hit) throw new AppError('SCHEDULE_CLASH', { time: m.bespokeTime.slice(0, 16), orderNo: hit.order_no });
    }
    await broadcast(tx, u.enterpriseId, SCHEDULE_EVENT, { userId, by: u.id });
    return moves.length;
  });
}

export const calendarDays = (db: Db, u: Actor, q: { startDate: string; endDate: string }) => workingDays(db, u.enterpriseId, q.startDate, q.endDate);

export async function myPosition(db: Db, u: Actor) {
  const p = await repo.sharedPosition(db, u.enterpriseId, u.timeZone, u.id);
  return p ? { sharing: true, ...p } : { sharing: false, latitude: null, longitude: null, reportedAt: null };
}

export async function reportPosition(db: Db, u: Actor, b: { latitude: number; longitude: number; accuracy?: number | null }): Promise<void> {
  await repo.savePosition(db, u.enterpriseId, u.id, b);
  // The dispatch maps open in the enterprise move the pin now (their 'schedule' frame, position only).
  await broadcast(db, u.enterpriseId, SCHEDULE_EVENT, { position: u.id });
}

export async function withdrawPosition(db: Db, u: Actor): Promise<void> {
  await repo.deletePosition(db, u.enterpriseId, u.id);
  await broadcast(db, u.enterpriseId, SCHEDULE_EVENT, { position: u.id });
}
