import { type Board, hasRoom, newBoard, routeCost, setRoute, toPlan } from './board';
import { insertAt } from './sequence';
import type { Plan, Problem } from './types';

/**
 * The baseline a dispatcher would do by hand: orders in the order given, each to the allowed engineer whose last
 * placed order (else his start) is nearest, after that order, at the first place it fits; else the next nearest.
 */
export function greedyPlan(problem: Problem): Plan {
  const b = newBoard(problem);
  // Per engineer: where his next order goes in his route, and the point his route ends at.
  const cursor = b.routes.map(() => 0);
  const endPoint = b.m.engineers.map((e) => e.startPoint);
  problem.visits.forEach((_, v) => {
    const to = b.m.point[v] as number;
    const byDistance = (b.eligible[v] as number[])
      .filter((e) => hasRoom(b, e))
      .sort((x, y) => legMinutes(b, endPoint[x] as number, to) - legMinutes(b, endPoint[y] as number, to) || x - y);
    for (const e of byDistance) {
      const at = firstFit(b, e, v, cursor[e] as number);
      if (at < 0) continue;
      cursor[e] = at + 1;
      endPoint[e] = to;
      b.where[v] = e;
      return;
    }
  });
  return toPlan(b);
}

function legMinutes(b: Board, from: number, to: number): number {
  return b.m.minutes[from * b.m.pointCount + to] as number;
}

/** Places v at the first position from `from` on where his route keeps every rule; -1 when none. */
function firstFit(b: Board, e: number, v: number, from: number): number {
  const seq = b.routes[e] as number[];
  for (let at = from; at <= seq.length; at++) {
    const next = insertAt(seq, v, at);
    const cost = routeCost(b, e, next, next.length);
    if (cost < Number.POSITIVE_INFINITY) {
      setRoute(b, e, next, cost);
      return at;
    }
  }
  return -1;
}
