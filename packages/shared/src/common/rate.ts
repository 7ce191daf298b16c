import type { EndpointDef } from './contract';

/** A route's rate-limit class (docs/api.md "Rate limits"). */
export type RateClass = NonNullable<EndpointDef['rate']>;

/**
 * API rate limits (docs/api.md): every route belongs to one class, counted per user (staff or portal account) when the
 * request carries a live session and per client address otherwise. `people` is generous (a person clicking never meets
 * it); `anonymous` is for public calls; `heavy` for exports, reports and search; `tight` for what sends an SMS, opens
 * a door from outside (codes, portal links, the public QR report) or creates an enterprise.
 */
export const RATE_CLASSES: Record<RateClass, { max: number; windowSeconds: number }> = {
  people: { max: 600, windowSeconds: 60 },
  anonymous: { max: 120, windowSeconds: 60 },
  heavy: { max: 30, windowSeconds: 60 },
  tight: { max: 10, windowSeconds: 600 },
};

/** The longest window of a class: a counter row older than this counts for nothing (the store sweeps it). */
export const LONGEST_RATE_WINDOW_SECONDS = Math.max(...Object.values(RATE_CLASSES).map((c) => c.windowSeconds));

/** Paths (without /api) of the tight class: each sends an SMS, answers a stranger's link or creates an enterprise. */
export const TIGHT_PATHS: readonly (string | RegExp)[] = [
  '/stand/sendCode',
  '/stand/enterprise',
  '/portal/link/send',
  '/portal/link/login',
  '/v2/returnvisitTask/sendSms',
  '/order/pdfSend',
  '/quotation/signLink',
  // The public QR-report endpoints to come (no contract yet): tight from their first day.
  // 扫码报修: the code and the report (the product's page and the follow link are anonymous reads).
  '/portal/scan/code',
  '/portal/scan/report',
];

/** Paths of the heavy class: exports, imports, reports and search read or write much per call. */
export const HEAVY_PATHS: readonly (string | RegExp)[] = [
  /^\/export\//,
  /(^|\/)export$/,
  /^\/report\//,
  /^\/v2\/report\//,
  /^\/operate\/report\/(run|export)$/,
  /\/report(\/count)?$/,
  /^\/search$/,
  /^\/knowledge\/search$/,
  /^\/v2\/customer\/import\/(check|save)$/,
];

const matches = (path: string, list: readonly (string | RegExp)[]) => list.some((p) => (typeof p === 'string' ? p === path : p.test(path)));

/** The class of a contract: its own `rate`, else by path (the tables above), else by whether it needs a session. */
export function rateClassOf(ep: Pick<EndpointDef, 'path' | 'auth' | 'rate'>): RateClass {
  if (ep.rate) return ep.rate;
  if (matches(ep.path, TIGHT_PATHS)) return 'tight';
  if (matches(ep.path, HEAVY_PATHS)) return 'heavy';
  return ep.auth === 'public' ? 'anonymous' : 'people';
}
