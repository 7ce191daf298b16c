import { BUSY_STATES, PLANNING_SETTINGS, type PlanningWeights } from '@sk/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { type Interval, intervalsOf, type VisitRec, visitMinutesOf, visitsOf, workingDays } from '../schedule/index';
import { getSettingBool, getSettingInt } from '../settings/index';
import { offsetMinutes } from '../sla/index';
import type { BookedVisit, Window } from './solver/types';

/** What every planning answer needs of a day: the working hours, a visit's length, the slots, now, the weights. */
export interface DayContext {
  date: string;
  /** The day's local midnight, epoch ms. */
  midnightMs: number;
  shift: Window;
  /** No visit starts before this (now, on today; the shift's start on a later day). */
  earliest: number;
  visitMinutes: number;
  intervals: Interval[];
  weights: PlanningWeights;
}

const localDate = (ms: number, offset: number) => new Date(ms + offset * 60_000).toISOString().slice(0, 10);

export async function dayContext(db: Db, u: Actor, date?: string, now = Date.now()): Promise<DayContext> {
  const ep = u.enterpriseId;
  const offset = offsetMinutes(u.timeZone, new Date(now));
  const day = date ?? localDate(now, offset);
  const midnightMs = Date.parse(`${day}T00:00:00Z`) - offset * 60_000;
  const [[hours], visitMinutes, intervals, w] = await Promise.all([
    workingDays(db, ep, day, day),
    visitMinutesOf(db, ep),
    intervalsOf(db, ep),
    weightsOf(db, ep),
  ]);
  // The schedule's slots are when visits are booked (08:00–18:00 by default); the calendar's hours without them.
  const shift = intervals.length
    ? { start: Math.min(...intervals.map((i) => i.start)), end: Math.max(...intervals.map((i) => i.end)) }
    : { start: hours?.startMinute ?? 9 * 60, end: hours?.endMinute ?? 18 * 60 };
  const nowMinute = Math.ceil((now - midnightMs) / 60_000);
  // Ten minutes' notice, on a quarter hour: a suggestion is a time someone can still keep.
  const earliest = Math.max(shift.start, Math.ceil((nowMinute + 10) / 15) * 15);
  return { date: day, midnightMs, shift, earliest, visitMinutes, intervals, weights: w };
}

export async function weightsOf(db: Db, ep: number): Promise<PlanningWeights> {
  const [travel, load, sla, skill, ownFirst] = await Promise.all([
    getSettingInt(db, ep, PLANNING_SETTINGS.travel),
    getSettingInt(db, ep, PLANNING_SETTINGS.load),
    getSettingInt(db, ep, PLANNING_SETTINGS.sla),
    getSettingInt(db, ep, PLANNING_SETTINGS.skill),
    getSettingBool(db, ep, PLANNING_SETTINGS.ownFirst),
  ]);
  return { travel, load, sla, skill, ownFirst };
}

/** 'YYYY-MM-DD HH:mm:ss' of a minute of the day. */
export const stampOf = (c: DayContext, minute: number): string => {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minute)));
  return `${c.date} ${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
};

/** A due instant as minutes of the day (past midnight of later days grows on). */
export const dueMinuteOf = (c: DayContext, dueMs: number | null): number | undefined =>
  dueMs == null ? undefined : Math.floor((dueMs - c.midnightMs) / 60_000);

/** The engineers' open visits of the day (BUSY_STATES), by engineer. */
export async function bookedOf(db: Db, u: Actor, c: DayContext, userIds: number[]): Promise<Map<number, VisitRec[]>> {
  const found = await visitsOf(db, u.enterpriseId, u.timeZone, userIds, c.date, c.date);
  const out = new Map<number, VisitRec[]>();
  for (const v of found) {
    if (!(BUSY_STATES as readonly number[]).includes(v.state)) continue;
    out.set(v.userId, [...(out.get(v.userId) ?? []), v]);
  }
  return out;
}

/** A booked visit for the solver: its place (or, without one, where he was before it) and its time. */
export function bookedVisit(c: DayContext, v: VisitRec, fallback: { lat: number; lng: number }): BookedVisit {
  const at = v.latitude != null && v.longitude != null ? { lat: v.latitude, lng: v.longitude } : fallback;
  return { id: v.orderId, at, start: v.minute, end: v.minute + c.visitMinutes };
}

/** The customer's window for a booked visit: the schedule's slot holding its time, else an hour either side. */
export function windowOf(c: DayContext, minute: number): Window {
  const slot = c.intervals.find((i) => minute >= i.start && minute < i.end);
  return slot ? { start: slot.start, end: slot.end } : { start: Math.max(0, minute - 60), end: Math.min(24 * 60 - 1, minute + 60) };
}

/** An instant as the zone's 'YYYY-MM-DD HH:mm:ss'. */
export function localStamp(ms: number, timeZone: string): string {
  const at = new Date(ms + offsetMinutes(timeZone, new Date(ms)) * 60_000).toISOString();
  return `${at.slice(0, 10)} ${at.slice(11, 19)}`;
}
