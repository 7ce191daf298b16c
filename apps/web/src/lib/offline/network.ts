// Whether the engineer's app has a network. The browser's navigator.onLine is not enough: a page reloaded while
// offline under the service worker may still say online (Chromium), and its reads then arrive from the worker's
// copies. The worker marks such an answer (OFFLINE_HEADER), and the API client reports every answer here.

export { KEPT_AT_HEADER, OFFLINE_HEADER } from './paths';

let down = false;
/** While down: when the oldest copy shown since was kept (ms), for 离线数据，更新于 …; null when none said. */
let keptAt: number | null = null;
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
  if (!down) keptAt = null;
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

/**
 * The API client's report of one answer: from the worker's copy (the network failed), with when that copy was kept,
 * or fresh from the server.
 */
export function noteAnswer(fromCopy: boolean, copyKeptAt?: number): void {
  if (fromCopy && copyKeptAt && (keptAt === null || copyKeptAt < keptAt)) {
    keptAt = copyKeptAt;
    if (down) for (const l of listeners) l();
  }
  set(fromCopy);
}

/** Offline: when the oldest copy shown was kept (ms since the epoch), or null (online, or no copy shown yet). */
export const offlineDataAt = (): number | null => (down ? keptAt : null);

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

/** The offline mark of what is shown: 离线数据，更新于 5 分钟前 (刚刚 under a minute; hours, then days). */
export function offlineDataText(at: number, now = Date.now()): string {
  const min = Math.max(0, Math.floor((now - at) / 60_000));
  const ago = min < 1 ? '刚刚' : min < 60 ? `${min} 分钟前` : min < 24 * 60 ? `${Math.floor(min / 60)} 小时前` : `${Math.floor(min / (24 * 60))} 天前`;
  return `离线数据，更新于 ${ago}`;
}
