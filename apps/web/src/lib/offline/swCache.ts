// The service worker's side the page looks after (docs/phone.md "离线使用"): registering it, and dropping the cached
// answers of the API when the user logs out or another user logs in, so nobody is ever shown someone else's orders.

import { API_CACHE } from './paths';

export { API_CACHE };
const USER_KEY = 'sk_cache_user';

export function clearApiCache(): void {
  try {
    if (typeof caches !== 'undefined') void caches.delete(API_CACHE).catch(() => {});
  } catch {
    // no Cache Storage here: nothing was cached
  }
}

/** Called with each loaded session user (enterprise and id), and with null on logout. */
export function cacheBelongsTo(user: { enterpriseId: number; id: number } | null): void {
  try {
    const who = user ? `${user.enterpriseId}:${user.id}` : '';
    if (window.localStorage.getItem(USER_KEY) === who) return;
    clearApiCache();
    if (who) window.localStorage.setItem(USER_KEY, who);
    else window.localStorage.removeItem(USER_KEY);
  } catch {
    clearApiCache();
  }
}

/**
 * Registers /sw.js in a production build (the dev server has none). A new build's worker takes over at once
 * (scripts/sw.ts); a page already open keeps running its own code, and its next load is the new build.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}
