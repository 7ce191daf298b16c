/**
 * The source file that called a registration function (state hook, order-created hook, job handler …), kept beside each
 * entry so the wiring snapshot (modules/wiring.test.ts) can name every subscriber in the order it runs.
 * `depth` 0: the function calling registrationSite; 1: its caller (the usual: a register* function's caller).
 * Reads the call sites' file names, not the formatted stack: formatting went through the test runner's source maps and
 * took a fifth of every test app's build.
 */
export function registrationSite(depth = 1): string {
  const format = Error.prepareStackTrace;
  const holder: { stack?: NodeJS.CallSite[] } = {};
  try {
    Error.prepareStackTrace = (_err, sites) => sites;
    Error.captureStackTrace(holder, registrationSite);
    const file = holder.stack?.[depth]?.getFileName() ?? '';
    const m = /(?:apps\/server\/src|bench|e2e)\/([^():]+\.[cm]?[jt]s)/.exec(file);
    return m?.[1] ?? '?';
  } finally {
    Error.prepareStackTrace = format;
  }
}
