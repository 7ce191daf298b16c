import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { modules } from './modules/index';
import { wireApp } from './modules/wiring';
import type { Deps } from './platform/deps';
import { clientErrorHandler, frameworkErrors } from './platform/client-errors';
import { errorHandler } from './platform/errors';
import { prepareJobs } from './platform/jobs';
import { refuseDeclaredOversize } from './platform/multipart';
import { registerRateLimit } from './platform/rate-limit';
import { recordWrites } from './platform/reads';
import { registerOps, requestIdOf } from './platform/ops';
import { securityHeaders } from './platform/security-headers';
import { inStatementScope, newRequestScope, requestStatementsDone, type StatementScope } from './db/statements';
import { afterCommitSettled } from './db/after-commit';

/** Vite names every file under assets/ by its content hash. A missing one answers 404, not the page (a stale chunk must fail). */
const ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** API answers up to this size (bytes) are compressed synchronously, larger ones through a stream. */
export const SYNC_COMPRESS_MAX = 64 * 1024;

/** Hashed files never change under their name; everything else (index.html) is revalidated on every load. */
function cacheControlOf(dist: string, file: string): string {
  const rel = path.relative(dist, file).split(path.sep).join('/');
  return `/${rel}`.startsWith(ASSETS) ? IMMUTABLE : 'no-cache';
}

export interface BuildOptions {
  logger?: boolean | object;
  /** Built web app to serve for every non-API GET (apps/web/dist). */
  webDist?: string;
}

const SCOPE = Symbol('statements');
type Scoped = { [SCOPE]?: StatementScope };

/** Each request counts the statements it sends until its answer goes out (db/statements.ts; the bench and tests read it). */
function countRequestStatements(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const scope = newRequestScope();
    (req as Scoped)[SCOPE] = scope;
    inStatementScope(scope, done);
  });
  const finish = (req: FastifyRequest & Scoped) => {
    const scope = req[SCOPE];
    if (scope) requestStatementsDone(scope, { method: req.method, route: req.routeOptions?.url ?? '', url: req.url });
  };
  app.addHook('onSend', (req, _reply, payload, done) => {
    finish(req);
    done(null, payload);
  });
  app.addHook('onResponse', (req, _reply, done) => {
    finish(req);
    done();
  });
}

/** A Fastify instance with every module registered, not listening (tests use app.inject). */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Past Node's 16 KB of request line and headers, or a broken URL: the envelope in Chinese, not Fastify's English.
    clientErrorHandler,
    frameworkErrors,
    // The proxy's X-Request-Id (or a new UUID) names the request in every log line and in the answer's header.
    genReqId: requestIdOf,
  });
  countRequestStatements(app);
  // Work queued after a commit (notices) ends before the pool closes.
  app.addHook('onClose', async () => afterCommitSettled());
  securityHeaders(app);
  registerOps(app, deps);
  recordWrites(app, deps);
  await app.register(cookie);
  const dist = opts.webDist;
  const hasWeb = !!dist && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br/.gz siblings (apps/web/scripts/precompress.ts); sent by Accept-Encoding, with Vary.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(dist, file)),
    });
  }
  // Registered after the static files (compressed at build time) so that only the routes below get its hook:
  // API answers of 1 KB and more, by Accept-Encoding; types compressed already (xlsx, images) pass as they are.
  // Answers up to SYNC_COMPRESS_MAX are compressed in one call: the plugin's default on 2 cores is 8 KB, and a list
  // page of 20 orders (about 10 KB) then went through a zlib stream pipeline, which cost the event loop more than
  // the compression itself (bench/cpu.ts). Larger answers (pages of 500, exports) keep the stream, off the loop.
  await app.register(compress, { threshold: 1024, syncThreshold: SYNC_COMPRESS_MAX, encodings: ['br', 'gzip'] });
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_MAX_MB * 1024 * 1024, files: 10 } });
  refuseDeclaredOversize(app, deps.config.UPLOAD_MAX_MB);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler(errorHandler(`${deps.config.UPLOAD_MAX_MB}MB`));
  // After the static files (which count into nothing), before the modules: every API route counts into its class's
  // limit (docs/api.md "Rate limits").
  await registerRateLimit(app, deps);

  wireApp();
  for (const register of modules) await register(app, deps);
  await prepareJobs(deps);

  app.setNotFoundHandler((req, reply) => {
    // A file of a build written after the start (the static routes are made from the files there at start-up).
    const late = hasWeb && req.method === 'GET' ? lateAsset(dist, req.url) : null;
    if (late) return reply.sendFile(late);
    if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || !hasWeb || req.url.startsWith(ASSETS)) {
      return reply.code(404).send({ success: false, message: '404 Error', code: 'NOT_FOUND' });
    }
    // Every other GET path is a page of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}

/** The path under `dist` of an /assets/ file that exists now, or null (never outside the assets folder). */
function lateAsset(dist: string, url: string): string | null {
  if (!url.startsWith(ASSETS)) return null;
  const name = url.slice(ASSETS.length).split(/[?#]/)[0] ?? '';
  if (!/^[\w.-]+$/.test(name) || name.startsWith('.')) return null;
  return existsSync(path.join(dist, ASSETS, name)) ? `${ASSETS.slice(1)}${name}` : null;
}
