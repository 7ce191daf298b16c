import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { modules } from './modules/index';
import type { Deps } from './platform/deps';
import { errorHandler } from './platform/errors';
import { prepareJobs } from './platform/jobs';

export interface BuildOptions {
  logger?: boolean | object;
  /** Built web app to serve for every non-API GET (apps/web/dist). */
  webDist?: string;
}

/** A Fastify instance with every module registered, not listening (tests use app.inject). */
export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: deps.config.UPLOAD_MAX_MB * 1024 * 1024, files: 10 } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.setErrorHandler(errorHandler(`${deps.config.UPLOAD_MAX_MB}MB`));

  for (const register of modules) await register(app, deps);
  await prepareJobs(deps);

  const dist = opts.webDist;
  const hasWeb = !!dist && existsSync(path.join(dist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ success: false, message: '404 Error', code: 'NOT_FOUND' });
    }
    // Every other GET path is a page of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}
