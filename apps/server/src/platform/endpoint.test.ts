import { endpoint, pageQuery } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loggedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { registerEndpoint, withMessage } from './endpoint';

const list = endpoint({ method: 'GET', path: '/__test/list', query: pageQuery, response: z.object({ list: z.array(z.never()), count: z.number() }) });
const save = endpoint({ method: 'POST', path: '/__test/save', body: z.object({ n: z.number() }), response: z.number() });
const boom = endpoint({ method: 'GET', path: '/__test/boom', response: z.null() });
const row = z.object({ id: z.number(), name: z.string() });
/** Declares rows of { id, name } and answers a name that is a number: the answer check must catch it. */
const liar = endpoint({ method: 'GET', path: '/__test/liar', response: z.object({ list: z.array(row) }) });
const honest = endpoint({ method: 'GET', path: '/__test/honest', response: z.object({ list: z.array(row) }) });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Test-only routes on the real pipeline; registered before the app is used.
  await t.app.close();
  const { buildApp } = await import('../app');
  const app = await buildApp(t.deps);
  registerEndpoint(app, t.deps, list, async ({ query }) => ({ list: [], count: query.pageSize }));
  registerEndpoint(app, t.deps, save, async ({ body }) => withMessage(body.n * 2, '保存成功'));
  registerEndpoint(app, t.deps, boom, async () => {
    throw new Error('secret internals');
  });
  registerEndpoint(
    app,
    t.deps,
    liar,
    async () =>
      ({
        list: [
          { id: 1, name: '甲' },
          { id: 2, name: 7 },
        ],
      }) as never,
  );
  registerEndpoint(app, t.deps, honest, async () => ({ list: [{ id: 1, name: '甲' }] }));
  await app.ready();
  t = { ...t, app };
});
afterAll(async () => t.close());

describe('endpoint pipeline', () => {
  it('lets paid plans page by 500 and refuses it on the free plan', async () => {
    const paid = await loggedIn(t.app, t.deps.db, { plan: 1 });
    expect(((await paid.client.get('/__test/list', { pageSize: 500 })).data as { count: number }).count).toBe(500);
    const free = await loggedIn(t.app, t.deps.db, { plan: 0 });
    const r = await free.client.get('/__test/list', { pageSize: 500 });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION', message: '每页条数：免费版每页最多显示100条' });
    expect((await free.client.get('/__test/list', { pageSize: 100 })).success).toBe(true);
  });

  it('wraps answers with the success message and validates the body', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    expect(await client.post('/__test/save', { n: 21 })).toMatchObject({ success: true, message: '保存成功', data: 42 });
    const bad = await client.post('/__test/save', { n: 'x' });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('answers malformed JSON with a Chinese message, not a crash', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/__test/save',
      headers: { cookie: client.cookie, 'x-csrf-token': client.csrf, 'content-type': 'application/json' },
      payload: '{"n":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '请求数据格式错误' });
  });

  it('hides internals of an unexpected failure behind HTTP 500', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const r = await client.get('/__test/boom');
    expect(r.status).toBe(500);
    expect(r.message).toBe('服务器繁忙，请稍后再试');
    expect(JSON.stringify(r)).not.toContain('secret');
  });

  it('fails loudly when an answer breaks its contract: HTTP 500 naming the endpoint and the path of the issue', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const r = await client.send(liar);
    expect(r.status).toBe(500);
    expect(r.success).toBe(false);
    expect(r.code).toBe('ANSWER_MISMATCH');
    expect(r.message).toContain('GET /__test/liar');
    expect(r.message).toContain('data.list[1].name');
    const ok = await client.send(honest);
    expect(ok).toMatchObject({ status: 200, success: true, data: { list: [{ id: 1, name: '甲' }] } });
    // Typed by the contract: a field the contract lacks does not compile.
    // @ts-expect-error `code` is not in the row schema
    expect(ok.data.list[0]?.code).toBeUndefined();
  });
});
