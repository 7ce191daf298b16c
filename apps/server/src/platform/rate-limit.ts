import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { LONGEST_RATE_WINDOW_SECONDS, RATE_CLASSES, type RateClass, rateClassOf } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, preparedRows } from '../db/client';
import { outsideStatementScope } from '../db/statements';
import { sha256 } from './crypto';
import type { Deps } from './deps';
import type { ContractRouteConfig } from './endpoint';
import { AppError } from './errors';
import { PORTAL_COOKIE } from './portal-session';
import { sessionTokenOf } from './session';

/** What the plugin's store answers for one hit: the hits in the window and the milliseconds left in it. */
interface Hit {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, res?: Hit) => void;

/** How often an instance deletes the counters whose window has ended. */
const SWEEP_EVERY_MS = 60_000;
/** How often a failing store is logged (each failure lets its request through: skipOnError). */
const WARN_EVERY_MS = 60_000;

/**
 * The plugin's key: the route's class, the hashes of the tokens the request brings (as the session tables keep them)
 * and its address. Which counter it lands in is decided by the store's statement, which looks the tokens up.
 */
interface RateKey {
  cls: RateClass;
  staff: string;
  portal: string;
  address: string;
}
const SEP = '|';
const keyText = (k: RateKey) => [k.cls, k.staff, k.portal, k.address].join(SEP);
function parseKey(key: string): RateKey {
  const [cls = 'people', staff = '', portal = '', address = ''] = key.split(SEP);
  return { cls: cls as RateClass, staff, portal, address };
}

/** A token as the session tables key it; none for what cannot be one (loadSession's own bound). */
const hashOf = (token: string | undefined): string => (token && token.length <= 128 ? sha256(token) : '');

/**
 * The counter a request counts into: its route's class, then who asks. The user when a token it brings opens a live
 * session (staff, or the portal's on portal and public routes), else its address (IPv6 by its /64, as the plugin does).
 * A made-up or expired token counts on the address: it cannot start a fresh counter of its own.
 */
export function rateKeyOf(req: FastifyRequest): string {
  const ep = (req.routeOptions.config as Partial<ContractRouteConfig> | undefined)?.contract;
  const staff = ep?.auth === 'portal' ? '' : hashOf(sessionTokenOf(req));
  const portal = ep?.auth === 'portal' || (ep?.auth === 'public' && !staff) ? hashOf(req.cookies[PORTAL_COOKIE]) : '';
  return keyText({ cls: ep ? rateClassOf(ep) : 'people', staff, portal, address: req.ip ? normalizeIP(req.ip) : '' });
}

/**
 * One hit, one statement (named: parsed once per connection): finds who asks (a live staff session's user, else a
 * live portal session's account, else the address) and counts into that row, starting its window over once it has
 * passed. The clock is the database's, so instances whose clocks differ still share one window.
 */
async function hit(db: Db, k: RateKey, windowMs: number): Promise<Hit> {
  const passed = sql`r.started_at <= now() - ${windowMs}::int * interval '1 millisecond'`;
  const [r] = await preparedRows<{ hits: number; ttl: number }>(
    db,
    sql`insert into rate_hits as r (key, started_at, hits)
        select ${k.cls}::text || ':' || coalesce(
            (select 'u' || s.enterprise_id || '.' || s.user_id from sessions s where s.id = ${k.staff}::text and s.expires_at > now()),
            (select 'p' || p.enterprise_id || '.' || p.account_id from portal_sessions p where p.id = ${k.portal}::text and p.expires_at > now()),
            'a' || ${k.address}::text),
          now(), 1
        on conflict (key) do update set
          hits = case when ${passed} then 1 else r.hits + 1 end,
          started_at = case when ${passed} then now() else r.started_at end
        returning r.hits,
          greatest(1, ceil(extract(epoch from r.started_at + ${windowMs}::int * interval '1 millisecond' - now()) * 1000))::int as ttl`,
  );
  return { current: Number(r?.hits ?? 1), ttl: Number(r?.ttl ?? windowMs) };
}

/** Deletes the counters whose window has ended in every class (a later hit starts them over anyway). */
export async function sweepRateHits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_hits where started_at < now() - ${LONGEST_RATE_WINDOW_SECONDS}::int * interval '1 second'`);
}

/**
 * The plugin's store (its `incr`/`child` interface) on PostgreSQL, so every app instance on one database counts into
 * one limit. Its statements are not the request's own (db/statements.ts): the statement budgets of the tests and the
 * bench stay the handlers'. Now and then it deletes the rows whose window has ended.
 */
export function pgRateStore(db: Db, log: FastifyBaseLogger) {
  let swept = Date.now();
  let warned = 0;
  return class PgRateStore {
    incr(key: string, cb: Done, timeWindow: number): void {
      outsideStatementScope(() => hit(db, parseKey(key), timeWindow)).then(
        (r) => cb(null, r),
        (err: Error) => {
          if (Date.now() - warned >= WARN_EVERY_MS) {
            warned = Date.now();
            log.warn({ err }, '请求限流计数失败：请求照常处理');
          }
          cb(err);
        },
      );
      if (Date.now() - swept >= SWEEP_EVERY_MS) {
        swept = Date.now();
        outsideStatementScope(() => sweepRateHits(db)).catch(() => {});
      }
    }
    child(): PgRateStore {
      return this;
    }
  };
}

/** The limit of a class at the configured scale (RATE_LIMIT_SCALE), never below one call. */
export const rateLimitOf = (cls: RateClass, scale: number): { max: number; windowMs: number } => ({
  max: Math.max(1, Math.floor(RATE_CLASSES[cls].max * scale)),
  windowMs: RATE_CLASSES[cls].windowSeconds * 1000,
});

/**
 * Every /api route registered after this counts into its class's limit (packages/shared common/rate.ts), in the
 * database all instances share, before its body is read. Past the limit: HTTP 429 with the envelope (RATE_LIMITED,
 * errors.ts) and Retry-After in seconds. A store that fails lets the request through (skipOnError).
 */
export async function registerRateLimit(app: FastifyInstance, deps: Deps): Promise<void> {
  const scale = deps.config.RATE_LIMIT_SCALE;
  const limitOf = (key: string) => rateLimitOf(parseKey(key).cls, scale);
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    store: pgRateStore(deps.db, app.log),
    allowList: (req) => !req.url.startsWith('/api/'),
    keyGenerator: rateKeyOf,
    max: (_req, key) => limitOf(key).max,
    timeWindow: (_req, key) => limitOf(key).windowMs,
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
}
