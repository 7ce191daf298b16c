/**
 * Business-time arithmetic for SLA clocks, pure and in epoch milliseconds. A calendar counts either
 * every millisecond (calendar time) or only the working hours of working days in the enterprise's zone,
 * where holidays are off and make-up days (调休) are on whatever their weekday.
 */
export interface SlaCalendar {
  /** false: calendar time, every millisecond counts. */
  business: boolean;
  /** The zone's UTC offset in minutes (Asia/Shanghai +480; the zone's offset now, see docs/decisions.md). */
  offsetMinutes: number;
  /** Working weekdays, 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** Working hours as minutes of the day, [start, end). */
  startMinute: number;
  endMinute: number;
  /** 'YYYY-MM-DD' days off, and make-up working days. */
  holidays: string[];
  workdays: string[];
}

export const CALENDAR_TIME: SlaCalendar = {
  business: false,
  offsetMinutes: 480,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  startMinute: 0,
  endMinute: 1440,
  holidays: [],
  workdays: [],
};

const DAY = 86_400_000;
const MINUTE = 60_000;
/** A business calendar without a working minute in ten years never reaches a target. */
export const SLA_HORIZON_DAYS = 3660;

interface Compiled {
  off: number;
  start: number;
  end: number;
  weekdays: Set<number>;
  holidays: Set<string>;
  workdays: Set<string>;
}
const compiled = new WeakMap<SlaCalendar, Compiled>();
function compile(c: SlaCalendar): Compiled {
  let k = compiled.get(c);
  if (!k) {
    k = {
      off: c.offsetMinutes * MINUTE,
      start: c.startMinute * MINUTE,
      end: c.endMinute * MINUTE,
      weekdays: new Set(c.weekdays),
      holidays: new Set(c.holidays),
      workdays: new Set(c.workdays),
    };
    compiled.set(c, k);
  }
  return k;
}

/** The local day number (days since 1970-01-01 in the zone) of an instant. */
const dayOf = (k: Compiled, t: number) => Math.floor((t + k.off) / DAY);

export function dayText(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

function isWorkingDay(k: Compiled, day: number): boolean {
  const text = dayText(day);
  if (k.holidays.has(text)) return false;
  if (k.workdays.has(text)) return true;
  const wd = new Date(day * DAY).getUTCDay();
  return k.weekdays.has(wd === 0 ? 7 : wd);
}

/** The working interval of a local day as instants, or null on a day off. */
function workingSpan(k: Compiled, day: number): [number, number] | null {
  if (k.end <= k.start || !isWorkingDay(k, day)) return null;
  const base = day * DAY - k.off;
  return [base + k.start, base + k.end];
}

/** Working milliseconds in [from, to); 0 when to ≤ from. */
export function workingMs(cal: SlaCalendar, from: number, to: number): number {
  if (to <= from) return 0;
  if (!cal.business) return to - from;
  const k = compile(cal);
  let sum = 0;
  for (let d = dayOf(k, from), last = dayOf(k, to); d <= last; d++) {
    const span = workingSpan(k, d);
    if (span) sum += Math.max(0, Math.min(span[1], to) - Math.max(span[0], from));
  }
  return sum;
}

/** The earliest instant t ≥ from with workingMs(from, t) = ms; null when the calendar never gets there. */
export function addWorking(cal: SlaCalendar, from: number, ms: number): number | null {
  if (ms <= 0) return from;
  if (!cal.business) return from + ms;
  const k = compile(cal);
  let left = ms;
  for (let d = dayOf(k, from), n = 0; n < SLA_HORIZON_DAYS; d++, n++) {
    const span = workingSpan(k, d);
    if (!span) continue;
    const s = Math.max(span[0], from);
    if (span[1] <= s) continue;
    if (left <= span[1] - s) return s + left;
    left -= span[1] - s;
  }
  return null;
}
