import type { BodyInput, EndpointDef, QueryInput, ResponseOf } from '@sk/shared';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { enterprises, users } from '../db/schema/index';
import { hash } from '@node-rs/argon2';
import { afterCommitSettled } from '../db/after-commit';

/** Seeded straight into the database (never through the API, where it is too common to be set). */
export const TEST_PASSWORD = 'test1234';
/** A password the API accepts when a test sets one (8+ characters, on no common list). */
export const STRONG_PASSWORD = 'Kestrel-Quartz-58';
let hashed: Promise<string> | null = null;
/** Seeded users get a cheap argon2id hash (1 MiB, one pass): a login verifies with the hash's own costs, and the
 * suite logs in thousands of times. Passwords set through the API still get the production costs. */
const passwordHash = () => {
  hashed ??= hash(TEST_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  return hashed;
};

let mobileSeq = 0;
/** A mobile unique within the test process. */
export const nextMobile = (): string => `15${String(process.pid % 1000).padStart(3, '0')}${String(++mobileSeq).padStart(6, '0')}`;

export interface EnterpriseOpts {
  name?: string;
  plan?: 0 | 1 | 2;
  expireDays?: number | null;
  buyPersonNum?: number;
  tryoutType?: number;
}

export async function makeEnterprise(db: Db, o: EnterpriseOpts = {}): Promise<number> {
  const plan = o.plan ?? 1;
  const days = o.expireDays === undefined ? (plan === 0 ? null : 365) : o.expireDays;
  const expire = days == null ? null : new Date(Date.now() + days * 86400_000).toISOString();
  const [ep] = await db
    .insert(enterprises)
    .values({
      name: o.name ?? `测试企业${Math.random().toString(36).slice(2, 7)}`,
      isChargeUser: plan,
      tryoutType: o.tryoutType ?? (plan === 2 ? 1 : 0),
      packageName: ['免费版', 'VIP版', '试用版'][plan] as string,
      buyPersonNum: o.buyPersonNum ?? 100,
      epServiceExpireTime: expire,
    })
    .returning({ id: enterprises.id });
  if (!ep) throw new Error('no enterprise');
  return ep.id;
}

export interface UserOpts {
  roles?: number[];
  admin?: boolean;
  name?: string;
  mobile?: string;
  enabled?: boolean;
  deptId?: number | null;
}

export async function makeUser(db: Db, enterpriseId: number, o: UserOpts = {}): Promise<{ id: number; mobile: string }> {
  const roles = o.roles ?? [3];
  const mobile = o.mobile ?? nextMobile();
  const [u] = await db
    .insert(users)
    .values({
      enterpriseId,
      mobile,
      name: o.name ?? `用户${mobile.slice(-4)}`,
      roles,
      sysrole: roles[0] ?? null,
      admin: o.admin ?? roles.includes(3),
      enabled: o.enabled ?? true,
      deptId: o.deptId ?? null,
      passwordHash: await passwordHash(),
    })
    .returning({ id: users.id });
  if (!u) throw new Error('no user');
  return { id: u.id, mobile };
}

/**
 * What `send` takes: the contract's query for a GET, its body otherwise; any other record too, since
 * tests send wrong input on purpose (the answer is what is typed).
 */
export type InputOf<C extends EndpointDef> = (C['method'] extends 'GET' ? QueryInput<C> : BodyInput<C>) | Record<string, unknown>;

type Shared = typeof import('@sk/shared');
/** The endpoints of one exported object of contracts (never for anything else the package exports). */
type EndpointsIn<G> = G extends z.ZodType | ((...a: never[]) => unknown) | readonly unknown[]
  ? never
  : G extends object
    ? { [K in keyof G]: G[K] extends EndpointDef ? G[K] : never }[keyof G]
    : never;
type AllEndpoints = Extract<{ [K in keyof Shared]: EndpointsIn<Shared[K]> }[keyof Shared], EndpointDef>;
/** Every contract by `METHOD path`, as declared (path params as `:name`). */
type ByRoute = { [E in AllEndpoints as `${E['method']} ${E['path']}`]: E };
/** A declared path as a pattern a concrete one matches (`/x/:id` → `/x/${string}`). */
type Pattern<S extends string> = S extends `${infer A}:${string}/${infer R}`
  ? `${A}${string}/${Pattern<R>}`
  : S extends `${infer A}:${string}`
    ? `${A}${string}`
    : S;
type NoQuery<P extends string> = P extends `${infer B}?${string}` ? B : P;
type MatchOf<R extends string> = Extract<
  R extends keyof ByRoute ? ByRoute[R] : { [K in keyof ByRoute & string]: R extends Pattern<K> ? ByRoute[K] : never }[keyof ByRoute & string],
  EndpointDef
>;
/**
 * The answer's data of a raw call, typed by the contract its method and path name; a path no contract declares (or one
 * built at run time) stays untyped.
 */
export type DataAt<M extends string, P extends string> = string extends P
  ? any
  : [MatchOf<`${M} ${NoQuery<P>}`>] extends [never]
    ? any
    : ResponseOf<MatchOf<`${M} ${NoQuery<P>}`>>;

export interface Answer<T = unknown> {
  status: number;
  success: boolean;
  message: string;
  code?: string;
  data: T;
  headers: Record<string, unknown>;
}

/** A logged-in (or anonymous) HTTP client over app.inject, carrying the cookie and CSRF token. */
export class Client {
  cookie = '';
  csrf = '';
  constructor(readonly app: FastifyInstance) {}

  async request<T = any>(method: string, path: string, payload?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (method !== 'GET' && opts.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    let url = `/api${path}`;
    if (method === 'GET' && payload && typeof payload === 'object') {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(payload as Record<string, unknown>)) if (v !== undefined && v !== null) qs.set(k, String(v));
      const s = qs.toString();
      if (s) url += (url.includes('?') ? '&' : '?') + s;
    }
    const res = await this.app.inject({
      method: method as never,
      url,
      headers,
      ...(method !== 'GET' && payload !== undefined ? { payload: payload as never } : {}),
    });
    // What the request queued after its commit (notices: platform/after-commit.ts) has ended, as it has by the time a
    // user looks again.
    await afterCommitSettled();
    const setCookie = res.cookies.find((c) => c.name === 'sk_sid');
    if (setCookie) this.cookie = setCookie.value ? `sk_sid=${setCookie.value}` : '';
    let body: any = {};
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return { status: res.statusCode, success: body.success, message: body.message, code: body.code, data: body.data, headers: res.headers };
  }
  get<P extends string>(path: P, query?: Record<string, unknown>) {
    return this.request<DataAt<'GET', P>>('GET', path, query);
  }
  post<P extends string>(path: P, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<DataAt<'POST', P>>('POST', path, body ?? {}, opts);
  }
  put<P extends string>(path: P, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<DataAt<'PUT', P>>('PUT', path, body ?? {}, opts);
  }
  del<P extends string>(path: P, body?: unknown, opts?: { csrf?: boolean }) {
    return this.request<DataAt<'DELETE', P>>('DELETE', path, body ?? {}, opts);
  }
  /** Calls a contract without path params: GET sends `input` as the query, others as the body; typed like `send`. */
  call<C extends EndpointDef>(ep: C, input?: InputOf<C>, opts?: { csrf?: boolean }): Promise<Answer<ResponseOf<C>>> {
    return this.request<ResponseOf<C>>(ep.method, ep.path, ep.method === 'GET' ? input : (input ?? {}), opts);
  }
  /**
   * Calls a contract, typed by it: the input is the contract's query (GET) or body, `params` fill the
   * path's `:name` parts, and `data` is the contract's response type, so reading a field it lacks does
   * not compile (the server checks every answer against the same schema in tests).
   */
  send<C extends EndpointDef>(
    ep: C,
    input?: InputOf<C>,
    opts: { params?: Record<string, string | number>; csrf?: boolean } = {},
  ): Promise<Answer<ResponseOf<C>>> {
    const path = ep.path.replace(/:(\w+)/g, (_, k: string) => {
      const v = opts.params?.[k];
      if (v === undefined) throw new Error(`send ${ep.path}: missing param ${k}`);
      return encodeURIComponent(String(v));
    });
    return this.request<ResponseOf<C>>(ep.method, path, ep.method === 'GET' ? input : (input ?? {}), { csrf: opts.csrf });
  }

  /** A badge count as the shell reads it: the number, or the refusal's code (e.g. NO_POWER). */
  async badge(ep: EndpointDef): Promise<number | string | undefined> {
    const r = await this.request<number>(ep.method, ep.path, {}, {});
    return r.success ? r.data : r.code;
  }

  async login(mobile: string, password = TEST_PASSWORD, enterpriseId?: number): Promise<this> {
    const r = await this.post('/stand/pwdLogin', { mobile, password, enterpriseId });
    if (!r.success || r.data?.needChoose) throw new Error(`login failed: ${r.message}`);
    const me = await this.get('/v2/sessionUser/info');
    this.csrf = me.data.csrfToken;
    return this;
  }
}

/** A fresh enterprise with one logged-in user of the given roles. */
export async function loggedIn(app: FastifyInstance, db: Db, o: UserOpts & EnterpriseOpts & { enterpriseId?: number } = {}) {
  const enterpriseId = o.enterpriseId ?? (await makeEnterprise(db, o));
  const user = await makeUser(db, enterpriseId, o);
  const client = await new Client(app).login(user.mobile, TEST_PASSWORD, enterpriseId);
  return { client, enterpriseId, user };
}

/** Today's date as document and order numbers carry it (yyyymmdd in the test enterprises' default zone, Asia/Shanghai). */
export const numberDay = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');
