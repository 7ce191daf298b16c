// The page of the address the app was opened at: the shell's first render waits for its code (app/warmup.ts starts
// loading it with the session) and, for a list, its first page, so that the shell, the page and its rows render
// together instead of one after the other.

/** The longest the shell waits for the page's code: a slow chunk shows the shell with the page's spinner instead. */
export const FIRST_PAGE_WAIT_MS = 3000;

let loading: Promise<void> | null = null;
let settled = true;

/**
 * The longest the shell waits, once the page's code has loaded, for the opening list's first page (so that its rows
 * are in the first render): a slow list shows the shell with the table's spinner instead.
 */
export const FIRST_LIST_WAIT_MS = 1000;

/**
 * Called once at start-up with the opening page's preload and, for a list page, its first page being asked for (or
 * not at all, for an address outside the shell), neither of which rejects, and the session's load: when that fails
 * (no session: the login page) nothing more is waited for.
 */
export function waitForFirstPage(preload: Promise<void>, list?: Promise<void>, session?: Promise<unknown>): void {
  settled = false;
  const rows = () => (list ? Promise.race([list, new Promise<void>((resolve) => setTimeout(resolve, FIRST_LIST_WAIT_MS))]) : undefined);
  const noSession = new Promise<void>((resolve) => session?.catch(() => resolve()));
  loading = Promise.race([preload.then(rows), noSession]).finally(() => {
    settled = true;
  });
}

/** Whether the opening page's code has settled (loaded or failed), or there is none to wait for. */
export const firstPageSettled = (): boolean => settled;

/** Settles when the opening page's code has, or after FIRST_PAGE_WAIT_MS at the latest. */
export function firstPageReady(): Promise<void> {
  const wait = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS));
  return loading ? Promise.race([loading, wait]) : Promise.resolve();
}
