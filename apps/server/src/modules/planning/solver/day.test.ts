import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DayOrder, orderDay } from './day';
import { estimateTravel } from './travel';
import type { PlanEngineer, PlanVisit, Travel } from './types';

const travel = estimateTravel();

const visitArb = (id: number) =>
  fc
    .record({
      lat: fc.double({ min: 31.15, max: 31.31, noNaN: true }),
      lng: fc.double({ min: 121.38, max: 121.56, noNaN: true }),
      serviceMinutes: fc.integer({ min: 10, max: 60 }),
      window: fc.option(fc.record({ start: fc.integer({ min: 480, max: 900 }), span: fc.integer({ min: 30, max: 240 }) }), { nil: undefined }),
    })
    .map(
      (r): PlanVisit => ({
        id,
        at: { lat: r.lat, lng: r.lng },
        serviceMinutes: r.serviceMinutes,
        ...(r.window ? { window: { start: r.window.start, end: r.window.start + r.window.span } } : {}),
      }),
    );

const dayArb = (maxVisits: number) =>
  fc
    .record({
      shiftEnd: fc.integer({ min: 720, max: 1140 }),
      visits: fc.integer({ min: 0, max: maxVisits }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => visitArb(i + 1)))),
    })
    .map(({ shiftEnd, visits }) => ({
      engineer: { id: 7, start: { lat: 31.23, lng: 121.47 }, shift: { start: 480, end: shiftEnd }, booked: [], dailyCap: 0 } as PlanEngineer,
      visits: visits as PlanVisit[],
    }));

/** The order walked plainly: its travel minutes, and whether it keeps every window and the shift. */
function plainWalk(engineer: PlanEngineer, order: PlanVisit[], t: Travel): { ok: boolean; minutes: number } {
  let time = engineer.shift.start;
  let at = engineer.start;
  let minutes = 0;
  let ok = true;
  for (const v of order) {
    const leg = t(at, v.at);
    minutes += leg.minutes;
    const arrive = time + leg.minutes;
    if (v.window && arrive > v.window.end) ok = false;
    time = Math.max(arrive, v.window?.start ?? arrive) + v.serviceMinutes;
    at = v.at;
  }
  return { ok: ok && time <= engineer.shift.end, minutes };
}

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i] as T, ...p];
  }
}

/** Every visit once, arriving within its window, work after arrival and window start, the last one ending by shift end. */
function expectKeepsRules(engineer: PlanEngineer, visits: PlanVisit[], day: DayOrder): void {
  expect(day.stops.map((s) => s.visitId).sort((a, b) => a - b)).toEqual(visits.map((v) => v.id).sort((a, b) => a - b));
  let time = engineer.shift.start;
  for (const s of day.stops) {
    const v = visits.find((x) => x.id === s.visitId) as PlanVisit;
    expect(s.arrive).toBe(time + s.leg.minutes);
    expect(s.start).toBe(Math.max(s.arrive, v.window?.start ?? s.arrive));
    if (v.window) expect(s.arrive).toBeLessThanOrEqual(v.window.end);
    expect(s.end).toBe(s.start + v.serviceMinutes);
    time = s.end;
  }
  expect(time).toBeLessThanOrEqual(engineer.shift.end);
  expect(day.minutes).toBe(day.stops.reduce((n, s) => n + s.leg.minutes, 0));
}

describe('orderDay', () => {
  it('finds the least travel of all orders that keep the windows and the shift (up to 7 visits)', () => {
    fc.assert(
      fc.property(dayArb(7), ({ engineer, visits }) => {
        const day = orderDay(engineer, visits, travel);
        let best = Number.POSITIVE_INFINITY;
        for (const p of permutations(visits)) {
          const w = plainWalk(engineer, p, travel);
          if (w.ok) best = Math.min(best, w.minutes);
        }
        expect(day.exact).toBe(true);
        expect(day.feasible).toBe(best < Number.POSITIVE_INFINITY);
        if (day.feasible) expect(day.minutes).toBe(best);
        else expect(['时间窗内排不下', '班次结束前做不完']).toContain(day.reason);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps every window and the shift in each feasible answer, exact or not (up to 14 visits)', () => {
    fc.assert(
      fc.property(dayArb(14), ({ engineer, visits }) => {
        const day = orderDay(engineer, visits, travel);
        if (day.feasible) expectKeepsRules(engineer, visits, day);
      }),
      { numRuns: 60 },
    );
  });

  it('beyond its exact size never answers worse than the order given, when that one is feasible', () => {
    fc.assert(
      fc.property(dayArb(14), ({ engineer, visits }) => {
        const day = orderDay(engineer, visits, travel, { exactUpTo: 0 });
        if (!day.given.feasible) return;
        expect(day.feasible).toBe(true);
        expect(day.minutes).toBeLessThanOrEqual(day.given.minutes);
      }),
      { numRuns: 60 },
    );
  });

  it('answers the order given next to the better one, for the saving', () => {
    const engineer: PlanEngineer = { id: 1, start: { lat: 31.2, lng: 121.4 }, shift: { start: 480, end: 1080 }, booked: [], dailyCap: 0 };
    // Along a line east of his base: given far, near, middle.
    const at = (lng: number) => ({ lat: 31.2, lng });
    const visits: PlanVisit[] = [
      { id: 3, at: at(121.6), serviceMinutes: 30 },
      { id: 1, at: at(121.45), serviceMinutes: 30 },
      { id: 2, at: at(121.5), serviceMinutes: 30 },
    ];
    const day = orderDay(engineer, visits, travel);
    expect(day.stops.map((s) => s.visitId)).toEqual([1, 2, 3]);
    const straight = travel(engineer.start, at(121.6));
    expect(day.minutes).toBeLessThanOrEqual(straight.minutes + 2);
    expect(day.given.minutes).toBeGreaterThan(day.minutes + 20);
    expect(day.given.km).toBeGreaterThan(day.km);
  });

  it('keeps booked visits at their times and fits the others around them', () => {
    const base = { lat: 31.23, lng: 121.47 };
    const engineer: PlanEngineer = {
      id: 1,
      start: base,
      shift: { start: 480, end: 1080 },
      booked: [{ id: 90, at: { lat: 31.25, lng: 121.47 }, start: 600, end: 660 }],
      dailyCap: 0,
    };
    const visits: PlanVisit[] = [
      { id: 1, at: { lat: 31.24, lng: 121.47 }, serviceMinutes: 30, window: { start: 700, end: 760 } },
      { id: 2, at: { lat: 31.22, lng: 121.47 }, serviceMinutes: 30, window: { start: 480, end: 560 } },
    ];
    const day = orderDay(engineer, visits, travel);
    expect(day.feasible).toBe(true);
    expect(day.stops.map((s) => s.visitId)).toEqual([2, 90, 1]);
    expect(day.stops[1]).toMatchObject({ booked: true, start: 600, end: 660 });
    // Given 1 then 2: 1 could not start before 700, so the booked visit at 600 comes first; 2 is then past its window.
    const [v1, v2] = visits as [PlanVisit, PlanVisit];
    const booked = engineer.booked[0]?.at as PlanVisit['at'];
    const legs = [travel(base, booked), travel(booked, v1.at), travel(v1.at, v2.at)];
    expect(day.given).toEqual({
      feasible: false,
      minutes: legs.reduce((n, l) => n + l.minutes, 0),
      km: expect.closeTo(
        legs.reduce((n, l) => n + l.km, 0),
        5,
      ),
    });
  });

  it('says why when no order fits', () => {
    const engineer: PlanEngineer = { id: 1, start: { lat: 31.23, lng: 121.47 }, shift: { start: 480, end: 540 }, booked: [], dailyCap: 0 };
    const long: PlanVisit = { id: 1, at: { lat: 31.23, lng: 121.48 }, serviceMinutes: 90 };
    expect(orderDay(engineer, [long], travel)).toMatchObject({ feasible: false, reason: '班次结束前做不完' });
    const early: PlanVisit = { id: 2, at: { lat: 31.4, lng: 121.47 }, serviceMinutes: 10, window: { start: 400, end: 490 } };
    expect(orderDay(engineer, [early], travel)).toMatchObject({ feasible: false, reason: '时间窗内排不下' });
  });
});
