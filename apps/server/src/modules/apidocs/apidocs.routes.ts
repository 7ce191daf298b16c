import { apiDocsContract as D, type OpenApiDocument } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { type ContractRouteConfig, registerAll } from '../../platform/endpoint';
import { VERSION } from '../account/index';
import { buildOpenApi, type RouteEntry } from './openapi';

/**
 * GET /api/openapi.json. Registered first so its onRoute hook sees every later /api route; the document is
 * built on the first request, when every module has registered, and kept.
 */
export function apiDocsModule(app: FastifyInstance, deps: Deps): void {
  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.method === 'HEAD') return;
    const cfg = r.config as Partial<ContractRouteConfig> | undefined;
    for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: r.url, contract: cfg?.contract, operationId: cfg?.operationId });
    }
  });
  let doc: OpenApiDocument | null = null;
  registerAll(app, deps, D, {
    openapi: async () => {
      doc ??= buildOpenApi(routes, VERSION);
      return doc;
    },
  });
}
