import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CycleUnit } from './cycle.constants';
import {
  addDays,
  type CycleRule,
  dueDates,
  EVERY_DAY,
  isWorkingDay,
  MAX_SHIFT_DAYS,
  nominalDates,
  nextWorkingDay,
  startOf,
  type WorkCalendar,
} from './cycle.dates';

const day = fc.integer({ min: 0, max: 3 * 365 }).map((n) => addDays('2025-01-01', n));
const calendar: fc.Arbitrary<WorkCalendar> = fc.record({
  weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 0 }),
  holidays: fc.array(day, { maxLength: 40 }),
  workdays: fc.array(day, { maxLength: 5 }),
});
const rule: fc.Arbitrary<CycleRule> = fc
  .record({
    unit: fc.constantFrom<CycleUnit>(3, 4),
    every: fc.integer({ min: 1, max: 40 }),
    day: fc.option(fc.integer({ min: 1, max: 31 }), { nil: null }),
    start: day,
    endAfter: fc.option(fc.integer({ min: 0, max: 900 }), { nil: null }),
  })
  .map((r) => ({
    unit: r.unit,
    every: r.unit === 4 ? Math.min(r.every, 24) : r.every,
    day: r.unit === 4 ? r.day : null,
    start: r.start,
    end: r.endAfter == null ? null : addDays(r.start, r.endAfter),
  }));

const lastOfMonth = (d: string) =>
  addDays(`${d.slice(0, 7)}-01`, 40).slice(0, 8) === d.slice(0, 8) ? d : addDays(`${addDays(`${d.slice(0, 7)}-01`, 32).slice(0, 7)}-01`, -1);

/** Whether a day is on the plan's series, decided day by day (not by stepping the series). */
function onSeries(r: CycleRule, d: string): boolean {
  if (d < r.start || (r.end && d > r.end)) return false;
  const diffDays = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
  if (r.unit === 3) return diffDays(r.start, d) % r.every === 0;
  const want = r.day ?? Number(r.start.slice(8, 10));
  const last = Number(lastOfMonth(d).slice(8, 10));
  if (Number(d.slice(8, 10)) !== Math.min(want, last)) return false;
  // The series' first month is the first month whose date on or after the start.
  const sm = Number(r.start.slice(0, 4)) * 12 + Number(r.start.slice(5, 7)) - 1;
  const startLast = Number(lastOfMonth(r.start).slice(8, 10));
  const m0 = Math.min(want, startLast) >= Number(r.start.slice(8, 10)) ? sm : sm + 1;
  const m = Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;
  return m >= m0 && (m - m0) % r.every === 0;
}

describe('cycle dates', () => {
  it('a monthly plan for day 1 started on the 20th starts next month; for day 20 it starts that day; short months take their last day', () => {
    const monthly = (day: number, start: string): CycleRule => ({ every: 1, unit: 4, day, start, end: null });
    expect(nominalDates(monthly(1, '2026-11-20'), '2026-11-20', '2027-01-31')).toEqual(['2026-12-01', '2027-01-01']);
    expect(nominalDates(monthly(20, '2026-11-20'), '2026-11-20', '2027-01-31')).toEqual(['2026-11-20', '2026-12-20', '2027-01-20']);
    expect(nominalDates(monthly(31, '2027-01-31'), '2027-01-01', '2027-04-30')).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    expect(nominalDates({ every: 3, unit: 4, day: 15, start: '2026-01-16', end: null }, '2026-01-01', '2026-12-31')).toEqual([
      '2026-02-15',
      '2026-05-15',
      '2026-08-15',
      '2026-11-15',
    ]);
    expect(nominalDates({ every: 10, unit: 3, day: null, start: '2026-01-01', end: '2026-01-25' }, '2025-12-01', '2026-12-31')).toEqual([
      '2026-01-01',
      '2026-01-11',
      '2026-01-21',
    ]);
  });

  it('moves a weekend or holiday date to the next working day, and a make-up Sunday works', () => {
    const cal: WorkCalendar = { weekdays: [1, 2, 3, 4, 5], holidays: ['2026-10-01', '2026-10-02', '2026-10-05'], workdays: ['2026-10-11'] };
    // 2026-10-01 is a Thursday: 1, 2 off, 3 and 4 the weekend, 5 off → Tuesday 6.
    expect(nextWorkingDay(cal, '2026-10-01')).toBe('2026-10-06');
    expect(isWorkingDay(cal, '2026-10-11')).toBe(true);
    expect(dueDates({ every: 1, unit: 3, day: null, start: '2026-10-01', end: null }, cal, '2026-10-01', '2026-10-07')).toEqual([
      { due: '2026-10-06', nominal: '2026-10-01' },
      { due: '2026-10-07', nominal: '2026-10-07' },
    ]);
    // A date before the window that the calendar moves into it counts.
    expect(dueDates({ every: 1, unit: 4, day: 3, start: '2026-10-01', end: null }, cal, '2026-10-06', '2026-10-31')).toEqual([
      { due: '2026-10-06', nominal: '2026-10-03' },
    ]);
    expect(
      dueDates({ every: 1, unit: 3, day: null, start: '2026-10-01', end: null }, { weekdays: [], holidays: [], workdays: [] }, '2026-10-01', '2026-12-31'),
    ).toEqual([]);
  });

  it('counts from purchase or installation one period after it; a fixed date is itself', () => {
    const product = { purchaseDate: '2026-01-31', installDate: '2026-02-10' };
    expect(startOf({ startType: 2, startDate: null, every: 1, unit: 4 }, product)).toBe('2026-02-28');
    expect(startOf({ startType: 3, startDate: null, every: 30, unit: 3 }, product)).toBe('2026-03-12');
    expect(startOf({ startType: 1, startDate: '2026-05-01', every: 1, unit: 4 }, product)).toBe('2026-05-01');
    expect(startOf({ startType: 3, startDate: null, every: 1, unit: 4 }, { purchaseDate: null, installDate: null })).toBeNull();
  });

  it('over random frequencies and calendars: no due date twice, none missed, each on a working day, in any window split', () => {
    fc.assert(
      fc.property(rule, calendar, day, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (r, cal, from, len, cut) => {
        const to = addDays(from, len);
        const got = dueDates(r, cal, from, to);
        const dues = got.map((g) => g.due);
        // no date twice, ascending
        expect(new Set(dues).size).toBe(dues.length);
        expect([...dues].sort()).toEqual(dues);
        // none missed: brute force over every day that could move into the window
        const expected = new Set<string>();
        for (let d = addDays(from, -MAX_SHIFT_DAYS); d <= to; d = addDays(d, 1)) {
          if (!onSeries(r, d)) continue;
          const w = nextWorkingDay(cal, d);
          if (w && w >= from && w <= to) expected.add(w);
        }
        expect(dues).toEqual([...expected].sort());
        for (const d of dues) expect(isWorkingDay(cal, d)).toBe(true);
        // two windows split anywhere give the same dates as one (a job running day by day misses none)
        const mid = addDays(from, Math.min(cut, len));
        const split = [...dueDates(r, cal, from, mid), ...dueDates(r, cal, addDays(mid, 1), to)].map((g) => g.due);
        expect(split).toEqual(dues);
      }),
      { numRuns: 300 },
    );
  });

  it('every day of an all-week calendar is working', () => {
    expect(isWorkingDay(EVERY_DAY, '2026-11-22')).toBe(true);
  });
});
