/// <reference lib="webworker" />
// The service worker of the installable app (docs/phone.md "离线使用"), built by vite-plugin-pwa (injectManifest):
// Workbox precaches this build's files (self.__WB_MANIFEST) and a new build takes over at once; the kept API reads
// and their offline mark are ours, as is the offline queue (lib/offline/queue.ts, sent by the page).
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { API_CACHE, isOfflineRead, KEPT_AT_HEADER, keptKey, OFFLINE_API, OFFLINE_HEADER } from '../src/lib/offline/paths';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

/** Hashed files met later that this build's precache does not list (an older page's lazy chunk): kept as met. */
const ASSETS = 'sk-assets';

/**
 * Where the browser supports it (static routing), every other API call and every write skips the worker: each one
 * otherwise woke it, on a phone too, only for it to pass the request on. Elsewhere the fetch handler decides alone.
 */
self.addEventListener('install', (event) => {
  const e = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (typeof e.addRoutes !== 'function') return;
  event.waitUntil(
    e
      .addRoutes([
        { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
        ...OFFLINE_API.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'fetch-event' })),
        { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
      ])
      .catch(() => {
        // A browser that refuses one of the rules keeps the fetch handler for everything.
      }),
  );
});

// A new build takes over at once; Workbox drops the old build's precache (never the engineer's answers).
self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** The kept reads: network first; a successful envelope is kept; with no network, the copy, marked and dated. */
async function keptRead(request: Request): Promise<Response> {
  const key = keptKey(request.url);
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) {
      const copy = res.clone();
      // Only a successful envelope is kept: 未登录 or a refusal must never stand in for the data.
      copy
        .json()
        .then((env) =>
          env && env.success === true
            ? caches
                .open(API_CACHE)
                .then((c) =>
                  c.put(key, new Response(JSON.stringify(env), { headers: { 'content-type': 'application/json', [KEPT_AT_HEADER]: String(Date.now()) } })),
                )
            : null,
        )
        .catch(() => {});
    }
    return res;
  } catch (e) {
    const hit = await caches.open(API_CACHE).then((c) => c.match(key));
    if (!hit) throw e;
    // Marked as a copy: the page knows the network is down even where the browser still says online.
    const headers = new Headers(hit.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(hit.body, { status: hit.status, headers });
  }
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isOfflineRead(url.pathname),
  ({ request }) => keptRead(request),
);

/** A navigation: the network first (a new build's index.html), this build's precached index.html offline. */
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch (e) {
      const shell = await matchPrecache('/index.html');
      if (shell) return shell;
      throw e;
    }
  },
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ASSETS, plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })] }),
);
