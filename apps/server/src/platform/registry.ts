/**
 * The source file that called a registration function (state hook, order-created hook, job handler …), kept beside each
 * entry so the wiring snapshot (modules/wiring.test.ts) can name every subscriber in the order it runs.
 * `depth` 0: the function calling registrationSite; 1: its caller (the usual: a register* function's caller).
 */
export function registrationSite(depth = 1): string {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const frame = frames[1 + depth] ?? '';
  const m = /(?:apps\/server\/src|bench|e2e)\/([^():]+\.[cm]?[jt]s)/.exec(frame);
  return m?.[1] ?? '?';
}
