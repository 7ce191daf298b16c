import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import { RATE_CLASSES, type RateClass, rateClassOf } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, rows } from '../db/client';
import { outsideStatementScope } from '../db/statements';
import type { Deps } from './deps';
import type { ContractRouteConfig } from './endpoint';
import { AppError } from './errors';
import { PORTAL_COOKIE } from './portal-session';
import { sessionTokenOf } from './session';

/** What the plugin's store gets back from one hit: the hits in the window and the milliseconds left in it. */
interface Hit {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, res?: Hit) => void;

/** Rows of windows that ended this long ago are swept now and then (one in SWEEP_EVERY hits). */
const SWEEP_EVERY = 1000;

/**
 * The plugin's store (its `incr`/`child` interface) on PostgreSQL, so every app instance on one database counts into
 * one limit: a hit is one upsert on rate_hits that starts the window over once it has passed. Its statements are not
 * counted as the request's own (db/statements.ts), so the budgets of the statement tests stay the handlers'.
 */
export function pgRateStore(db: Db) {
  let hits = 0;
  return class PgRateStore {
    incr(key: string, cb: Done, timeWindow: number): void {
      outsideStatementScope(() => hit(db, key, timeWindow)).then(
        (r) => cb(null, r),
        (err: Error) => cb(err),
      );
      if (++hits % SWEEP_EVERY === 0) {
        outsideStatementScope(() => db.execute(sql`delete from rate_hits where started_at < now() - interval '1 day'`)).catch(() => {});
      }
    }
    child(): PgRateStore {
      return this;
    }
  };
}

async function hit(db: Db, key: string, windowMs: number): Promise<Hit> {
  const passed = sql`r.started_at <= now() - ${windowMs} * interval '1 millisecond'`;
  const [r] = await rows<{ hits: number; ttl: number }>(
    db,
    sql`insert into rate_hits as r (key, started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when ${passed} then 1 else r.hits + 1 end,
          started_at = case when ${passed} then now() else r.started_at end
        returning hits,
          greatest(0, ceil(extract(epoch from (started_at + ${windowMs} * interval '1 millisecond' - now())) * 1000))::int as ttl`,
  );
  return { current: Number(r?.hits ?? 1), ttl: Number(r?.ttl ?? windowMs) };
}

const digest = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 22);

/**
 * The counter a request counts into: its route's class, then who asks — the session (staff or portal) on routes that
 * need one, the client address on public routes (a made-up cookie there would otherwise start a fresh counter).
 */
export function rateKeyOf(req: FastifyRequest): string {
  const ep = (req.routeOptions.config as Partial<ContractRouteConfig> | undefined)?.contract;
  const token = ep?.auth === 'portal' ? req.cookies[PORTAL_COOKIE] : sessionTokenOf(req);
  const signedIn = !!token && ep?.auth !== 'public';
  const cls: RateClass = ep ? rateClassOf(ep) : signedIn ? 'people' : 'anonymous';
  return `${cls}:${signedIn ? `s:${digest(token)}` : `a:${req.ip}`}`;
}

const classOfKey = (key: string): RateClass => key.slice(0, key.indexOf(':')) as RateClass;

/** Refusal past a limit: HTTP 429 with the envelope (errors.ts) and the plugin's Retry-After in seconds. */
export class RateLimited extends AppError {
  override readonly httpStatus = 429;
  constructor() {
    super('RATE_LIMITED');
  }
}

/** Every /api route counts into its class's limit (packages/shared common/rate.ts), in the database shared by all instances. */
export async function registerRateLimit(app: FastifyInstance, deps: Deps): Promise<void> {
  const scale = deps.config.RATE_LIMIT_SCALE;
  const limit = (key: string) => RATE_CLASSES[classOfKey(key)] ?? RATE_CLASSES.people;
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    store: pgRateStore(deps.db),
    // Files of the web app, health and metrics are not the API.
    allowList: (req) => !req.url.startsWith('/api/'),
    keyGenerator: rateKeyOf,
    max: (_req, key) => Math.max(1, Math.floor(limit(key).max * scale)),
    timeWindow: (_req, key) => limit(key).windowSeconds * 1000,
    // A database that cannot count must not stop the API: its own errors answer elsewhere.
    skipOnError: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: () => new RateLimited(),
  });
}
