import type { EndpointDef, OpenApiDocument, OpenApiOperation } from '@sk/shared';
import { z } from 'zod';

/** A route as Fastify announced it: contract routes carry their contract, the few raw routes only method and path. */
export interface RouteEntry {
  method: string;
  url: string;
  contract?: EndpointDef;
  operationId?: string;
}

type Json = Record<string, unknown>;

/**
 * JSON Schema of one zod schema. Field labels (`.meta({label})`) become titles; what JSON Schema cannot say
 * (transforms, custom checks) is described as "any" rather than failing the whole document.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  try {
    return z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: (ctx) => {
        const js = ctx.jsonSchema as Json;
        if (typeof js.label === 'string') {
          js.title ??= js.label;
          delete js.label;
        }
      },
    }) as Json;
  } catch {
    return { description: '（无法生成该结构的描述）' };
  }
}

/** `/v2/customer/:id` → `/v2/customer/{id}` (OpenAPI path templates). */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');

/** Tag of an endpoint: the first path segment after a version (`/v2/customer/…` → customer). */
export function tagOf(path: string): string {
  const parts = path.split('/').filter(Boolean);
  const seg = /^v\d+$/.test(parts[0] ?? '') ? parts[1] : parts[0];
  return seg ?? 'root';
}

/** The `{success, message, data}` envelope around an answer schema. */
const envelope = (data: Json | undefined): Json => ({
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    code: { type: 'string', description: '失败时的错误码（见 packages/shared/src/common/errors.ts）' },
    data: data ?? {},
  },
});

function queryParameters(schema: z.ZodType | undefined): OpenApiOperation['parameters'] {
  if (!schema) return undefined;
  const js = jsonSchemaOf(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  const params = Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
  // A query that is not a plain object (a union, say) is documented whole.
  return params.length || js.type === 'object' ? params : [{ name: 'query', in: 'query', required: false, schema: js }];
}

function operation(r: RouteEntry, path: string): OpenApiOperation {
  const c = r.contract;
  const op: OpenApiOperation = {
    operationId: r.operationId ?? `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [tagOf(path.replace(/^\/api/, ''))],
    'x-power': c?.power || null,
    'x-plan': c?.plan ?? null,
    'x-admin-only': !!c?.adminOnly,
    'x-public': c?.auth === 'public',
    responses: {
      '200': {
        description: '统一应答 {success, message, data}',
        content: { 'application/json': { schema: envelope(c?.response ? jsonSchemaOf(c.response, 'output') : undefined) } },
      },
    },
  };
  if (!c) op.summary = '不由契约注册的路由（文件流、上传或 WebSocket），参数见 docs/api.md';
  const params = queryParameters(c?.query);
  if (params) op.parameters = params;
  if (c?.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(c.body, 'input') } } };
  return op;
}

/** The OpenAPI 3.1 document of the given routes. */
export function buildOpenApi(routes: RouteEntry[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const r of routes) {
    const path = openApiPath(r.url);
    const method = r.method.toLowerCase();
    const byMethod = paths[path] ?? {};
    byMethod[method] = operation(r, path);
    paths[path] = byMethod;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '服务管家 ServiceKeeper API',
      version,
      description:
        '由 packages/shared 中的契约生成。所有应答均为 HTTP 200 的 {success, message, data}；非 GET 请求需在 X-CSRF-Token 头中带会话的 csrfToken；x-power 为所需权限码，x-plan 为免费版锁定的功能。',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sk_sid' } } },
    security: [{ session: [] }],
    paths,
  };
}
