// Whether the engineer's app has a network. The browser's navigator.onLine is not enough: a page reloaded while
// offline under the service worker may still say online (Chromium), and its reads then arrive from the worker's
// copies. The worker marks such an answer (OFFLINE_HEADER), and the API client reports every answer here.

/** Set by the service worker on an answer it gave from its copy because the network failed. */
export const OFFLINE_HEADER = 'x-sk-offline';

let down = false;
const listeners = new Set<() => void>();

/** While down, how often the app asks the server (past the worker) whether the network is back. */
const PROBE_EVERY_MS = 3000;
let probe: ReturnType<typeof setInterval> | null = null;

const set = (value: boolean) => {
  if (down === value) return;
  down = value;
  if (down && !probe && typeof window !== 'undefined') probe = setInterval(probeServer, PROBE_EVERY_MS);
  if (!down && probe) {
    clearInterval(probe);
    probe = null;
  }
  for (const l of listeners) l();
};

/** The version info is never kept by the worker: an answer means the network is back (the browser may not say so). */
function probeServer(): void {
  fetch('/api/version/info', { cache: 'no-store' })
    .then((res) => {
      if (res.ok) set(false);
    })
    .catch(() => {});
}

/** The API client's report of one answer: from the worker's copy (the network failed) or fresh from the server. */
export function noteAnswer(fromCopy: boolean): void {
  set(fromCopy);
}

/** Online when the browser says so and the last answer came from the server. */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine) && !down;
}

/** Listens to both: the browser's online and offline events, and the answers' reports. */
export function subscribeNetwork(listener: () => void): () => void {
  const back = () => {
    // The browser says the network is back: believe it until an answer says otherwise (set tells the listeners).
    if (navigator.onLine && down) set(false);
    else listener();
  };
  listeners.add(listener);
  window.addEventListener('online', back);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', listener);
  };
}
