import { orderActionsContract as K, orderCountsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createDerived } from '../../db/derived';
import type { TestApp } from '../../test/harness';
import { orderIn, type Team, team, withTeamApp } from './actions.fixtures';
import { dayTotals, foldAllDayCounts, foldAllStateCounts, foldStateCounts, freshStateCounts, periodCounts, type StateGroup, stateCounts } from './state-counts';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const sorted = (g: StateGroup[]) => g.map((x) => `${x.state}/${x.invalid}:${Number(x.n)}`).sort();
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

/** One random action on one order, over HTTP as the people who take it; refusals (moved on, not allowed) are expected. */
function randomAction(id: number): Promise<unknown> {
  const a = pick(['accept', 'start', 'cancel', 'invalid', 'accepted', 'bin', 'restore', 'purge', 'sql'] as const);
  switch (a) {
    case 'accept':
      return tm.engineer.client.send(K.accept, { orderId: id });
    case 'start':
      return tm.engineer.client.send(K.startService, { orderId: id });
    case 'cancel':
      return tm.dispatcher.client.send(K.cancel, { orderId: id, reason: '客户取消' });
    case 'invalid':
      return tm.desk.client.send(K.acceptance, { orderId: id, invalid: true, reason: '重复报修' });
    case 'accepted':
      return tm.desk.client.send(K.acceptance, { orderId: id });
    case 'bin':
      return tm.admin.client.send(K.delAllOrder, { orderIds: [id] });
    case 'restore':
      return tm.admin.client.send(K.restore, { orderIds: [id] });
    case 'purge':
      return tm.admin.client.send(K.purge, { orderIds: [id] });
    default:
      // A writer outside the actions: the counters follow every update, not only the state machine's.
      return t.deps.db.execute(
        sql`update orders set state = ${pick([0, 1, 2, 3, 4, 5, 6, 7])}, invalid = ${Math.random() < 0.2} where enterprise_id = ${tm.ep} and id = ${id}`,
      );
  }
}

describe('order_state_counts (the trigger-kept counts behind the all-time statusStatistics)', () => {
  it('equal a fresh count after random actions, parallel ones among them, inserts, deletes and folds', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await orderIn(t, tm, pick([0, 0, 1, 2, 3, 4, 5, 7])));
    for (let round = 0; round < 6; round++) {
      // 30 actions at once, several on the same order, with a fold among them.
      await Promise.all([...Array.from({ length: 30 }, () => randomAction(pick(ids))), foldStateCounts(t.deps.db, tm.ep)]);
      // A statement writing many rows at once, and one deleting some.
      await t.deps.db.execute(sql`insert into orders (enterprise_id, order_no, title, state, customer_id, template_id, created_by)
        select enterprise_id, order_no || '-' || ${round} || '-' || g, title, (g % 8)::smallint, customer_id, template_id, created_by
        from orders, generate_series(1, 3) g where enterprise_id = ${tm.ep} and id = ${ids[0]}`);
      await t.deps.db.execute(sql`delete from orders where enterprise_id = ${tm.ep} and id in (
        select id from orders where enterprise_id = ${tm.ep} and order_no like '%-%-2' and id not in (select order_id from order_logs where enterprise_id = ${tm.ep}) limit 1)`);
      expect(sorted(await stateCounts(t.deps.db, tm.ep))).toEqual(sorted(await freshStateCounts(t.deps.db, tm.ep)));
      expect(await dayTotals(t.deps.db, tm.ep)).toEqual(await dayTotals(t.deps.db, tm.ep, true));
    }
    // The sweep folds an enterprise past 100 delta rows into one row per (state, invalid), keeping the sums.
    // Its measure is the delta rows beyond one per group (a plain row count can pass 100 while that is still under it).
    const [rowCount, beyondOnePerGroup] = [sql`count(*)`, sql`count(*) - count(distinct (state, invalid, in_pool, abnormal_kind))`];
    const deltas = async (what = rowCount) =>
      Number((await rows<{ n: number }>(t.deps.db, sql`select (${what})::int as n from order_state_counts where enterprise_id = ${tm.ep}`))[0]?.n);
    for (let i = 0; i < 60; i++) await randomAction(pick(ids));
    for (let i = 0; i < 20 && (await deltas(beyondOnePerGroup)) <= 100; i++)
      await t.deps.db.execute(sql`update orders set state = (state + 1) % 8 where enterprise_id = ${tm.ep}`);
    expect(await deltas(beyondOnePerGroup)).toBeGreaterThan(100);
    expect(await foldAllStateCounts(t.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await deltas(beyondOnePerGroup)).toBe(0);
    expect(await deltas()).toBeLessThanOrEqual(16);
    expect(sorted(await stateCounts(t.deps.db, tm.ep))).toEqual(sorted(await freshStateCounts(t.deps.db, tm.ep)));
    // The day-keyed deltas likewise: folded to one row per day and group, the same sums.
    const dayRows = async (what = rowCount) =>
      Number((await rows<{ n: number }>(t.deps.db, sql`select (${what})::int as n from order_day_counts where enterprise_id = ${tm.ep}`))[0]?.n);
    const dayBeyondOne = sql`count(*) - count(distinct (day, state, invalid, abnormal_kind))`;
    for (let i = 0; i < 20 && (await dayRows(dayBeyondOne)) <= 100; i++)
      await t.deps.db.execute(sql`update orders set state = (state + 1) % 8 where enterprise_id = ${tm.ep}`);
    const before = await dayTotals(t.deps.db, tm.ep);
    expect(await dayRows(dayBeyondOne)).toBeGreaterThan(100);
    expect(await foldAllDayCounts(t.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await dayRows()).toBe(before.length);
    expect(await dayTotals(t.deps.db, tm.ep)).toEqual(before);
    expect(before).toEqual(await dayTotals(t.deps.db, tm.ep, true));
    // The actions did move orders (the comparison is not of two empty sets).
    const [moved] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_logs where enterprise_id = ${tm.ep}`);
    expect(Number(moved?.n)).toBeGreaterThan(5);
  });

  it('answer the home page statistics for all time as a fresh count would, and another enterprise keeps its own', async () => {
    const other = await team(t);
    await orderIn(t, other, 3);
    const r = await tm.admin.client.send(C.statusStatistics, {});
    expect(r.success).toBe(true);
    const fresh = await freshStateCounts(t.deps.db, tm.ep);
    const total = fresh.reduce((s, g) => s + Number(g.n), 0);
    expect(r.data.total).toBe(total);
    expect(r.data.invalid).toBe(fresh.filter((g) => g.invalid && g.state === 0).reduce((s, g) => s + Number(g.n), 0));
    for (const s of r.data.states) {
      expect(s.count).toBe(fresh.filter((g) => g.state === s.state && !(g.invalid && g.state === 0)).reduce((a, g) => a + Number(g.n), 0));
    }
    expect(sorted(await stateCounts(t.deps.db, other.ep))).toEqual(['3/false:1']);
  });

  it('answer the statistic over a period from the day totals as a fresh count would, and past 100 deltas fold the days read', async () => {
    const other = await team(t);
    await orderIn(t, other, 3);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await orderIn(t, tm, 1));
    // Created yesterday at 23:59:59.5 and today at midnight (Asia/Shanghai): a range to yesterday's end takes the first
    // (an end includes its whole last second), not the second.
    const [y] = await rows<{ y: string; d: string }>(
      t.deps.db,
      sql`select ((now() at time zone 'Asia/Shanghai')::date - 1)::text as y, (now() at time zone 'Asia/Shanghai')::date::text as d`,
    );
    const { y: yesterday, d: today } = y as { y: string; d: string };
    await t.deps.db.execute(sql`update orders set created_at = (${`${yesterday} 23:59:59.5`}::timestamp at time zone 'Asia/Shanghai') where id = ${ids[0]}`);
    await t.deps.db.execute(sql`update orders set created_at = (${`${today} 00:00:00`}::timestamp at time zone 'Asia/Shanghai') where id = ${ids[1]}`);
    const count = async (from: string, to: string | null) =>
      Number(
        (
          await rows<{ n: number }>(
            t.deps.db,
            sql`select count(*)::int as n from orders where enterprise_id = ${tm.ep} and deleted_at is null
              and created_at >= (${from}::timestamp at time zone 'Asia/Shanghai') and (${to}::text is null or created_at < ((${to}::timestamp + interval '1 second') at time zone 'Asia/Shanghai'))`,
          )
        )[0]?.n,
      );
    const stat = async (startTime: string, endTime?: string) => (await tm.admin.client.send(C.statusStatistics, { startTime, endTime })).data.total;
    expect(await stat(yesterday, yesterday)).toBe(await count(yesterday, `${yesterday} 23:59:59`));
    expect(await stat(yesterday, yesterday)).toBe((await count(yesterday, null)) - (await count(today, null)));
    expect(await stat(yesterday)).toBe(await count(yesterday, null));
    expect(await stat(`${yesterday} 23:59:59`)).toBe((await count(today, null)) + 1);
    expect(await stat(today, today)).toBe(await count(today, `${today} 23:59:59`));
    // 120 moves of today's orders: the read of today folds its deltas, to the same answer.
    for (let i = 0; i < 30; i++)
      await t.deps.db.execute(
        sql`update orders set state = (state % 4) + 1 where enterprise_id = ${tm.ep} and id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    const deltas = async () =>
      Number(
        (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_day_counts where enterprise_id = ${tm.ep} and day = ${today}`))[0]?.n,
      );
    expect(await deltas()).toBeGreaterThan(100);
    // Five readers at once, each past the threshold: the folds run side by side and every answer is the count.
    const answers = await Promise.all(Array.from({ length: 5 }, () => stat(today)));
    expect(await deltas()).toBeLessThan(20);
    expect(answers).toEqual(Array.from({ length: 5 }, () => answers[0]));
    expect(answers[0]).toBe(await count(today, null));
    expect(await stat(today)).toBe(answers[0]);
    expect(await dayTotals(t.deps.db, tm.ep)).toEqual(await dayTotals(t.deps.db, tm.ep, true));
    // Another enterprise's one order is in its own statistic only.
    expect(await (await other.admin.client.send(C.statusStatistics, { startTime: yesterday })).data.total).toBe(1);
  });

  it('are backfilled once on a database from before them (its trigger without created_at), the all-time counts left as they were', async () => {
    await orderIn(t, tm, 2);
    const states = sorted(await stateCounts(t.deps.db, tm.ep));
    await t.deps.db.execute(sql`delete from order_day_counts`);
    await t.deps.db.execute(sql`create or replace trigger orders_counts_upd after update on orders for each row
      when (old.state is distinct from new.state or old.invalid is distinct from new.invalid
        or old.in_pool is distinct from new.in_pool or old.abnormal_kind is distinct from new.abnormal_kind
        or (old.deleted_at is null) <> (new.deleted_at is null) or old.enterprise_id <> new.enterprise_id)
      execute function sk_order_counts_upd()`);
    await createDerived(t.database);
    expect(await dayTotals(t.deps.db, tm.ep)).toEqual(await dayTotals(t.deps.db, tm.ep, true));
    expect((await dayTotals(t.deps.db, tm.ep)).length).toBeGreaterThan(0);
    expect(sorted(await stateCounts(t.deps.db, tm.ep))).toEqual(states);
    // Run again (every start): nothing counted twice.
    await createDerived(t.database);
    expect(await dayTotals(t.deps.db, tm.ep)).toEqual(await dayTotals(t.deps.db, tm.ep, true));
  });

  it('move to the new days when the enterprise changes its time zone, orders written meanwhile among them', async () => {
    const zoned = await team(t);
    const at = (local: string, zone: string) => sql`(${local}::timestamp at time zone ${zone})`;
    const first = await orderIn(t, zoned, 1);
    // 2026-03-07 20:00 in Shanghai is 07:00 the same day in New York; 02:00 on the 8th in Shanghai is still the 7th there.
    await t.deps.db.execute(sql`update orders set created_at = ${at('2026-03-08 02:00', 'Asia/Shanghai')} where id = ${first}`);
    const stat = (zone: string) => periodCounts(t.deps.db, zoned.ep, zone, '2026-03-08', '2026-03-08 23:59:59');
    expect((await stat('Asia/Shanghai')).reduce((s, g) => s + g.n, 0)).toBe(1);
    // Orders created while the zone changes: each is counted on its day in the zone that won.
    await Promise.all([
      t.deps.db.execute(sql`update enterprises set time_zone = 'America/New_York' where id = ${zoned.ep}`),
      ...Array.from({ length: 6 }, () => orderIn(t, zoned, 2)),
    ]);
    expect(await dayTotals(t.deps.db, zoned.ep)).toEqual(await dayTotals(t.deps.db, zoned.ep, true, 'America/New_York'));
    expect((await stat('America/New_York')).reduce((s, g) => s + g.n, 0)).toBe(0);
    const seventh = await periodCounts(t.deps.db, zoned.ep, 'America/New_York', '2026-03-07', '2026-03-07 23:59:59');
    expect(seventh.reduce((s, g) => s + g.n, 0)).toBe(1);
    // Another enterprise's day rows were not touched.
    expect(await dayTotals(t.deps.db, tm.ep)).toEqual(await dayTotals(t.deps.db, tm.ep, true));
  });
});
