// The one request client. Every call goes through a contract from @sk/shared; components never call fetch.
import type { BodyInput, EndpointDef, Envelope, QueryInput, ResponseOf } from '@sk/shared';
import { errorMessages } from '@sk/shared/common/errors';
import { z } from 'zod';
import { isOnline, KEPT_AT_HEADER, noteAnswer, OFFLINE_HEADER } from './offline/network';

const SERVICE_UNAVAILABLE = '服务暂时不可用，请稍后重试';
export const OFFLINE_MESSAGE = '当前网络不可用，请在网络恢复后重试';

export const API_PREFIX = '/api';
export const TIMEOUT_MS = 120_000;
export const DUPLICATE_WINDOW_MS = 1000;
export const DUPLICATE_MEMORY = 20;
export const NO_CANCEL_HEADER = 'X-No-Cancel';
export const DUPLICATE_MESSAGE = '请勿重复点击';
export const NOT_LOGGED_IN = '未登录';
export const CSRF_INVALID = '操作失败，无效的CsrfToken';
const CSRF_REFRESH_DELAY_MS = 200;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What `call` takes: the body for endpoints with one, otherwise the query (GET always the query). */
export type InputOf<E extends EndpointDef> = E extends { body: z.ZodType }
  ? BodyInput<E>
  : E extends { query: z.ZodType }
    ? QueryInput<E>
    : Record<string, unknown> | undefined;

export interface CallOptions {
  /** Let an identical non-GET through even within the duplicate window (same as header X-No-Cancel: 1). */
  noCancel?: boolean;
  /** Don't toast failures (the caller shows them). */
  silent?: boolean;
  /** Don't leave the page on 未登录 / no role / expired answers. */
  noRedirect?: boolean;
  /** Toast the envelope's message on success ('保存成功'). */
  successToast?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** The shell wires these at start; the defaults keep the client usable (and testable) on its own. */
export interface ApiHooks {
  toast(kind: 'error' | 'success' | 'warning', text: string): void;
  navigate(path: string): void;
  refreshSession(): void;
  csrfToken(): string | undefined;
  /** Inside the mobile app shell '未登录' goes to code login instead of /error403. */
  isAppShell(): boolean;
  /** A write succeeded: the query layer drops the cached answers it makes stale. */
  written(ep: EndpointDef): void;
  /** The app shell's session id, sent in the session-id header. */
  appSessionId(): string | undefined;
}

const hooks: ApiHooks = {
  toast: () => {},
  navigate: (path) => window.location.assign(path),
  refreshSession: () => {},
  csrfToken: () => undefined,
  isAppShell: () => false,
  written: () => {},
  appSessionId: () => undefined,
};

export function configureApi(h: Partial<ApiHooks>): void {
  Object.assign(hooks, h);
}

/** Non-GET requests of the last moments: method + url + body, and when. */
const recent: { key: string; at: number }[] = [];

export function resetApiMemory(): void {
  recent.length = 0;
}

/** True when an identical request ran within the window; remembers this one either way. */
function isDuplicate(key: string, now: number, cancellable: boolean): boolean {
  const dup = cancellable && recent.some((r) => r.key === key && now - r.at < DUPLICATE_WINDOW_MS);
  if (dup) return true;
  recent.push({ key, at: now });
  if (recent.length > DUPLICATE_MEMORY) recent.shift();
  return false;
}

function toQueryString(input: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined || v === null) continue;
    q.append(k, Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Fills `:name` segments from the input and returns the rest of the input. */
function fillPath(path: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const filled = path.replace(/:(\w+)/g, (_, k: string) => {
    const v = rest[k];
    delete rest[k];
    return encodeURIComponent(String(v ?? ''));
  });
  return { path: filled, rest };
}

interface Prepared {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
  key: string;
}

function prepare(ep: EndpointDef, input: unknown, opts: CallOptions): Prepared {
  const [rawPath, fixedQuery = ''] = ep.path.split('?');
  // An array body (e.g. batch saves) has no path parameters and goes out as it is.
  const isArray = Array.isArray(input);
  const { path, rest } = isArray
    ? { path: rawPath ?? '', rest: input as unknown as Record<string, unknown> }
    : fillPath(rawPath ?? '', (input ?? {}) as Record<string, unknown>);
  const headers: Record<string, string> = { ...opts.headers };
  const sid = hooks.appSessionId();
  if (sid) headers.sessionId = sid;
  const asQuery = ep.method === 'GET' || (!ep.body && !!ep.query);
  let qs = asQuery ? toQueryString(rest) : '';
  if (fixedQuery) qs = qs ? `${qs}&${fixedQuery}` : `?${fixedQuery}`;
  const url = `${API_PREFIX}${path}${qs}`;
  let body: string | undefined;
  if (ep.method !== 'GET') {
    const token = hooks.csrfToken();
    if (token) headers['X-CSRF-Token'] = token;
    if (!asQuery) {
      body = JSON.stringify(rest);
      headers['Content-Type'] = 'application/json';
    }
  }
  if (opts.noCancel) headers[NO_CANCEL_HEADER] = '1';
  return { url, init: { method: ep.method, headers, body, credentials: 'same-origin' }, key: `${ep.method} ${url} ${body ?? ''}` };
}

function fail(err: ApiError, opts: CallOptions): never {
  if (!opts.silent) hooks.toast('error', err.message);
  throw err;
}

/** Where an answer of success:false sends the user. */
function followFailure(env: Envelope, opts: CallOptions): void {
  if (env.message === CSRF_INVALID || env.code === 'CSRF_INVALID') {
    setTimeout(() => hooks.refreshSession(), CSRF_REFRESH_DELAY_MS);
    return;
  }
  if (opts.noRedirect) return;
  if (env.message === NOT_LOGGED_IN || env.code === 'NOT_LOGGED_IN') hooks.navigate(hooks.isAppShell() ? '/login' : '/error403');
  else if (env.code === 'NO_ROLE') hooks.navigate('/errorRole');
  else if (env.code === 'SERVICE_EXPIRED') hooks.navigate('/errorOverdue');
}

/** What an answer that is not HTTP 200 means to the user. */
async function statusError(res: Response): Promise<ApiError> {
  const { status } = res;
  // Too many requests (the server's rate limits, docs/api.md): its envelope says so in Chinese; Retry-After says when.
  if (status === 429) return new ApiError(await refusalMessage(res), 'RATE_LIMITED', status);
  if (status === 404) return new ApiError('404 Error', 'HTTP_404', status);
  if (status === 500) return new ApiError('500 Error', 'HTTP_500', status);
  // The server is up but its database is not (restarting): it says so, and the user may try again.
  if (status === 503) return new ApiError(SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE', status);
  return new ApiError('Network Error', 'HTTP_ERROR', status);
}

const messageOf = (body: unknown): string | undefined => {
  const m = body && typeof body === 'object' ? (body as Partial<Envelope>).message : undefined;
  return typeof m === 'string' && m ? m : undefined;
};

/** The envelope's message of a 429, or the same words when its body is not the envelope (a proxy's own 429). */
async function refusalMessage(res: Response): Promise<string> {
  return messageOf(await res.json().catch(() => null)) ?? errorMessages.RATE_LIMITED;
}

/**
 * What to say when an upload sent by antd's Upload (its own request, not this client) failed: the server's message
 * when it answered the envelope (a 429 among them), else 上传失败.
 */
export const uploadFailure = (response: unknown): string => messageOf(response) ?? '上传失败';

async function send(p: Prepared, opts: CallOptions): Promise<Response> {
  const ctl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort();
  }, opts.timeoutMs ?? TIMEOUT_MS);
  const onAbort = () => ctl.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(p.url, { ...p.init, signal: ctl.signal });
    noteAnswer(res.headers.get(OFFLINE_HEADER) === '1', Number(res.headers.get(KEPT_AT_HEADER)) || undefined);
    return res;
  } catch (e) {
    if (timedOut) return fail(new ApiError('请求超时，请稍后重试', 'TIMEOUT'), opts);
    if (opts.signal?.aborted) throw e;
    // Offline (the engineer's app): reads fail quietly (the page shows what it last loaded, the offline banner says
    // why); an action says the network is down.
    if (!isOnline()) {
      return fail(new ApiError(OFFLINE_MESSAGE, 'NETWORK'), p.init.method === 'GET' ? { ...opts, silent: true } : opts);
    }
    return fail(new ApiError('Network Error', 'NETWORK'), opts);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** The whole envelope of a successful call (for callers that need the message too). */
export async function callEnvelope<E extends EndpointDef>(ep: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<Envelope<ResponseOf<E>>> {
  const p = prepare(ep, input, opts);
  if (ep.method !== 'GET') {
    const cancellable = !opts.noCancel && p.init.headers[NO_CANCEL_HEADER] !== '1';
    if (isDuplicate(p.key, Date.now(), cancellable)) fail(new ApiError(DUPLICATE_MESSAGE, 'DUPLICATE'), opts);
  }
  return answer(ep, await send(p, opts), opts);
}

/** A response as an envelope: a failure is followed (login, role, expiry), toasted unless silent and thrown. */
async function answer<E extends EndpointDef>(ep: E, res: Response, opts: CallOptions): Promise<Envelope<ResponseOf<E>>> {
  if (res.status !== 200) fail(await statusError(res), opts);
  let env: Envelope<ResponseOf<E>>;
  try {
    env = (await res.json()) as Envelope<ResponseOf<E>>;
  } catch {
    return fail(new ApiError('Network Error', 'BAD_BODY', res.status), opts);
  }
  if (!env.success) {
    followFailure(env, opts);
    fail(new ApiError(env.message, env.code), opts);
  }
  if (opts.successToast && env.message) hooks.toast('success', env.message);
  if (ep.method !== 'GET') hooks.written(ep);
  return env;
}

/**
 * Sends a file to an upload endpoint (multipart, the file under `file`; the JSON requests cannot carry one), the
 * endpoint's query in the URL, and answers its envelope as callEnvelope does: the same session headers, time-out,
 * errors and toasts.
 */
export async function uploadEnvelope<E extends EndpointDef>(
  ep: E,
  file: Blob,
  fileName: string,
  query: Record<string, unknown> = {},
  opts: CallOptions = {},
): Promise<Envelope<ResponseOf<E>>> {
  const form = new FormData();
  form.append('file', file, fileName);
  const headers: Record<string, string> = { ...opts.headers };
  const sid = hooks.appSessionId();
  if (sid) headers.sessionId = sid;
  const token = hooks.csrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  const url = `${API_PREFIX}${ep.path}${toQueryString(query)}`;
  const p: Prepared = { url, init: { method: ep.method, headers, body: form, credentials: 'same-origin' }, key: `${ep.method} ${url}` };
  return answer(ep, await send(p, opts), opts);
}

/**
 * Calls an endpoint that answers a file (a PDF …) and answers its content; a JSON answer is an envelope refusing it,
 * whose message is thrown (and toasted unless silent).
 */
export async function callFile<E extends EndpointDef>(ep: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<Blob> {
  const res = await send(prepare(ep, input, opts), opts);
  if (res.status !== 200) fail(await statusError(res), opts);
  if (res.headers.get('content-type')?.startsWith('application/json')) {
    const env = (await res.json().catch(() => ({}))) as Partial<Envelope>;
    fail(new ApiError(env.message || '下载失败', env.code), opts);
  }
  return res.blob();
}

/** Calls an endpoint by its contract and answers `data`; failures throw ApiError (already toasted unless silent). */
export async function call<E extends EndpointDef>(ep: E, input?: InputOf<E>, opts: CallOptions = {}): Promise<ResponseOf<E>> {
  return (await callEnvelope(ep, input, opts)).data as ResponseOf<E>;
}

/** A GET endpoint for a path the server hands out at run time (menu badge paths carry their own query). */
export const getPath = (path: string): EndpointDef => ({ method: 'GET', path, response: z.unknown() });
