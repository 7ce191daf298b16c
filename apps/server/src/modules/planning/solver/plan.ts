import { type Board, hasRoom, newBoard, routeCost, setRoute, toPlan } from './board';
import { pick, seededRandom, shuffle } from './random';
import { bestInsertion, improveRoute, insertAt } from './sequence';
import type { Plan, Problem, SolveOptions } from './types';

// An unplaced order outweighs any amount of travel, lateness or load.
const UNPLACED = 1e7;

/**
 * A day's plan: each order to an engineer canServe allows, in the gaps around his booked visits, keeping windows,
 * shifts and daily caps. Cheapest insertion, urgent and earliest due first; then, until the time or iteration limit,
 * ruin and recreate (a cluster of nearby orders, or one engineer's new orders, taken out and put back each where it
 * costs least), swaps between engineers, and or-opt / 2-opt inside the routes touched, keeping a change that costs
 * no more. Deterministic for a seed when the iteration limit, not the time, ends the search.
 */
export function solveDay(problem: Problem, opts: SolveOptions): Plan {
  const b = newBoard(problem);
  for (const v of urgentFirst(b)) insertCheapest(b, v, b.eligible[v] as number[]);
  polish(b, new Set(b.routes.keys()));
  search(b, opts);
  return toPlan(b);
}

/** Priority (1 urgent first), then the SLA due, then the window's end, then the order given. */
function urgentFirst(b: Board): number[] {
  const visits = b.problem.visits;
  const key = (v: number) => visits[v] as (typeof visits)[number];
  return visits
    .map((_, i) => i)
    .sort(
      (x, y) =>
        (key(x).priority ?? 3) - (key(y).priority ?? 3) ||
        (key(x).dueMinute ?? Number.POSITIVE_INFINITY) - (key(y).dueMinute ?? Number.POSITIVE_INFINITY) ||
        (key(x).window?.end ?? Number.POSITIVE_INFINITY) - (key(y).window?.end ?? Number.POSITIVE_INFINITY) ||
        x - y,
    );
}

/** Puts v where it adds least among the given engineers; false when it fits nowhere. */
function insertCheapest(b: Board, v: number, engineers: readonly number[]): boolean {
  let best = { delta: Number.POSITIVE_INFINITY, e: -1, at: -1, cost: 0 };
  for (const e of engineers) {
    if (!hasRoom(b, e)) continue;
    const found = bestInsertion(b.routes[e] as number[], v, (seq, len) => routeCost(b, e, seq, len));
    const delta = found.cost - (b.costs[e] as number);
    if (delta < best.delta) best = { delta, e, at: found.at, cost: found.cost };
  }
  if (best.e < 0) return false;
  setRoute(b, best.e, insertAt(b.routes[best.e] as number[], v, best.at), best.cost);
  b.where[v] = best.e;
  return true;
}

function removeVisit(b: Board, v: number): number {
  const e = b.where[v] as number;
  const seq = (b.routes[e] as number[]).filter((x) => x !== v);
  setRoute(b, e, seq, routeCost(b, e, seq, seq.length));
  b.where[v] = -1;
  return e;
}

function total(b: Board): number {
  let sum = 0;
  for (const c of b.costs) sum += c;
  for (const e of b.where) if (e < 0) sum += UNPLACED;
  return sum;
}

/** The routes before a move, to put back when it costs more. */
interface Saved {
  routes: number[][];
  costs: number[];
  where: Int32Array;
}

function save(b: Board): Saved {
  return { routes: [...b.routes], costs: [...b.costs], where: b.where.slice() };
}

function restore(b: Board, s: Saved): void {
  b.routes = [...s.routes];
  b.costs = [...s.costs];
  b.where = s.where.slice();
}

function search(b: Board, opts: SolveOptions): void {
  const random = seededRandom(opts.seed);
  const near = nearestVisits(b);
  const deadline = performance.now() + opts.timeLimitMs;
  const limit = opts.maxIterations ?? Number.POSITIVE_INFINITY;
  let current = total(b);
  for (let it = 0; it < limit; it++) {
    if (it % 8 === 0 && performance.now() > deadline) break;
    const before = save(b);
    const touched = random() < 0.2 ? swapMove(b, random) : ruinAndRecreate(b, random, near);
    polish(b, touched);
    const cost = total(b);
    if (cost <= current) current = cost;
    else restore(b, before);
  }
}

/** Per visit, the other visits by travel minutes from it. */
function nearestVisits(b: Board): number[][] {
  const { m } = b;
  const n = m.visitCount;
  const minutes = (a: number, c: number) => m.minutes[(m.point[a] as number) * m.pointCount + (m.point[c] as number)] as number;
  return Array.from({ length: n }, (_, a) =>
    Array.from({ length: n }, (_, c) => c)
      .filter((c) => c !== a)
      .sort((x, y) => minutes(a, x) - minutes(a, y) || x - y),
  );
}

/** Takes out a cluster of nearby orders (or one engineer's new orders) and puts them back, with a few unplaced ones. */
function ruinAndRecreate(b: Board, random: () => number, near: number[][]): Set<number> {
  const n = b.m.visitCount;
  const touched = new Set<number>();
  if (n === 0) return touched;
  const removed = random() < 0.1 ? ruinRoute(b, random) : ruinCluster(b, random, near);
  for (const v of removed) touched.add(removeVisit(b, v));
  const unplaced = shuffle(
    random,
    Array.from(b.where.keys()).filter((v) => b.where[v] === -1 && !removed.includes(v)),
  ).slice(0, 3);
  const again = random() < 0.5 ? shuffle(random, removed) : removed;
  for (const v of [...again, ...unplaced]) {
    if (insertCheapest(b, v, b.eligible[v] as number[])) touched.add(b.where[v] as number);
  }
  return touched;
}

function ruinCluster(b: Board, random: () => number, near: number[][]): number[] {
  const n = b.m.visitCount;
  const seed = pick(random, n);
  const size = 1 + pick(random, Math.min(12, n));
  const out: number[] = [];
  for (const v of [seed, ...(near[seed] as number[])]) {
    if (out.length >= size) break;
    if (b.where[v] !== -1 && random() < 0.8) out.push(v);
  }
  return out;
}

function ruinRoute(b: Board, random: () => number): number[] {
  const e = pick(random, b.routes.length);
  return (b.routes[e] ?? []).filter((v) => !b.m.fixed[v]);
}

/** Two orders of two engineers change places, each where it costs least in the other's route. */
function swapMove(b: Board, random: () => number): Set<number> {
  const placed = Array.from(b.where.keys()).filter((v) => b.where[v] !== -1);
  if (placed.length < 2) return new Set();
  const x = placed[pick(random, placed.length)] as number;
  const y = placed[pick(random, placed.length)] as number;
  const ex = b.where[x] as number;
  const ey = b.where[y] as number;
  if (ex === ey || !b.eligible[x]?.includes(ey) || !b.eligible[y]?.includes(ex)) return new Set();
  removeVisit(b, x);
  removeVisit(b, y);
  insertCheapest(b, x, [ey]);
  insertCheapest(b, y, [ex]);
  return new Set([ex, ey]);
}

/** Or-opt and 2-opt inside each route a move changed. */
function polish(b: Board, touched: Set<number>): void {
  for (const e of touched) {
    const better = improveRoute(b.routes[e] as number[], b.m.fixed, (seq, len) => routeCost(b, e, seq, len));
    if (better.cost < (b.costs[e] as number)) setRoute(b, e, better.seq, better.cost);
  }
}
