import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const N = 10;
const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const named = async (ep: number, name: string) =>
  (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from form_templates where enterprise_id = ${ep} and name = ${name}`))[0]?.n;

/** Templates made one by one, then renamed to one name at once (a unique violation raced past the check). */
async function renamedAtOnce(add: (i: number) => Promise<number>, rename: (id: number) => Promise<unknown>) {
  const ids: number[] = [];
  for (let i = 0; i < N; i++) ids.push(await add(i));
  return tally(await race(N, (i) => rename(ids[i] as number) as never));
}

describe('renaming templates to one name at once', () => {
  it('order types: exactly one wins, the others answer 名称已存在, none a 500', async () => {
    const { client, enterpriseId } = await admin();
    const add = async (i: number) => (await client.post('/v2/temp/add', { name: `类型${i}` })).data.id as number;
    const out = await renamedAtOnce(add, (id) => client.put('/v2/temp/rename', { id, name: '同名工单' }));
    expect(out).toEqual({ ok: 1, 名称已存在: N - 1 });
    expect(await named(enterpriseId, '同名工单')).toBe(1);
  });

  it('project templates: exactly one wins, the others answer 名称已存在, none a 500', async () => {
    const { client, enterpriseId } = await admin();
    const stageOf = new Map<number, number>();
    const add = async (i: number) => {
      const id = (await client.post('/project/tmpl/saveProjectProcessTmpl', { name: `项目模板${i}`, stages: [{ name: '勘察' }] })).data.id as number;
      stageOf.set(id, (await client.get('/project/tmpl/getProjectProcessTmplList', { id })).data.stages[0]!.id);
      return id;
    };
    const rename = (id: number) =>
      client.post('/project/tmpl/saveProjectProcessTmpl', { id, name: '同名项目', stages: [{ id: stageOf.get(id), name: '勘察' }] });
    expect(await renamedAtOnce(add, rename)).toEqual({ ok: 1, 名称已存在: N - 1 });
    expect(await named(enterpriseId, '同名项目')).toBe(1);
  });
});
