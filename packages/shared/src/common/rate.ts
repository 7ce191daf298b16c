import type { EndpointDef } from './contract';

/**
 * API rate limits (docs/api.md): every route belongs to one class, counted per session when the caller has one and
 * per client address otherwise. `people` is generous (a person clicking never meets it); `anonymous` is for calls
 * without a session; `heavy` for exports, reports and search; `tight` for what sends SMS or opens a door from outside
 * (codes, portal links, the public QR report).
 */
export const RATE_CLASSES = {
  people: { max: 600, windowSeconds: 60, label: '日常操作' },
  anonymous: { max: 120, windowSeconds: 60, label: '未登录访问' },
  heavy: { max: 30, windowSeconds: 60, label: '导出、报表与搜索' },
  tight: { max: 10, windowSeconds: 600, label: '短信验证码与外部链接' },
} as const;
export type RateClass = keyof typeof RATE_CLASSES;

/** Paths (without /api) of the tight class: each sends an SMS or answers a stranger's link. */
const TIGHT: readonly (string | RegExp)[] = [
  '/stand/sendCode',
  '/portal/link/send',
  '/portal/link/login',
  '/v2/returnvisitTask/sendSms',
  '/order/pdfSend',
  '/quotation/signLink',
  /^\/portal\/scan(\/|$)/,
];

/** Paths of the heavy class: exports, reports and search read or write much per call. */
const HEAVY: readonly (string | RegExp)[] = [
  /^\/export\//,
  /(^|\/)export$/,
  /^\/report\//,
  /^\/v2\/report\//,
  /^\/operate\/report\/(run|query|export)$/,
  /\/report(\/count)?$/,
  /^\/search$/,
  /^\/knowledge\/search$/,
  /^\/v2\/customer\/import\/(check|save)$/,
];

const matches = (path: string, list: readonly (string | RegExp)[]) => list.some((p) => (typeof p === 'string' ? p === path : p.test(path)));

/** The class of a contract: its own `rate`, else by path (the tables above), else by whether it needs a session. */
export function rateClassOf(ep: Pick<EndpointDef, 'path' | 'auth' | 'rate'>): RateClass {
  if (ep.rate) return ep.rate;
  if (matches(ep.path, TIGHT)) return 'tight';
  if (matches(ep.path, HEAVY)) return 'heavy';
  return ep.auth === 'public' ? 'anonymous' : 'people';
}
