import {
  type BodyOf,
  describeBadInput,
  describeIssue,
  type EndpointDef,
  type FreeFeature,
  findBadInput,
  freeNotice,
  hasPower,
  type QueryOf,
  type ResponseOf,
} from '@sk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { actorOf, paidPlan, type UserActor } from './actor';
import { audit } from './audit';
import type { Deps } from './deps';
import { AppError } from './errors';
import { guardPlan, seatsExceeded } from './guards';
import { guardAnonymousWrite } from './origin';
import { loadPortalSession, PORTAL_COOKIE, PORTAL_CSRF_HEADER, type PortalSession } from './portal-session';
import { withSessionReads } from './reads';
import { loadSession, type SessionUser, sessionTokenOf } from './session';

export interface Ctx<E extends EndpointDef> {
  deps: Deps;
  /**
   * The logged-in session (token, CSRF, client, the enterprise's account fields); throws 未登录 on public endpoints
   * without one. Only where the session itself is the subject (logout, session info, one's own password): services
   * take `actor`.
   */
  user: SessionUser;
  /** Who asks, made once per request from the session: what every service takes. Throws 未登录 like `user`. */
  actor: UserActor;
  session: SessionUser | null;
  /** The customer portal's session (endpoints with `auth: 'portal'`); throws 未登录 without one. */
  portal: PortalSession;
  query: QueryOf<E>;
  body: BodyOf<E>;
  params: Record<string, string>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler's answer: plain data, or data with the spec's success message. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: string,
  ) {}
}
export const withMessage = <T>(data: T, message: string): Answer<T> => new Answer(data, message);

type Handler<E extends EndpointDef> = (ctx: Ctx<E>) => Promise<ResponseOf<E> | Answer<ResponseOf<E>>>;

const CSRF_KEYS = ['csrfToken', 'ctoken'] as const;

function csrfOf(req: FastifyRequest): string | undefined {
  const h = req.headers['x-csrf-token'];
  if (typeof h === 'string' && h) return h;
  for (const src of [req.body, req.query] as unknown[]) {
    if (src && typeof src === 'object') {
      for (const k of CSRF_KEYS) {
        const v = (src as Record<string, unknown>)[k];
        if (typeof v === 'string' && v) return v;
      }
    }
  }
  return undefined;
}

/**
 * Refuses, before any schema, text PostgreSQL cannot store (NUL, lone surrogates) anywhere in the
 * input — free-form JSON such as search conditions and custom-field values included — and
 * hostile nesting; then validates against the contract.
 */
function parse<T extends z.ZodType | undefined>(schema: T, input: unknown): unknown {
  const bad = findBadInput(input);
  if (bad) throw new AppError('VALIDATION', { detail: describeBadInput(schema, bad) });
  if (!schema) return undefined;
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new AppError('VALIDATION', { detail: describeIssue(schema, r.error) });
  return r.data;
}

/** Session → CSRF → role/expiry → power → plan → seats → input, in that order, then the handler. */
async function authorize(deps: Deps, ep: EndpointDef, req: FastifyRequest, session: SessionUser | null, actor: UserActor | null): Promise<void> {
  if (ep.auth === 'public') {
    if (ep.method !== 'GET' && ep.body) guardAnonymousWrite(req);
    return;
  }
  if (!session || !actor) throw new AppError('NOT_LOGGED_IN');
  if (ep.method !== 'GET' && csrfOf(req) !== session.csrfToken) throw new AppError('CSRF_INVALID');
  if (!ep.allowNoRole && actor.roles.length === 0) throw new AppError('NO_ROLE');
  if (!ep.allowExpired) guardPlan(actor);
  if (ep.adminOnly && !actor.admin) throw new AppError('ADMIN_ONLY');
  if (!hasPower(actor.powers, ep.power)) {
    await audit(deps.db, {
      action: 'power_denied',
      enterpriseId: actor.enterpriseId,
      userId: actor.id,
      ip: req.ip,
      detail: { path: ep.path, power: ep.power },
    });
    throw new AppError('NO_POWER');
  }
  if (ep.plan && !paidPlan(actor)) {
    const phone = deps.config.CUSTOMER_SERVICE_PHONE;
    throw new AppError('PLAN_FREE', {}, freeNotice(ep.plan as FreeFeature, phone));
  }
  if (ep.quota && (await seatsExceeded(deps.db, actor))) throw new AppError('SEAT_EXCEEDED');
}

/**
 * A portal endpoint: the portal's own cookie and CSRF header only. A staff session is never looked at, so it opens
 * nothing here, and staff endpoints never read the portal cookie.
 */
async function portalOf(deps: Deps, ep: EndpointDef, req: FastifyRequest): Promise<PortalSession> {
  const portal = await loadPortalSession(deps.db, req.cookies[PORTAL_COOKIE]);
  if (!portal) throw new AppError('NOT_LOGGED_IN');
  if (ep.method !== 'GET' && req.headers[PORTAL_CSRF_HEADER] !== portal.csrfToken) throw new AppError('CSRF_INVALID');
  return portal;
}

/** 500 and 1000 rows a page are for paid plans only. */
function guardPageSize(query: unknown, actor: UserActor | null): void {
  const size = (query as { pageSize?: unknown } | undefined)?.pageSize;
  if (typeof size === 'number' && size > 100 && actor && !paidPlan(actor)) {
    throw new AppError('VALIDATION', { detail: '每页条数：免费版每页最多显示100条' });
  }
}

/** What a contract route carries in its Fastify config, for the OpenAPI description (modules/apidocs). */
export interface ContractRouteConfig {
  contract: EndpointDef;
  operationId?: string;
}

/** Every contract registered on an app, for tests that walk them all (the contract fuzz test). */
const registered = new WeakMap<FastifyInstance, EndpointDef[]>();
export const endpointsOf = (app: FastifyInstance): readonly EndpointDef[] => registered.get(app) ?? [];
function remember(app: FastifyInstance, ep: EndpointDef): void {
  const list = registered.get(app);
  if (list) list.push(ep);
  else registered.set(app, [ep]);
}

/**
 * Checked answers: in tests and development every successful answer's `data` is parsed with the
 * contract's response schema (the object as the handler returned it, before serialisation); a
 * mismatch is a bug on our side, so it is logged and answered 500 naming the endpoint and the path.
 */
export function answerMismatch(ep: EndpointDef, data: unknown): string | null {
  const r = ep.response.safeParse(data);
  if (r.success) return null;
  const issues = r.error.issues.slice(0, 3).map((i) => `data${i.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}: ${i.message}`);
  return `应答不符合契约 ${ep.method} ${ep.path}: ${issues.join('; ')}`;
}

export function registerEndpoint<E extends EndpointDef>(app: FastifyInstance, deps: Deps, ep: E, handler: Handler<E>, operationId?: string): void {
  remember(app, ep);
  const checkAnswers = deps.config.NODE_ENV === 'test' || deps.config.NODE_ENV === 'development';
  app.route({
    method: ep.method,
    url: `/api${ep.path}`,
    config: { contract: ep, operationId } satisfies ContractRouteConfig,
    handler: async (req, reply) => {
      const isPortal = ep.auth === 'portal';
      const portal = isPortal ? await portalOf(deps, ep, req) : null;
      const session = isPortal ? null : await loadSession(deps.db, sessionTokenOf(req));
      const actor = session ? actorOf(session) : null;
      if (!isPortal) await authorize(deps, ep, req, session, actor);
      const query = parse(ep.query, req.query) as QueryOf<E>;
      guardPageSize(query, actor);
      const body = parse(ep.body, req.body) as BodyOf<E>;
      parse(undefined, req.params);
      const ctx: Ctx<E> = {
        deps,
        session,
        get user(): SessionUser {
          if (!session) throw new AppError('NOT_LOGGED_IN');
          return session;
        },
        get actor(): UserActor {
          if (!actor) throw new AppError('NOT_LOGGED_IN');
          return actor;
        },
        get portal(): PortalSession {
          if (!portal) throw new AppError('NOT_LOGGED_IN');
          return portal;
        },
        query,
        body,
        params: req.params as Record<string, string>,
        req,
        reply,
      };
      const out = await withSessionReads(deps, req.method, session, () => handler(ctx));
      if (reply.sent) return reply;
      const answer = out instanceof Answer ? out : new Answer(out, '');
      if (checkAnswers) {
        const mismatch = answerMismatch(ep, answer.data);
        if (mismatch) {
          req.log.error({ endpoint: `${ep.method} ${ep.path}` }, mismatch);
          console.error(mismatch);
          return reply.code(500).send({ success: false, code: 'ANSWER_MISMATCH', message: mismatch });
        }
      }
      return { success: true, message: answer.message, data: answer.data };
    },
  });
}

/** Registers a module's endpoints against one contract table: every contract must have a handler. */
export type Handlers<C extends Record<string, EndpointDef>> = { [K in keyof C]: Handler<C[K]> };
export function registerAll<C extends Record<string, EndpointDef>>(app: FastifyInstance, deps: Deps, contracts: C, handlers: Handlers<C>): void {
  for (const key of Object.keys(contracts) as (keyof C)[]) registerEndpoint(app, deps, contracts[key], handlers[key], String(key));
}
