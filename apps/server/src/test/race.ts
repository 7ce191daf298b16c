/**
 * Concurrency tests (DESIGN.md §4): fire N calls at once and collect every outcome,
 * so a test can assert exactly one winner, a limit never passed, and no HTTP 500.
 */
export async function race<T>(n: number, fire: (i: number) => Promise<T>): Promise<PromiseSettledResult<T>[]> {
  // Start them all before awaiting any: the calls really overlap.
  const calls = Array.from({ length: n }, (_, i) => fire(i));
  return Promise.allSettled(calls);
}

/** The values of the calls that resolved, and the errors of those that threw. */
export function outcomes<T>(results: PromiseSettledResult<T>[]): { values: T[]; errors: unknown[] } {
  const values: T[] = [];
  const errors: unknown[] = [];
  for (const r of results) r.status === 'fulfilled' ? values.push(r.value) : errors.push(r.reason);
  return { values, errors };
}
