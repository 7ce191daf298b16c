/**
 * The dates of a cycle plan, pure and on calendar days ('YYYY-MM-DD'). A plan repeats every N days or every N months;
 * a monthly plan falls on its day of the month (the month's last day when it is shorter). The first date is the first
 * date of that series on or after the plan's start: a monthly plan for day 1 started on the 20th starts next month.
 * A date on a non-working day of the business calendar moves to the next working day; dates that land on the same
 * working day make one due date.
 */
import type { CycleStartType, CycleUnit } from './cycle.constants';

export interface CycleRule {
  every: number;
  unit: CycleUnit;
  /** Day of the month (1–31) for a monthly plan; null: the start's day. Not used by a daily plan. */
  day: number | null;
  /** First allowed date (inclusive). */
  start: string;
  /** Last allowed nominal date (inclusive), or none. */
  end: string | null;
}

/** The business calendar's days: working weekdays (1 Monday … 7 Sunday), holidays off, make-up days (调休) on. */
export interface WorkCalendar {
  weekdays: readonly number[];
  holidays: readonly string[];
  workdays: readonly string[];
}
export const EVERY_DAY: WorkCalendar = { weekdays: [1, 2, 3, 4, 5, 6, 7], holidays: [], workdays: [] };

/** A date further than this from a working day is dropped (a calendar without working days makes no orders). */
export const MAX_SHIFT_DAYS = 31;

const DAY = 86_400_000;
export const dayIndex = (d: string): number => Math.round(Date.parse(`${d}T00:00:00Z`) / DAY);
export const dateOfIndex = (n: number): string => new Date(n * DAY).toISOString().slice(0, 10);
export const addDays = (d: string, n: number): string => dateOfIndex(dayIndex(d) + n);

const monthIndex = (d: string): number => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
const daysInMonth = (m: number): number => new Date(Date.UTC(Math.floor(m / 12), (m % 12) + 1, 0)).getUTCDate();
/** The date of day `day` in month index `m`, clamped to the month's last day. */
const dateIn = (m: number, day: number): string => {
  const y = Math.floor(m / 12);
  const mo = (m % 12) + 1;
  const d = Math.min(day, daysInMonth(m));
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** Adds whole months, keeping the day where the month has it (31 January + 1 month = 28/29 February). */
export const addMonths = (d: string, n: number): string => dateIn(monthIndex(d) + n, Number(d.slice(8, 10)));

/** One period after a date (a plan counted from purchase or installation starts one period after it). */
export const addPeriod = (d: string, every: number, unit: CycleUnit): string => (unit === 3 ? addDays(d, every) : addMonths(d, every));

export function isWorkingDay(cal: WorkCalendar, d: string): boolean {
  if (cal.holidays.includes(d)) return false;
  if (cal.workdays.includes(d)) return true;
  const wd = new Date(dayIndex(d) * DAY).getUTCDay() || 7;
  return cal.weekdays.includes(wd);
}

/** The day itself when working, else the next working day within MAX_SHIFT_DAYS; null when there is none. */
export function nextWorkingDay(cal: WorkCalendar, d: string): string | null {
  for (let i = 0; i <= MAX_SHIFT_DAYS; i++) {
    const x = addDays(d, i);
    if (isWorkingDay(cal, x)) return x;
  }
  return null;
}

/** The plan's nominal dates (before the calendar moves them) within [from, to], ascending. */
export function nominalDates(rule: CycleRule, from: string, to: string): string[] {
  const lo = from > rule.start ? from : rule.start;
  const hi = rule.end && rule.end < to ? rule.end : to;
  if (lo > hi || rule.every < 1) return [];
  const out: string[] = [];
  if (rule.unit === 3) {
    const s = dayIndex(rule.start);
    const k0 = Math.ceil((dayIndex(lo) - s) / rule.every);
    for (let n = s + k0 * rule.every; n <= dayIndex(hi); n += rule.every) out.push(dateOfIndex(n));
    return out;
  }
  const day = rule.day ?? Number(rule.start.slice(8, 10));
  const sm = monthIndex(rule.start);
  // The series' first month: the start's month when its day is not yet past, else the next.
  const m0 = dateIn(sm, day) >= rule.start ? sm : sm + 1;
  const loM = monthIndex(lo);
  let m = loM <= m0 ? m0 : m0 + Math.ceil((loM - m0) / rule.every) * rule.every;
  for (; ; m += rule.every) {
    const d = dateIn(m, day);
    if (d > hi) break;
    if (d >= lo) out.push(d);
  }
  return out;
}

export interface DueDate {
  /** The working day the order is for. */
  due: string;
  /** The series date it stands for (the first, when several moved onto one working day). */
  nominal: string;
}

/**
 * The plan's due dates within [from, to]: each nominal date moved onto a working day, once per working day, ascending.
 * A nominal date before `from` counts when the calendar moves it into the window.
 */
export function dueDates(rule: CycleRule, cal: WorkCalendar, from: string, to: string): DueDate[] {
  const out: DueDate[] = [];
  for (const nominal of nominalDates(rule, addDays(from, -MAX_SHIFT_DAYS), to)) {
    const due = nextWorkingDay(cal, nominal);
    if (!due || due < from || due > to) continue;
    if (out.length && out[out.length - 1]?.due === due) continue;
    out.push({ due, nominal });
  }
  return out;
}

/** The plan's own first allowed date from its start rule: a fixed date, or one period after purchase or installation. */
export function startOf(
  p: { startType: CycleStartType; startDate: string | null; every: number; unit: CycleUnit },
  product: { purchaseDate: string | null; installDate: string | null } | null,
): string | null {
  if (p.startType === 1) return p.startDate;
  const base = p.startType === 2 ? product?.purchaseDate : product?.installDate;
  return base ? addPeriod(base, p.every, p.unit) : null;
}
