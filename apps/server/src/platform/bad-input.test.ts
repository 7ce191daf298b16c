import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOf, newCustomer } from '../modules/customers/test-helpers';
import { type Client, loggedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { sql } from '../db/client';
import { runProvision } from './provision';

/**
 * Each input that used to reach PostgreSQL and fail there as HTTP 500 is refused at
 * the contract layer with a Chinese message, and nothing is written.
 */

let t: TestApp;
let admin: Client;
let enterpriseId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await loggedIn(t.app, t.deps.db, { plan: 1 });
  admin = a.client;
  enterpriseId = a.enterpriseId;
  await runProvision(t.deps.db, enterpriseId, 'service');
});
afterAll(async () => t.close());

const refused = (r: { status: number; success: boolean; code?: string; message: string }, message: string | RegExp) => {
  expect(r.status).toBe(200);
  expect(r.success).toBe(false);
  expect(r.code).toBe('VALIDATION');
  expect(r.message).toMatch(message);
};

const BAD_TEXT = /包含无法保存的字符/;

describe('NUL and invalid Unicode', () => {
  it('refuses a NUL in a customer name and writes nothing', async () => {
    const before = await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId}`);
    const r = await admin.post('/v2/customer/addCustomer', { name: 'a\u0000b', linkPerson: { name: '张三', phone: '13800001111' } });
    refused(r, /^客户名称：包含无法保存的字符/);
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId}`)).toBe(before);
  });

  it('refuses a NUL in a list filter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/customer/epCustomerList?name=a%00b', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', message: '客户名称：包含无法保存的字符（空字符或无效编码），请删除后重试' });
  });

  it('refuses a NUL inside free-form JSON (search plan conditions) and writes nothing', async () => {
    const r = await admin.post('/search/plan/save', { pageKey: 'customerList', name: '我的方案', conditions: { name: 'x\u0000y', nested: [{ a: '\u0000' }] } });
    refused(r, BAD_TEXT);
    expect(await countOf(t.deps.db, 'search_plans', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });

  it('refuses a NUL in a custom-field value and in an object key', async () => {
    const id = await newCustomer(admin);
    refused(await admin.put('/v2/customer/editCustomer', { id, name: '客户', ext: { 1: 'a\u0000' } }), BAD_TEXT);
    refused(await admin.put('/v2/customer/editCustomer', { id, name: '客户', ext: { 'k\u0000': 'a' } }), BAD_TEXT);
  });

  it('refuses a lone surrogate in a template name instead of storing U+FFFD', async () => {
    const before = await countOf(t.deps.db, 'form_templates', sql`enterprise_id = ${enterpriseId}`);
    for (const name of ['模板\ud800', '模板\udc00']) refused(await admin.post('/v2/temp/add', { type: 1, name }), /^模板名称：包含无法保存的字符/);
    expect(await countOf(t.deps.db, 'form_templates', sql`enterprise_id = ${enterpriseId}`)).toBe(before);
    // A well-formed pair (an emoji) is fine.
    expect((await admin.post('/v2/temp/add', { type: 1, name: '模板😀' })).success).toBe(true);
  });

  it('refuses hostile nesting without overflowing', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/search/plan/save',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'application/json' },
      payload: `{"pageKey":"customerList","name":"深","conditions":{"a":${deep}}}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '筛选条件：数据层级过深' });
  });
});

describe('integers beyond their column', () => {
  it.each([
    ['/contract/sale/list', 'status', '合同状态'],
    ['/contract/maintain/list', 'status', '合同状态'],
    ['/v2/customer/production/list', 'status', '设备状态'],
    ['/servicegroup/list', 'type', '团队类型'],
  ])('%s?%s=2147483648 is refused', async (path, key, label) => {
    refused(await admin.get(path, { [key]: 2147483648 }), new RegExp(`^${label}：不能大于`));
  });

  it('bounds ids to the bigint range and page numbers to integer', async () => {
    refused(await admin.get('/v2/customer/detail', { id: '9007199254740993' }), /^客户：/);
    refused(await admin.get('/v2/customer/epCustomerList', { pageIndex: 2147483648 }), /^页码：不能大于2147483647/);
  });
});

describe('malformed multipart', () => {
  const send = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/upload/save',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': contentType },
      payload,
    });
  const part = (b: string) => `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\nrest`;

  it.each([
    ['a wrong boundary', 'multipart/form-data; boundary=other', `${part('real')}\r\n--real--\r\n`],
    ['a truncated body', 'multipart/form-data; boundary=real', part('real')],
    ['an empty body', 'multipart/form-data; boundary=real', ''],
    ['no boundary at all', 'multipart/form-data', 'garbage'],
  ])('answers %s with a Chinese message', async (_, contentType, payload) => {
    const res = await send(contentType, payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^(上传数据不完整或格式错误，请重新选择文件上传|请选择要上传的文件)$/);
    expect(await countOf(t.deps.db, 'uploads', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });

  it('answers a truncated xlsx import the same way', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/customer/import/check?kind=customer',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': 'multipart/form-data; boundary=real' },
      payload: `--real\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\x03\x04`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '上传数据不完整或格式错误，请重新选择文件上传' });
  });
});

describe("Fastify's own body parsing", () => {
  const post = (contentType: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/customer/addCustomer',
      headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf, 'content-type': contentType },
      payload,
    });

  it.each([
    ['bad JSON', 'application/json', '{"name":', '请求数据格式错误'],
    ['an empty JSON body', 'application/json', '', '请求数据为空'],
    ['an unsupported content type', 'application/xml', '<name>x</name>', '不支持的请求数据类型，请以JSON格式提交'],
    ['a body past the limit', 'application/json', `{"name":"${'x'.repeat(6 * 1024 * 1024)}"}`, '请求数据过大'],
  ])('answers %s with the envelope', async (_, contentType, payload, message) => {
    const res = await post(contentType, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message, code: 'VALIDATION' });
  });

  it('answers a top-level value of the wrong type plainly', async () => {
    const res = await post('application/json', '"just a string"');
    expect(res.json()).toMatchObject({ success: false, message: '请求数据格式错误' });
  });
});

describe('keys that name Object.prototype members', () => {
  it('refuses bad text under a key such as constructor or __proto__ plainly', async () => {
    refused(await admin.post('/stand/dept', { name: '部门', constructor: 'a\u0000b' }), /^包含无法保存的字符/);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/roleUserCount?__proto__=%00&constructor=x%00', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('refusals before the router', () => {
  /** One raw HTTP/1.1 request to a real listener: status line and body. */
  async function raw(port: number, target: string): Promise<{ status: number; body: string }> {
    const { connect } = await import('node:net');
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => s.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
      let text = '';
      s.on('data', (d) => {
        text += d.toString('utf8');
      });
      s.on('error', reject);
      s.on('close', () => resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
    });
  }

  it('a URL over 16 KB answers the envelope in Chinese over real HTTP', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const r = await raw(port, `/api/v2/customer/epCustomerList?name=${'x'.repeat(17 * 1024)}`);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ success: false, code: 'VALIDATION', message: '请求地址或请求头过长，请缩短后重试' });
  });

  it('a path parameter past the router’s limit or a broken percent-encoding answers the envelope in Chinese', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/report/order/${'x'.repeat(300)}`, headers: { cookie: admin.cookie } });
    expect([long.statusCode, long.json()]).toEqual([200, { success: false, code: 'VALIDATION', message: '请求地址或请求头过长，请缩短后重试' }]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/report/order/%ED%A0%80', headers: { cookie: admin.cookie } });
    expect([bad.statusCode, bad.json()]).toEqual([200, { success: false, code: 'VALIDATION', message: '请求地址格式错误' }]);
  });
});
