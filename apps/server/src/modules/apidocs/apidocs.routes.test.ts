import * as shared from '@sk/shared';
import { apiDocsContract as D, type EndpointDef } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const isEndpoint = (e: unknown): e is EndpointDef => !!e && typeof e === 'object' && 'method' in e && 'path' in e;

/** Every contract table packages/shared exports (objects whose values are all endpoints). */
const contractTables = Object.entries(shared).filter(
  ([, v]) => v && typeof v === 'object' && Object.values(v).length > 0 && Object.values(v).every(isEndpoint),
) as [string, Record<string, EndpointDef>][];

const docPath = (p: string) => `/api${p}`.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('describes every registered contract with its power and schemas', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const r = await client.call(D.openapi, {});
    expect(r.success).toBe(true);
    const doc = r.data;
    expect(doc.openapi).toBe('3.1.0');
    expect(contractTables.length).toBeGreaterThan(20);
    const missing: string[] = [];
    const unserved: string[] = [];
    for (const [table, eps] of contractTables) {
      for (const [key, ep] of Object.entries(eps)) {
        // Only contracts the server serves: a route must exist for it.
        if (!t.app.hasRoute({ method: ep.method, url: `/api${ep.path}` })) {
          unserved.push(`${table}.${key}`);
          continue;
        }
        const op = doc.paths[docPath(ep.path)]?.[ep.method.toLowerCase()];
        if (!op) missing.push(`${table}.${key} ${ep.method} ${ep.path}`);
        else expect(op['x-power'], `${table}.${key}`).toBe(ep.power || null);
      }
    }
    expect(missing).toEqual([]);
    expect(unserved).toEqual([]);
    // What client generators need: unique operation ids, a Chinese summary, the refusal answers.
    const ops = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    expect(ops.filter((op) => !/[\u4e00-\u9fff]/.test(op.summary ?? '')).map((op) => op.operationId)).toEqual([]);
    expect(ops.filter((op) => !op.responses['4XX'] || !op.responses['5XX']).map((op) => op.operationId)).toEqual([]);
    // zod converted every schema (no fallback descriptions).
    expect(JSON.stringify(doc)).not.toContain('无法生成');
    // Every /api route is there, contract or not (downloads, uploads).
    expect(doc.paths['/api/fileDownloadCenter/download/{id}']?.get).toBeDefined();
  });

  it('gives the known schema of POST /v2/customer/addCustomer and of a query', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const doc = (await client.call(D.openapi, {})).data;
    const add = doc.paths['/api/v2/customer/addCustomer']!.post!;
    expect(add).toMatchObject({
      operationId: 'customer.addCustomer',
      summary: '客户：新增（addCustomer）',
      tags: ['customer'],
      'x-power': 'customer_add',
      'x-plan': null,
    });
    const body = (add.requestBody!.content['application/json']!.schema ?? {}) as {
      required: string[];
      properties: Record<string, { title?: string; type?: string; required?: string[] }>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['name', 'linkPerson']));
    expect(body.properties.name).toMatchObject({ type: 'string', title: '客户名称' });
    expect(body.properties.linkPerson?.required).toEqual(expect.arrayContaining(['name', 'phone']));
    const answer = (add.responses['200'] as { content: Record<string, { schema: { properties: { data: unknown } } }> }).content['application/json']!.schema;
    expect(answer.properties.data).toMatchObject({ type: 'object', properties: { id: { type: 'number' } }, required: ['id'] });

    const list = doc.paths['/api/v2/customer/epCustomerList']!.get!;
    const names = list.parameters!.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['name', 'phone', 'pageIndex', 'pageSize']));
    expect(list.requestBody).toBeUndefined();
  });

  it('is for administrators only', async () => {
    const svc = await loggedIn(t.app, t.deps.db, { roles: [2] });
    expect((await svc.client.call(D.openapi, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).call(D.openapi, {})).code).toBe('NOT_LOGGED_IN');
  });
});
