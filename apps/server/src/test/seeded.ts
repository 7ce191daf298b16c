// Seeded random data for property tests over a summary: the same set on every run, so a failure can be replayed.

/** A deterministic generator (mulberry32) of numbers in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `xs`, drawn by `r`. */
export const pickWith =
  (r: () => number) =>
  <T>(xs: readonly T[]): T =>
    xs[Math.floor(r() * xs.length)] as T;

/** The calendar day `d` days ago in Shanghai ('YYYY-MM-DD'): the demo enterprises' midnight, not UTC's. */
export const dayAgo = (d: number): string => new Date(Date.now() - d * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
