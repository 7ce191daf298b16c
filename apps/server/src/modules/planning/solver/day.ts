import { buildModel, type EngineerModel, type Model, newTally, roundKm, stopsOf, type Tally, walk } from './model';
import { bestInsertion, improveRoute, type RouteCost } from './sequence';
import type { PlanEngineer, PlanVisit, Stop, Travel } from './types';

export interface DayOrder {
  /** False when no order keeps every window and the shift; then the stops are the order that breaks them least. */
  feasible: boolean;
  /** Why not feasible: '时间窗内排不下' or '班次结束前做不完'. */
  reason?: string;
  /** Every order was considered (up to exactUpTo visits), else insertion and local search. */
  exact: boolean;
  stops: Stop[];
  km: number;
  minutes: number;
  /** The order given (the visits as passed, booked ones at their times), for the saving shown next to the answer. */
  given: { km: number; minutes: number; feasible: boolean };
}

// A minute past a window or the shift outweighs any detour.
const BREACH = 1e6;

/**
 * One engineer's visits of a day in the order that travels least, arriving within each window and ending by the
 * shift's end; his booked visits (engineer.booked) stay at their times. Exact up to opts.exactUpTo (8) visits.
 */
export function orderDay(engineer: PlanEngineer, visits: PlanVisit[], travel: Travel, opts: { exactUpTo?: number } = {}): DayOrder {
  const m = buildModel(visits, [engineer], travel);
  const e = m.engineers[0] as EngineerModel;
  const tally = newTally();
  const cost: RouteCost = (seq, len) => dayCost(walk(m, e, seq, len, tally));
  const given = mergeBooked(
    m,
    e,
    visits.map((_, i) => i),
  );
  const exact = visits.length <= (opts.exactUpTo ?? 8) && m.ids.length <= 30;
  const best = exact ? exactOrder(m, e) : heuristicOrder(m, e, given, cost);
  const chosen = walk(m, e, best, best.length, newTally());
  const before = walk(m, e, given, given.length, newTally());
  return {
    feasible: keepsRules(chosen),
    ...(keepsRules(chosen) ? {} : { reason: chosen.violation > 0 ? '时间窗内排不下' : '班次结束前做不完' }),
    exact,
    stops: stopsOf(m, e, best),
    km: roundKm(chosen.km),
    minutes: chosen.minutes,
    given: { km: roundKm(before.km), minutes: before.minutes, feasible: keepsRules(before) },
  };
}

function keepsRules(t: Tally): boolean {
  return t.violation === 0 && t.overrun === 0;
}

function dayCost(t: Tally): number {
  return (t.violation + t.overrun) * BREACH + t.minutes;
}

/** The given visits in their order, each booked visit going in when its time comes. */
function mergeBooked(m: Model, e: EngineerModel, given: number[]): number[] {
  const seq: number[] = [];
  const pending = [...e.booked];
  const tally = newTally();
  for (const v of given) {
    while (pending.length > 0) {
      const next = [...seq, v];
      const startOfV = walk(m, e, next, next.length, tally).end - (m.service[v] as number);
      if (startOfV < (m.open[pending[0] as number] as number)) break;
      seq.push(pending.shift() as number);
    }
    seq.push(v);
  }
  return [...seq, ...pending];
}

/**
 * Depth-first over every order (booked visits in their own order), cut when the partial cost reaches the best
 * complete one or when another partial order over the same visits, ending at the same one, was cheaper and done sooner.
 */
function exactOrder(m: Model, e: EngineerModel): number[] {
  const nodes = m.ids.length;
  const tally = newTally();
  const seen = new Map<number, Array<[cost: number, end: number]>>();
  let best: number[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  const seq: number[] = [];
  const dominated = (mask: number, last: number, cost: number, end: number): boolean => {
    const key = mask * (nodes + 1) + last;
    const labels = seen.get(key) ?? [];
    if (labels.some(([c, t]) => c <= cost && t <= end)) return true;
    seen.set(key, [...labels.filter(([c, t]) => !(cost <= c && end <= t)), [cost, end]]);
    return false;
  };
  const visit = (mask: number, bookedNext: number): void => {
    walk(m, e, seq, seq.length, tally);
    const partial = tally.violation * BREACH + tally.minutes;
    if (seq.length === nodes) {
      const total = partial + tally.overrun * BREACH;
      if (total < bestCost) [bestCost, best] = [total, [...seq]];
      return;
    }
    if (partial >= bestCost || (seq.length > 0 && dominated(mask, seq[seq.length - 1] as number, partial, tally.end))) return;
    for (let v = 0; v < nodes; v++) {
      if (mask & (1 << v)) continue;
      if (m.fixed[v] && v !== e.booked[bookedNext]) continue;
      seq.push(v);
      visit(mask | (1 << v), m.fixed[v] ? bookedNext + 1 : bookedNext);
      seq.pop();
    }
  };
  visit(0, 0);
  return best;
}

/** Insertion by closing window, then or-opt and 2-opt; the given order improved the same way if that ends cheaper. */
function heuristicOrder(m: Model, e: EngineerModel, given: number[], cost: RouteCost): number[] {
  const byClose = m.ids.map((_, i) => i).filter((v) => !m.fixed[v]);
  byClose.sort((a, b) => (m.close[a] as number) - (m.close[b] as number) || a - b);
  let seq = [...e.booked];
  for (const v of byClose) {
    const { at } = bestInsertion(seq, v, cost);
    seq = [...seq.slice(0, Math.max(at, 0)), v, ...seq.slice(Math.max(at, 0))];
  }
  const built = improveRoute(seq, m.fixed, cost);
  const fromGiven = improveRoute(given, m.fixed, cost);
  return fromGiven.cost < built.cost ? fromGiven.seq : built.seq;
}
