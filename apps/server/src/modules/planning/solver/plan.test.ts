import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cityProblem } from './city.fixtures';
import { greedyPlan } from './greedy';
import { solveDay } from './plan';
import { estimateTravel } from './travel';
import type { BookedVisit, Plan, PlanEngineer, PlanVisit, Point, Problem } from './types';

const travel = estimateTravel();
const weights = { travel: 1, slaLate: 0.5, load: 1 };
const quick = { seed: 7, timeLimitMs: 60_000, maxIterations: 150 };

const pointArb = fc.record({ lat: fc.double({ min: 31.18, max: 31.28, noNaN: true }), lng: fc.double({ min: 121.41, max: 121.53, noNaN: true }) });
const windowArb = fc
  .record({ start: fc.integer({ min: 480, max: 960 }), span: fc.integer({ min: 30, max: 240 }) })
  .map((w) => ({ start: w.start, end: w.start + w.span }));
const visitArb = fc.record({
  at: pointArb,
  serviceMinutes: fc.integer({ min: 10, max: 90 }),
  window: fc.option(windowArb, { nil: undefined }),
  dueMinute: fc.option(fc.integer({ min: 540, max: 1500 }), { nil: undefined }),
  priority: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
});
const bookedArb = fc.record({ at: pointArb, start: fc.integer({ min: 480, max: 1020 }), length: fc.integer({ min: 15, max: 120 }) });
const engineerArb = fc.record({
  start: pointArb,
  shift: fc.record({ start: fc.integer({ min: 420, max: 600 }), hours: fc.integer({ min: 4, max: 10 }) }),
  booked: fc.array(bookedArb, { maxLength: 3 }),
  dailyCap: fc.integer({ min: 0, max: 6 }),
});

/** A random team and day's orders; canServe refuses at random, with a reason. */
const problemArb = fc
  .record({
    engineers: fc.array(engineerArb, { minLength: 1, maxLength: 5 }),
    visits: fc.array(visitArb, { maxLength: 16 }),
    allowed: fc.array(fc.boolean(), { minLength: 80, maxLength: 80 }),
  })
  .map(({ engineers, visits, allowed }): Problem => {
    const team: PlanEngineer[] = engineers.map((e, i) => ({
      id: i + 1,
      start: e.start,
      shift: { start: e.shift.start, end: e.shift.start + 60 * e.shift.hours },
      booked: e.booked.map((b, k): BookedVisit => ({ id: 10_000 + i * 10 + k, at: b.at, start: b.start, end: b.start + b.length })),
      dailyCap: e.dailyCap,
    }));
    const orders: PlanVisit[] = visits.map((v, i) => {
      const { window, dueMinute, priority, ...rest } = v;
      return { id: i + 1, ...rest, ...(window ? { window } : {}), ...(dueMinute ? { dueMinute } : {}), ...(priority ? { priority } : {}) };
    });
    return {
      visits: orders,
      engineers: team,
      travel,
      weights,
      canServe: (e, v) => (allowed[((e.id - 1) * 16 + v.id - 1) % 80] ? null : '技能不符'),
    };
  });

/**
 * Every rule, checked stop by stop: canServe allowed it, each order placed once or said unplaced, legs as the
 * travel says, arrival within the window, booked visits at their times (late only where no placed order came before),
 * the last placed order ending by the shift's end, the daily cap.
 */
function expectKeepsRules(problem: Problem, plan: Plan): void {
  const placed = plan.routes.flatMap((r) => r.stops.filter((s) => !s.booked).map((s) => s.visitId));
  expect([...placed, ...plan.unplaced.map((u) => u.visitId)].sort((a, b) => a - b)).toEqual(problem.visits.map((v) => v.id));
  for (const route of plan.routes) {
    const engineer = problem.engineers.find((e) => e.id === route.engineerId) as PlanEngineer;
    expect(route.stops.filter((s) => s.booked).map((s) => s.visitId)).toEqual([...engineer.booked].sort((a, b) => a.start - b.start).map((b) => b.id));
    if (engineer.dailyCap > 0) expect(route.stops.length).toBeLessThanOrEqual(Math.max(engineer.dailyCap, engineer.booked.length));
    let time = engineer.shift.start;
    let at: Point = engineer.start;
    let prevBooked = true;
    for (const s of route.stops) {
      const booked = engineer.booked.find((b) => b.id === s.visitId);
      const visit = problem.visits.find((v) => v.id === s.visitId);
      const to = (booked ?? visit)?.at as Point;
      expect(s.leg).toEqual(travel(at, to));
      expect(s.arrive).toBe(time + s.leg.minutes);
      if (booked) {
        expect([s.start, s.end]).toEqual([booked.start, booked.end]);
        if (!prevBooked) expect(s.arrive).toBeLessThanOrEqual(booked.start);
      } else {
        const v = visit as PlanVisit;
        expect(problem.canServe(engineer, v)).toBeNull();
        if (v.window) expect(s.arrive).toBeLessThanOrEqual(v.window.end);
        expect(s.start).toBe(Math.max(s.arrive, v.window?.start ?? s.arrive));
        expect(s.end).toBe(s.start + v.serviceMinutes);
      }
      time = s.end;
      at = to;
      prevBooked = Boolean(booked);
    }
    if (!prevBooked) expect(time).toBeLessThanOrEqual(engineer.shift.end);
  }
}

describe('solveDay', () => {
  it('never breaks a hard rule, a window, a shift or a cap, for random teams and orders', () => {
    fc.assert(
      fc.property(problemArb, fc.integer({ min: 1, max: 1000 }), (problem, seed) => {
        expectKeepsRules(problem, solveDay(problem, { ...quick, seed }));
      }),
      { numRuns: 60 },
    );
  });

  it('plans the same for the same seed', () => {
    const problem = cityProblem({ orders: 60, engineers: 20, seed: 3 });
    const a = solveDay(problem, { seed: 11, timeLimitMs: 60_000, maxIterations: 400 });
    const b = solveDay(problem, { seed: 11, timeLimitMs: 60_000, maxIterations: 400 });
    expect(b).toEqual(a);
    expect(a.routes.some((r) => r.stops.some((s) => !s.booked))).toBe(true);
  });

  it('travels at least 20 % less than the greedy baseline on a clustered city, placing as many orders', () => {
    const problem = cityProblem({ orders: 60, engineers: 20, seed: 5 });
    const greedy = greedyPlan(problem);
    const plan = solveDay(problem, { seed: 1, timeLimitMs: 60_000, maxIterations: 1500 });
    expectKeepsRules(problem, plan);
    expect(plan.unplaced.length).toBeLessThanOrEqual(greedy.unplaced.length);
    expect(plan.minutes).toBeLessThanOrEqual(0.8 * greedy.minutes);
  });

  it('completes its construction however short the time limit', () => {
    const problem = cityProblem({ orders: 60, engineers: 20, seed: 4 });
    const plan = solveDay(problem, { seed: 1, timeLimitMs: 0 });
    expectKeepsRules(problem, plan);
    expect(plan.unplaced).toEqual([]);
  });

  it('leaves booked visits where they were on a city day', () => {
    const problem = cityProblem({ orders: 60, engineers: 20, seed: 8 });
    const plan = solveDay(problem, { seed: 2, timeLimitMs: 60_000, maxIterations: 300 });
    const booked = problem.engineers.flatMap((e) => e.booked.map((b) => ({ engineerId: e.id, id: b.id, start: b.start, end: b.end })));
    expect(booked.length).toBeGreaterThan(0);
    const found = plan.routes.flatMap((r) =>
      r.stops.filter((s) => s.booked).map((s) => ({ engineerId: r.engineerId, id: s.visitId, start: s.start, end: s.end })),
    );
    expect(found.sort((a, b) => a.id - b.id)).toEqual(booked.sort((a, b) => a.id - b.id));
  });

  const base = { lat: 31.23, lng: 121.47 };
  const engineer = (id: number, extra: Partial<PlanEngineer> = {}): PlanEngineer => ({
    id,
    start: base,
    shift: { start: 480, end: 1080 },
    booked: [],
    dailyCap: 0,
    ...extra,
  });
  const order = (id: number, extra: Partial<PlanVisit> = {}): PlanVisit => ({ id, at: { lat: 31.23 + id * 0.002, lng: 121.47 }, serviceMinutes: 30, ...extra });
  const problemOf = (engineers: PlanEngineer[], visits: PlanVisit[], canServe: Problem['canServe'] = () => null): Problem => ({
    visits,
    engineers,
    travel,
    weights,
    canServe,
  });

  it('holds the daily cap, booked visits counted, and says so for the orders left', () => {
    const team = [engineer(1, { dailyCap: 3, booked: [{ id: 90, at: base, start: 900, end: 960 }] }), engineer(2, { dailyCap: 1 })];
    const plan = solveDay(
      problemOf(
        team,
        [1, 2, 3, 4, 5].map((id) => order(id)),
      ),
      quick,
    );
    expect(plan.routes.map((r) => r.stops.length)).toEqual([3, 1]);
    expect(plan.unplaced.map((u) => u.reason)).toEqual(['超出每日上限', '超出每日上限']);
  });

  it('says why an order is left: no engineer may serve it (with the first refusal), or no slot in its window', () => {
    const team = [engineer(1), engineer(2)];
    const visits = [order(1), order(2, { window: { start: 400, end: 470 } }), order(3)];
    const canServe = (e: PlanEngineer, v: PlanVisit) => (v.id === 1 ? (e.id === 1 ? '不在服务区域' : '技能不符') : null);
    const plan = solveDay(problemOf(team, visits, canServe), quick);
    expect(plan.unplaced).toEqual([
      { visitId: 1, reason: '没有可服务的工程师：不在服务区域' },
      { visitId: 2, reason: '时间窗内排不下' },
    ]);
  });

  it('counts the placed orders finishing past their SLA due', () => {
    const plan = solveDay(problemOf([engineer(1)], [order(1, { dueMinute: 490 }), order(2, { dueMinute: 2000 })]), quick);
    expect(plan.slaMisses).toBe(1);
    expect(plan.km).toBe(plan.routes[0]?.km);
  });
});

describe('greedyPlan', () => {
  it('keeps every rule too, for random teams and orders', () => {
    fc.assert(
      fc.property(problemArb, (problem) => expectKeepsRules(problem, greedyPlan(problem))),
      { numRuns: 60 },
    );
  });

  it('gives each order, in the order given, to the engineer whose route ends nearest, after his last one', () => {
    const west = { lat: 31.23, lng: 121.4 };
    const east = { lat: 31.23, lng: 121.54 };
    const team: PlanEngineer[] = [
      { id: 1, start: west, shift: { start: 480, end: 1080 }, booked: [], dailyCap: 0 },
      { id: 2, start: east, shift: { start: 480, end: 1080 }, booked: [], dailyCap: 0 },
    ];
    const at = (lng: number) => ({ lat: 31.23, lng });
    // 11 is east, then 12 far west of 11: nearest to engineer 1's start, though 13 comes back east.
    const visits: PlanVisit[] = [
      { id: 11, at: at(121.53), serviceMinutes: 30 },
      { id: 12, at: at(121.41), serviceMinutes: 30 },
      { id: 13, at: at(121.52), serviceMinutes: 30 },
    ];
    const plan = greedyPlan({ visits, engineers: team, travel, weights, canServe: () => null });
    expect(plan.routes.map((r) => r.stops.map((s) => s.visitId))).toEqual([[12], [11, 13]]);
  });
});
