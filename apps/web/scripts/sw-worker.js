// The service worker of the installable app (docs/phone.md "离线使用"). The build prepends BUILD (its hash) and
// PRECACHE (the app shell: index.html, the first load's scripts and styles, the manifest and icons); scripts/sw.ts.
/* global BUILD, PRECACHE */

const SHELL = `sk-shell-${BUILD}`;
/** Hashed files fetched later (lazy pages): kept as they are met, under this build's name. */
const ASSETS = `sk-assets-${BUILD}`;
/** The engineer's last answers (the page clears it on logout and on a change of user: lib/offline/swCache.ts). */
const API = 'sk-api';

/**
 * The GETs the engineer's order list, order detail and completion form need, answered from the cache when offline
 * (pathnames; `:id` is one segment).
 */
const OFFLINE_API = [
  '/api/v2/sessionUser/info',
  '/api/v2/menu/listV2',
  '/api/v2/menu/custom/list',
  '/api/v2/menu/mobile/getCount',
  '/api/v2/order/getAllOrderList',
  '/api/order/orderDetail',
  '/api/order/getOrderTab',
  '/api/order/getOrderTab/:id',
  '/api/v2/order/logs',
  '/api/v2/order/messageList',
  '/api/v2/order/relatedList',
  '/api/v2/order/view/getSign',
  '/api/detailcontrol/forminfo',
  '/api/systemsetting/getByCode',
  '/api/systemsetting/getByCodes',
  '/api/search/plan/default',
];
const API_PATHS = OFFLINE_API.map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}$`));

/**
 * Where the browser supports it (static routing), every other API call and every write skips the worker: each one
 * otherwise woke it, on a phone too, only for it to pass the request on. Elsewhere the fetch handler decides alone.
 */
function addRoutes(event) {
  if (typeof event.addRoutes !== 'function') return Promise.resolve();
  return event
    .addRoutes([
      { condition: { not: { requestMethod: 'GET' } }, source: 'network' },
      ...OFFLINE_API.map((pathname) => ({ condition: { urlPattern: { pathname } }, source: 'fetch-event' })),
      { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
    ])
    .catch(() => {
      // A browser that refuses one of the rules keeps the fetch handler for everything, as before.
    });
}

self.addEventListener('install', (event) => {
  event.waitUntil(Promise.all([addRoutes(event), caches.open(SHELL).then((c) => c.addAll(PRECACHE))]).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // A new build takes over at once and drops the files of the old one (never the engineer's answers).
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL && n !== ASSETS && n !== API).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/** The cache key of an API answer: the URL without the cache-busting timestamp. */
function apiKey(url) {
  const u = new URL(url);
  u.searchParams.delete('timestamp');
  u.searchParams.delete('_');
  return u.toString();
}

async function networkFirstApi(request) {
  const key = apiKey(request.url);
  try {
    const res = await fetch(request);
    if (res.ok && (res.headers.get('content-type') ?? '').includes('application/json')) {
      const copy = res.clone();
      // Only a successful envelope is kept: 未登录 or a refusal must never stand in for the data.
      copy
        .json()
        .then((env) =>
          env && env.success === true
            ? caches.open(API).then((c) => c.put(key, new Response(JSON.stringify(env), { headers: { 'content-type': 'application/json' } })))
            : null,
        )
        .catch(() => {});
    }
    return res;
  } catch (e) {
    const hit = await caches.open(API).then((c) => c.match(key));
    if (!hit) throw e;
    // Marked as a copy: the page knows the network is down even where the browser still says online.
    const headers = new Headers(hit.headers);
    headers.set('x-sk-offline', '1');
    return new Response(hit.body, { status: hit.status, headers });
  }
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (e) {
    const shell = await caches.match('/index.html', { cacheName: SHELL });
    if (shell) return shell;
    throw e;
  }
}

async function asset(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) {
    const copy = res.clone();
    caches.open(ASSETS).then((c) => c.put(request, copy));
  }
  return res;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) return event.respondWith(asset(request));
  if (API_PATHS.some((p) => p.test(url.pathname))) return event.respondWith(networkFirstApi(request));
});
