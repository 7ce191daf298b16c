// The sweep that ends calls whose 'ended' event never came (calls.stale.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { endStaleCalls } from './calls.stale';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function call(ep: number, userId: number, state: number, startedMinutesAgo: number, answered = false): Promise<number> {
  const [r] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into call_records (enterprise_id, call_id, direction, number, user_id, state, started_at, answered_at)
      values (${ep}, ${`stale-${Math.random()}`}, 1, '13900001111', ${userId}, ${state}, now() - make_interval(mins => ${startedMinutesAgo}),
        ${answered ? sql`now() - make_interval(mins => ${startedMinutesAgo - 1})` : null})
      returning id::int`,
  );
  return Number(r?.id);
}

const rowOf = async (id: number) =>
  (
    await rows<{ state: number; callback_state: number; ended: boolean; duration_s: number }>(
      t.deps.db,
      sql`select state, callback_state, ended_at is not null as ended, duration_s from call_records where id = ${id}`,
    )
  )[0];

describe('calls the platform never ended', () => {
  it('ringing for 10 minutes becomes missed with one call-back task; talking for 4 hours ends; fresh calls stay; parallel sweeps end each once', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const ep = a.enterpriseId;
    const ringing = await call(ep, a.user.id, 1, 11);
    const fresh = await call(ep, a.user.id, 1, 2);
    const talking = await call(ep, a.user.id, 2, 5 * 60, true);
    const shortTalk = await call(ep, a.user.id, 2, 30, true);
    const ended = await Promise.all([endStaleCalls(t.deps.db), endStaleCalls(t.deps.db), endStaleCalls(t.deps.db)]);
    expect(ended.reduce((x, y) => x + y, 0)).toBe(2);
    expect(await rowOf(ringing)).toMatchObject({ state: 4, callback_state: 1, ended: true, duration_s: 0 });
    expect(await rowOf(talking)).toMatchObject({ state: 3, callback_state: 0, ended: true });
    expect((await rowOf(talking))?.duration_s).toBeGreaterThan(4 * 3600);
    expect(await rowOf(fresh)).toMatchObject({ state: 1, ended: false });
    expect(await rowOf(shortTalk)).toMatchObject({ state: 2, ended: false });
    const logs = await rows(
      t.deps.db,
      sql`select record_id::int, to_state from call_record_logs where record_id in (${ringing}, ${talking}) order by record_id`,
    );
    expect(logs).toEqual([
      { record_id: ringing, to_state: 4 },
      { record_id: talking, to_state: 3 },
    ]);
    expect(await endStaleCalls(t.deps.db)).toBe(0);
  });
});
