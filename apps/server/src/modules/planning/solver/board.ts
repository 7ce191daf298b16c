// The routes of one solve as they are built and changed, shared by the planner and the greedy baseline. Route arrays
// are never changed in place (a change puts a new array), so a saved reference is a saved route.
import { buildModel, type Model, newTally, roundKm, stopsOf, type Tally, walk } from './model';
import type { Plan, Problem, Route } from './types';

export interface Board {
  problem: Problem;
  m: Model;
  /** Per visit, the engineers (indices) canServe allows. */
  eligible: number[][];
  /** Per visit, the first engineer's refusal, when none is allowed. */
  refusal: string[];
  routes: number[][];
  costs: number[];
  /** Per visit, its engineer's index, or -1 while unplaced. */
  where: Int32Array;
  tally: Tally;
}

export function newBoard(problem: Problem): Board {
  const m = buildModel(problem.visits, problem.engineers, problem.travel);
  const eligible: number[][] = [];
  const refusal: string[] = [];
  for (const v of problem.visits) {
    const reasons = problem.engineers.map((e) => problem.canServe(e, v));
    eligible.push(reasons.flatMap((r, i) => (r === null ? [i] : [])));
    refusal.push(reasons.find((r) => r !== null) ?? '');
  }
  const b: Board = { problem, m, eligible, refusal, routes: [], costs: [], where: new Int32Array(problem.visits.length).fill(-1), tally: newTally() };
  b.routes = m.engineers.map((e) => e.booked);
  b.costs = b.routes.map((r, e) => routeCost(b, e, r, r.length));
  return b;
}

/**
 * The route's soft cost (weighted travel minutes, minutes past the SLA dues, and the load: visits squared, so that
 * a visit costs more to a fuller day), or Infinity when it breaks a window, the shift or the daily cap.
 */
export function routeCost(b: Board, e: number, seq: ArrayLike<number>, len: number): number {
  const eng = b.m.engineers[e] as (typeof b.m.engineers)[number];
  if (eng.cap > 0 && len > eng.cap && len > eng.booked.length) return Number.POSITIVE_INFINITY;
  const t = walk(b.m, eng, seq, len, b.tally);
  if (t.violation > 0 || t.overrun > 0) return Number.POSITIVE_INFINITY;
  const w = b.problem.weights;
  return w.travel * t.minutes + w.slaLate * t.late + w.load * len * len;
}

/** Room for one more visit under his daily cap. */
export function hasRoom(b: Board, e: number): boolean {
  const eng = b.m.engineers[e] as (typeof b.m.engineers)[number];
  const len = (b.routes[e] as number[]).length;
  return eng.cap <= 0 || len < eng.cap;
}

export function setRoute(b: Board, e: number, seq: number[], cost: number): void {
  b.routes[e] = seq;
  b.costs[e] = cost;
}

export function toPlan(b: Board): Plan {
  const routes: Route[] = b.m.engineers.map((eng, e) => {
    const seq = b.routes[e] as number[];
    const t = walk(b.m, eng, seq, seq.length, newTally());
    return { engineerId: eng.source.id, stops: stopsOf(b.m, eng, seq), km: roundKm(t.km), minutes: t.minutes };
  });
  const visits = b.problem.visits;
  const placed = new Set(b.routes.flat());
  const unplaced = visits.flatMap((v, i) => (placed.has(i) ? [] : [{ visitId: v.id, reason: reasonFor(b, i) }]));
  const due = new Map(visits.map((v) => [v.id, v.dueMinute ?? Number.POSITIVE_INFINITY]));
  const slaMisses = routes.flatMap((r) => r.stops).filter((s) => !s.booked && s.end > (due.get(s.visitId) as number)).length;
  return {
    routes,
    unplaced,
    km: roundKm(routes.reduce((n, r) => n + r.km, 0)),
    minutes: routes.reduce((n, r) => n + r.minutes, 0),
    slaMisses,
  };
}

function reasonFor(b: Board, v: number): string {
  const eligible = b.eligible[v] as number[];
  if (eligible.length === 0) return b.refusal[v] ? `没有可服务的工程师：${b.refusal[v]}` : '没有可服务的工程师';
  if (!eligible.some((e) => hasRoom(b, e))) return '超出每日上限';
  return '时间窗内排不下';
}
