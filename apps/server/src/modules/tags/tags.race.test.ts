// The per-code tag limit under 20 parallel creations on PostgreSQL.
import { TAG_MAX_PER_CODE } from '@sk/shared';
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

describe('tag limit under concurrency', () => {
  it('20 parallel creations at one below the limit add exactly one', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    await t.deps.db.execute(sql`insert into tags (enterprise_id, code, name, color_rgb, sort)
      select ${enterpriseId}, 3, '标签' || g, '#000000', g from generate_series(1, ${TAG_MAX_PER_CODE - 1}) g`);
    const out = await race(20, (i) => client.post('/v2/epTag', { code: 3, name: `新标签${i}`, color_rgb: '#13c2c2' }));
    expect(tally(out)).toEqual({ ok: 1, [`数量已达上限（${TAG_MAX_PER_CODE}个）`]: 19 });
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from tags where enterprise_id = ${enterpriseId} and code = 3`);
    expect(n?.n).toBe(TAG_MAX_PER_CODE);
  });
});
