import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { apiDocsContract as D } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * The live document through the tools an integrator uses (docs/api.md, "Generating a client"): Redocly CLI lint with
 * the committed redocly.yaml, openapi-typescript, and the project's tsc over a few typed calls against the types.
 */
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const bin = (path: string) => join(ROOT, path);

/** Typed calls against the generated `paths`: a list, a create, a state change, a recursive tree and a refusal. */
const CALLS = `import type { components, operations, paths } from './api';

type Method = 'get' | 'post' | 'put' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Query<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
type Body<O> = O extends { requestBody?: infer R } ? JsonOf<NonNullable<R>> : never;
type Answer<O> = O extends { responses: { 200: infer R } } ? JsonOf<R> : never;

declare function call<P extends keyof paths, M extends Method>(
  method: M,
  path: P,
  init: { query?: Query<Op<P, M>>; body?: Body<Op<P, M>> },
): Promise<Answer<Op<P, M>>>;

export async function typedCalls(): Promise<unknown[]> {
  // A list: the query's fields and the rows' fields.
  const list = await call('get', '/api/v2/customer/epCustomerList', { query: { name: '张', pageIndex: 1, pageSize: 20 } });
  const names: string[] = (list.data ?? []).map((c) => c.name);
  // @ts-expect-error pageIndex is a number
  await call('get', '/api/v2/customer/epCustomerList', { query: { pageIndex: 'one' } });

  // A create: the body's required fields, and the new record's id.
  const created = await call('post', '/api/v2/customer/addCustomer', {
    body: { name: '上海某某机电有限公司', linkPerson: { name: '张三', phone: '13800138000' } },
  });
  const id: number | undefined = created.data?.id;
  // @ts-expect-error linkPerson is required
  await call('post', '/api/v2/customer/addCustomer', { body: { name: '缺联系人' } });

  // A state change: accepting an order answers its new state.
  const accepted = await call('post', '/api/order/accept', { body: { orderId: 1, expectedState: 2, version: 3 } });
  const state: number | undefined = accepted.data?.state;
  // @ts-expect-error orderId is a number
  await call('post', '/api/order/accept', { body: { orderId: '1' } });

  // A recursive schema, through components/schemas: the department tree.
  const tree = await call('get', '/api/stand/dept', {});
  const child: components['schemas']['DeptNode'] | undefined = tree.data?.[0]?.children?.[0];

  // The refusal envelope of 4xx/5xx answers, with the error codes.
  const refused: components['schemas']['Refusal'] = { success: false, message: '未登录', code: 'NOT_LOGGED_IN' };
  // @ts-expect-error not an error code of the API
  const unknownCode: components['schemas']['Refusal']['code'] = 'NO_SUCH_CODE';

  // Operations by their operationId.
  const body: operations['customer.addCustomer']['requestBody'] = { content: { 'application/json': { name: 'x', linkPerson: { name: 'y', phone: '13800138000' } } } };
  return [names, id, state, child, refused, unknownCode, body];
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    lib: ['es2022'],
    module: 'esnext',
    moduleResolution: 'bundler',
    types: [],
    skipLibCheck: false,
  },
  files: ['api.d.ts', 'calls.ts'],
};

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'sk-openapi-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a command, answering its output whether it succeeds or not (the assertions say what was expected). */
async function output(file: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(file, args, {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : 1, stdout: err.stdout ?? '', stderr: err.stderr ?? String(e) };
  }
}

describe('the OpenAPI document and the client generators', () => {
  it('passes Redocly lint, generates with openapi-typescript, and typed calls compile against it', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const doc = (await client.call(D.openapi, {})).data;
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(doc));

    const [lint, gen] = await Promise.all([
      output(bin('node_modules/.bin/redocly'), ['lint', file, '--config', bin('redocly.yaml'), '--format=json', '--max-problems=50']),
      output(bin('tools/openapi/node_modules/.bin/openapi-typescript'), [file, '-o', join(dir, 'api.d.ts')]),
    ]);
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.code).toBe(0);
    expect(gen.stderr + gen.stdout, 'openapi-typescript').not.toMatch(/error|can't resolve/i);
    expect(gen.code).toBe(0);

    await writeFile(join(dir, 'calls.ts'), CALLS);
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const tsc = await output(bin('node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')]);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  }, 60_000);
});
