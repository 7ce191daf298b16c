import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';

/** One operation of the OpenAPI description, with the fields the browsing page reads. */
export const openApiOperationSchema = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()),
  summary: z.string().optional(),
  'x-power': z.string().nullable(),
  'x-plan': z.string().nullable(),
  'x-admin-only': z.boolean(),
  'x-public': z.boolean(),
  parameters: z.array(z.looseObject({ name: z.string(), in: z.string(), required: z.boolean(), schema: z.unknown() })).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), z.looseObject({ schema: z.unknown() })) }).optional(),
  responses: z.record(z.string(), z.unknown()),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), openApiOperationSchema)),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

export const apiDocsContract = {
  /** The OpenAPI 3.1 description of every registered endpoint, generated from the contracts (not named by the spec). */
  openapi: endpoint({ method: 'GET', path: '/openapi.json', power: POWERS.systemSetting, response: openApiDocumentSchema }),
};
