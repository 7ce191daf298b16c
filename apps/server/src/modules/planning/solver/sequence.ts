// Moves within one route, for any route cost (Infinity when the route breaks a rule). Booked nodes never move:
// insertions and or-opt move only new visits, and 2-opt reverses only stretches without a booked visit.

export type RouteCost = (seq: ArrayLike<number>, len: number) => number;

/** The cheapest position for v in seq (at = -1 when every position costs Infinity). */
export function bestInsertion(seq: readonly number[], v: number, cost: RouteCost): { cost: number; at: number } {
  const buf = [v, ...seq];
  let best = Number.POSITIVE_INFINITY;
  let at = -1;
  for (let i = 0; ; i++) {
    const c = cost(buf, buf.length);
    if (c < best) {
      best = c;
      at = i;
    }
    if (i === seq.length) break;
    // Slide v one place on.
    buf[i] = buf[i + 1] as number;
    buf[i + 1] = v;
  }
  return { cost: best, at };
}

export function insertAt(seq: readonly number[], v: number, at: number): number[] {
  return [...seq.slice(0, at), v, ...seq.slice(at)];
}

/** Or-opt and 2-opt, first improvement, until neither improves. Returns the route and its cost. */
export function improveRoute(seq: number[], fixed: Uint8Array, cost: RouteCost): { seq: number[]; cost: number } {
  let current = seq;
  let best = cost(current, current.length);
  for (;;) {
    const next = firstBetter(current, fixed, cost, best);
    if (!next) return { seq: current, cost: best };
    current = next.seq;
    best = next.cost;
  }
}

function firstBetter(seq: number[], fixed: Uint8Array, cost: RouteCost, limit: number): { seq: number[]; cost: number } | null {
  return orOpt(seq, fixed, cost, limit) ?? twoOpt(seq, fixed, cost, limit);
}

/** Moves a stretch of 1–3 new visits elsewhere in the route. */
function orOpt(seq: number[], fixed: Uint8Array, cost: RouteCost, limit: number): { seq: number[]; cost: number } | null {
  const n = seq.length;
  for (let len = 1; len <= 3; len++) {
    for (let i = 0; i + len <= n; i++) {
      if (hasFixed(seq, fixed, i, i + len)) continue;
      const rest = [...seq.slice(0, i), ...seq.slice(i + len)];
      const part = seq.slice(i, i + len);
      for (let j = 0; j <= rest.length; j++) {
        if (j === i) continue;
        const cand = [...rest.slice(0, j), ...part, ...rest.slice(j)];
        const c = cost(cand, cand.length);
        if (c < limit - 1e-9) return { seq: cand, cost: c };
      }
    }
  }
  return null;
}

/** Reverses a stretch of new visits. */
function twoOpt(seq: number[], fixed: Uint8Array, cost: RouteCost, limit: number): { seq: number[]; cost: number } | null {
  const n = seq.length;
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      if (fixed[seq[j] as number]) break;
      if (fixed[seq[i] as number]) break;
      const cand = [...seq.slice(0, i), ...seq.slice(i, j + 1).reverse(), ...seq.slice(j + 1)];
      const c = cost(cand, cand.length);
      if (c < limit - 1e-9) return { seq: cand, cost: c };
    }
  }
  return null;
}

function hasFixed(seq: number[], fixed: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (fixed[seq[k] as number]) return true;
  return false;
}
