import type { OpenApiDocument } from '@sk/shared/apidocs/apidocs.contract';
import { describe, expect, it } from 'vitest';
import { entriesOf, matches, tagCounts } from './docs';

const op = (operationId: string, tag: string, power: string | null, extra: Record<string, unknown> = {}) => ({
  operationId,
  tags: [tag],
  'x-power': power,
  'x-plan': null,
  'x-admin-only': false,
  'x-public': false,
  responses: {},
  ...extra,
});

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/api/v2/customer/detail': {
      get: op('detail', 'customer', 'menu_AllCustomer', { parameters: [{ name: 'id', in: 'query', required: true, schema: { title: '客户' } }] }),
    },
    '/api/dict/list': { get: op('dictList', 'dict', null) },
    '/api/v2/customer/addCustomer': {
      post: op('addCustomer', 'customer', 'customer_add', { requestBody: { content: { 'application/json': { schema: { properties: { linkPerson: {} } } } } } }),
    },
  },
};

describe('API docs list', () => {
  it('flattens and orders by tag, path and method', () => {
    expect(entriesOf(doc).map((e) => `${e.method} ${e.path}`)).toEqual([
      'POST /api/v2/customer/addCustomer',
      'GET /api/v2/customer/detail',
      'GET /api/dict/list',
    ]);
    expect(tagCounts(entriesOf(doc))).toEqual([
      { tag: 'customer', count: 2 },
      { tag: 'dict', count: 1 },
    ]);
  });

  it('searches path, power and field names', () => {
    const find = (k: string) =>
      entriesOf(doc)
        .filter((e) => matches(e, k))
        .map((e) => e.op.operationId);
    expect(find('dict')).toEqual(['dictList']);
    expect(find('CUSTOMER_ADD')).toEqual(['addCustomer']);
    expect(find('linkPerson')).toEqual(['addCustomer']);
    expect(find('客户')).toEqual(['detail']);
    expect(find('  ')).toHaveLength(3);
  });
});
