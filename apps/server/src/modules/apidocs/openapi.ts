import { type EndpointDef, errorMessages, type OpenApiDocument, type OpenApiOperation } from '@sk/shared';
import type { z } from 'zod';
import { contractName, operationIdOf, summaryOf } from './names';
import { type Json, SchemaConverter } from './schemas';

/** A route as Fastify announced it: contract routes carry their contract, the few raw routes only method and path. */
export interface RouteEntry {
  method: string;
  url: string;
  contract?: EndpointDef;
  operationId?: string;
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

/** The refusal envelope: what a 4xx/5xx answer carries, and a refused call's answer at HTTP 200. */
const REFUSAL: Json = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { const: false },
    message: { type: 'string', description: '给用户看的中文原因' },
    code: { type: 'string', enum: Object.keys(errorMessages), description: '错误码（packages/shared/src/common/errors.ts）' },
  },
};
const refusal = (description: string): Json => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } } });
const RESPONSES = {
  Refused: refusal('请求被拒绝：未知路径 404、跨站 403、过于频繁 429 等，统一带 {success: false, message, code}'),
  ServerError: refusal('服务器错误：500 INTERNAL，数据库暂不可用时 503 SERVICE_UNAVAILABLE（带 Retry-After）'),
};

function queryParameters(schemas: SchemaConverter, schema: z.ZodType | undefined): NonNullable<OpenApiOperation['parameters']> {
  if (!schema) return [];
  const js = schemas.convert(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  const params = Object.entries(props).map(([name, s]) => ({ name, in: 'query', required: required.has(name), schema: s }));
  // A query that is not a plain object (a union, say) is documented whole.
  return params.length || js.type === 'object' ? params : [{ name: 'query', in: 'query', required: false, schema: js }];
}

/** `{id}` of `/api/upload/file/{id}`: always required (OpenAPI has no optional path parameter), a string as the URL carries it. */
const pathParameters = (path: string): NonNullable<OpenApiOperation['parameters']> =>
  [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name: name!, in: 'path', required: true, schema: { type: 'string' } }));

function operation(schemas: SchemaConverter, r: RouteEntry, path: string): OpenApiOperation {
  const c = r.contract;
  const name = c ? contractName(c) : undefined;
  const op: OpenApiOperation = {
    operationId: name ? operationIdOf(name) : `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
    summary: c ? summaryOf(c, name, r.operationId ?? path.split('/').pop() ?? '') : '不由契约注册的路由（文件流、上传或 WebSocket），参数见 docs/api.md',
    tags: [tagOf(path.replace(/^\/api/, ''))],
    'x-power': c?.power || null,
    'x-plan': c?.plan ?? null,
    'x-admin-only': !!c?.adminOnly,
    'x-public': c?.auth === 'public',
    responses: {
      '200': {
        description: '统一应答 {success, message, data}；业务拒绝（无权限、校验失败、状态不允许等）同为 HTTP 200，success 为 false 并带 code',
        content: { 'application/json': { schema: envelope(c?.response ? schemas.convert(c.response, 'output') : undefined) } },
      },
      '4XX': { $ref: '#/components/responses/Refused' },
      '5XX': { $ref: '#/components/responses/ServerError' },
    },
  };
  const params = [...pathParameters(path), ...queryParameters(schemas, c?.query)];
  if (params.length || c?.query) op.parameters = params;
  if (c?.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemas.convert(c.body, 'input') } } };
  return op;
}

/** The OpenAPI 3.1 document of the given routes. */
export function buildOpenApi(routes: RouteEntry[], version: string): OpenApiDocument {
  const schemas = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const ids = new Set<string>();
  for (const r of routes) {
    const path = openApiPath(r.url);
    const method = r.method.toLowerCase();
    const op = operation(schemas, r, path);
    // Unique by construction (table and key); should two ever meet, the later takes a number.
    for (let i = 2; ids.has(op.operationId); i++) op.operationId = `${op.operationId.replace(/_\d+$/, '')}_${i}`;
    ids.add(op.operationId);
    const byMethod = paths[path] ?? {};
    byMethod[method] = op;
    paths[path] = byMethod;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '服务管家 ServiceKeeper API',
      version,
      description:
        '由 packages/shared 中的契约生成。所有应答均为 {success, message, data}，业务拒绝也是 HTTP 200（success 为 false 并带 code）；非 GET 请求需在 X-CSRF-Token 头中带会话的 csrfToken；x-power 为所需权限码，x-plan 为免费版锁定的功能。生成客户端的方法见 docs/api.md。',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sk_sid' } },
      schemas: { Refusal: REFUSAL, ...schemas.components },
      responses: RESPONSES,
    },
    security: [{ session: [] }],
    paths,
  };
}
