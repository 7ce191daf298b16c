// Search plans under 20 parallel requests on PostgreSQL (deadlocks, unique violations, false 名称已存在).
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

const PAGE = '/allOrder';
const defaults = async (userId: number) =>
  rows<{ name: string }>(t.deps.db, sql`select name from search_plans where user_id = ${userId} and page_key = ${PAGE} and is_default`);

describe('search plans under concurrency', () => {
  it('20 parallel set-default calls all succeed and leave exactly one default', async () => {
    const { client, user } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await client.post('/search/plan/save', { pageKey: PAGE, name: `方案${i}`, conditions: { i } })).data.id);
    const out = await race(20, (i) => client.post('/search/plan/set/default', { pageKey: PAGE, id: ids[i] }));
    expect(tally(out)).toEqual({ ok: 20 });
    expect(await defaults(user.id)).toHaveLength(1);
  });

  it('20 parallel saves with different names and isDefault all succeed, one default', async () => {
    const { client, user } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const out = await race(20, (i) => client.post('/search/plan/save', { pageKey: PAGE, name: `默认${i}`, conditions: {}, isDefault: true }));
    expect(tally(out)).toEqual({ ok: 20 });
    expect(await defaults(user.id)).toHaveLength(1);
  });

  it('20 parallel saves of one name: one saved, the others told 名称已存在', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const out = await race(20, () => client.post('/search/plan/save', { pageKey: PAGE, name: '同名', conditions: {}, isDefault: true }));
    expect(tally(out)).toEqual({ ok: 1, 名称已存在: 19 });
  });
});
