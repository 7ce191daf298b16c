import { orderListContract as K, rangeEnd } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { TestApp } from '../../test/harness';
import { type Team, team, withTeamApp } from './actions.fixtures';
import { abnormalCount, acceptanceCount, listCount, poolCount, statusStatistics, unDeliverCount } from './counts.service';
import { dayTotals, foldDayCounts, foldStateCounts, freshStateCounts, periodCounts, stateCounts } from './state-counts';
import { insertOrder, orderViewer } from './test-helpers';
import type { SystemActor } from '../../platform/actor';

// The maintained totals (order_state_counts, kept by the triggers of db/derived.ts) against a fresh COUNT(*): after any
// mix of creates, moves (state, invalid, the pool, a change request), deletes to the bin, restores and purges across two
// enterprises, every total and every count read from them equals the count of the orders themselves. The day-keyed
// totals (order_day_counts) likewise, per creation day in each enterprise's zone (one in Asia/Shanghai, the other moved
// between New York — across a change to summer time — and Kolkata's half hour), with orders created around midnight:
// the statistic of any period (whole days, parts of days, an open end) equals the count of the orders created in it.

let t: TestApp;
let a: Team;
let b: Team;
withTeamApp((app, made) => {
  [t, a] = [app, made];
});
const readers = new Map<number, SystemActor>();
const zones = new Map<number, string>();
beforeAll(async () => {
  b = await team(t);
  for (const tm of [a, b]) readers.set(tm.ep, (await orderViewer(t.deps.db, tm.ep, 3)) as unknown as SystemActor);
  zones.set(a.ep, 'Asia/Shanghai');
  await t.deps.db.execute(sql`update enterprises set time_zone = 'America/New_York' where id = ${b.ep}`);
  zones.set(b.ep, 'America/New_York');
});

const sorted = (g: { state: number; invalid: boolean; inPool: boolean; abnormalKind: number | null; n: number }[]) =>
  g.map((x) => `${x.state}/${x.invalid}/${x.inPool}/${x.abnormalKind}:${x.n}`).sort();

const fresh = async (ep: number, where: SQL): Promise<number> =>
  Number(
    (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from orders o where o.enterprise_id = ${ep} and o.deleted_at is null and ${where}`))[0]
      ?.n,
  );

const state = fc.integer({ min: 0, max: 7 });
const abnormal = fc.option(fc.integer({ min: 1, max: 3 }), { nil: null });
/** Local creation days 2026-03-06 … 03-10 (New York moves to summer time on the 8th). */
const DAYS = ['2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11'];
const hms = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m, x]) => [h, m, x].map((v) => String(v).padStart(2, '0')).join(':'));
/** Around midnight mostly: the last second, its fraction, the first instant and just after it. */
const time = fc.oneof(fc.constantFrom('00:00:00', '00:00:00.4', '23:59:59', '23:59:59.6', '12:00:00'), hms);
const created = fc.record({ day: fc.integer({ min: 1, max: 5 }), time });
/** A range bound: a date, a date-time to the minute, or to the second (as the API takes them); or none. */
const bound = fc.option(
  fc.tuple(fc.integer({ min: 0, max: 6 }), fc.constantFrom('', ' 00:00', ' 12:30', ' 23:59:59', ' 00:00:00'), hms, fc.boolean()).map(([d, t, h, random]) => {
    const day = DAYS[d] as string;
    return random ? `${day} ${h}` : `${day}${t}`;
  }),
  { nil: undefined },
);
const ZONES = ['America/New_York', 'Asia/Kolkata'];

const op = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    ep: fc.nat(1),
    state,
    invalid: fc.boolean(),
    inPool: fc.boolean(),
    abnormal,
    many: fc.integer({ min: 1, max: 4 }),
    created,
  }),
  fc.record({ kind: fc.constant('zone' as const), ep: fc.constant(1), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), ep: fc.nat(1), pick: fc.nat(), state, invalid: fc.boolean(), inPool: fc.boolean(), abnormal }),
  fc.record({ kind: fc.constantFrom('bin' as const, 'restore' as const, 'purge' as const, 'fold' as const), ep: fc.nat(1), pick: fc.nat() }),
);

/** The statistic counted from the orders with the API's range: from the start, to the end's whole last second (a date: its 23:59:59). */
async function freshStatistics(ep: number, tz: string, start?: string, end?: string) {
  const lo = start ? sql`o.created_at >= (${start}::timestamp at time zone ${tz})` : sql`true`;
  const hi = end ? sql`o.created_at < ((${rangeEnd(end)}::timestamp + interval '1 second') at time zone ${tz})` : sql`true`;
  const open = sql.raw('o.state in (0, 1, 2, 3, 4, 7)');
  const [c] = await rows<{ total: number; invalid: number; abnormal: number; overdue: number; states: number[] }>(
    t.deps.db,
    sql`select count(*)::int as total, (count(*) filter (where o.state = 0 and o.invalid))::int as invalid,
        (count(*) filter (where ${open} and o.abnormal_kind is not null))::int as abnormal,
        (count(*) filter (where ${open} and not o.invalid and o.due_at < now()))::int as overdue,
        array[${sql.join(
          [0, 1, 2, 3, 4, 5, 6, 7].map((x) => sql.raw(`count(*) filter (where o.state = ${x}${x === 0 ? ' and not o.invalid' : ''})`)),
          sql`, `,
        )}]::int[] as states
      from orders o where o.enterprise_id = ${ep} and o.deleted_at is null and ${lo} and ${hi}`,
  );
  return c;
}

describe('the maintained order totals', () => {
  it('equal a fresh COUNT(*) after random creates, moves, deletes and restores in two enterprises', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 5, maxLength: 25 }),
        fc.array(fc.tuple(bound, bound), { minLength: 4, maxLength: 4 }),
        async (ops, periods) => {
          for (const o of ops) {
            const ep = (o.ep === 0 ? a : b).ep;
            if (o.kind === 'create') {
              const first = await insertOrder(t.deps.db, ep, { state: o.state, invalid: o.invalid, in_pool: o.inPool, abnormal_kind: o.abnormal });
              await t.deps.db.execute(sql`update orders set created_at = (${`${DAYS[o.created.day]} ${o.created.time}`}::timestamp at time zone ${zones.get(ep)})
              where enterprise_id = ${ep} and id = ${first}`);
              // Several rows in one statement: the statement trigger counts them at once.
              if (o.many > 1)
                await t.deps.db.execute(sql`insert into orders (enterprise_id, order_no, title, state, invalid, in_pool, abnormal_kind, customer_id, template_id, created_at)
                select enterprise_id, order_no || '-' || g, title, state, invalid, in_pool, abnormal_kind, customer_id, template_id, created_at
                from orders, generate_series(2, ${o.many}) g where enterprise_id = ${ep} and id = ${first}`);
              continue;
            }
            if (o.kind === 'fold') {
              await foldStateCounts(t.deps.db, ep);
              await foldDayCounts(t.deps.db, ep);
              continue;
            }
            if (o.kind === 'zone') {
              // Another zone: every order of the enterprise is on another day now.
              const zone = ZONES[o.pick % ZONES.length] as string;
              await t.deps.db.execute(sql`update enterprises set time_zone = ${zone} where id = ${ep}`);
              zones.set(ep, zone);
              continue;
            }
            const all = await rows<{ id: number }>(t.deps.db, sql`select id from orders where enterprise_id = ${ep} order by id`);
            if (all.length === 0) continue;
            const id = Number(all[o.pick % all.length]?.id);
            if (o.kind === 'move')
              await t.deps.db.execute(sql`update orders set state = ${o.state}, invalid = ${o.invalid}, in_pool = ${o.inPool}, abnormal_kind = ${o.abnormal}
              where enterprise_id = ${ep} and id = ${id}`);
            else if (o.kind === 'bin') await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${ep} and id = ${id}`);
            else if (o.kind === 'restore') await t.deps.db.execute(sql`update orders set deleted_at = null where enterprise_id = ${ep} and id = ${id}`);
            else await t.deps.db.execute(sql`delete from orders where enterprise_id = ${ep} and id = ${id}`);
          }
          for (const tm of [a, b]) {
            const ep = tm.ep;
            const r = readers.get(ep) as SystemActor;
            expect(sorted(await stateCounts(t.deps.db, ep))).toEqual(sorted(await freshStateCounts(t.deps.db, ep)));
            // Every count read from the totals, against its own COUNT(*).
            expect(await acceptanceCount(t.deps.db, r, 1)).toBe(await fresh(ep, sql`o.state = 0 and not o.invalid`));
            expect(await acceptanceCount(t.deps.db, r, 2)).toBe(await fresh(ep, sql`o.state = 0 and o.invalid`));
            expect(await unDeliverCount(t.deps.db, r)).toBe(await fresh(ep, sql`o.state = 1 and not o.in_pool`));
            expect(await poolCount(t.deps.db, r)).toBe(await fresh(ep, sql`o.state = 1 and o.in_pool`));
            expect(await abnormalCount(t.deps.db, r, 0)).toBe(await fresh(ep, sql`o.abnormal_kind is not null`));
            expect(await abnormalCount(t.deps.db, r, 2)).toBe(await fresh(ep, sql`o.abnormal_kind = 2`));
            expect(await listCount(t.deps.db, r, {})).toBe(await fresh(ep, sql`true`));
            expect(await listCount(t.deps.db, r, { states: [2, 3] })).toBe(await fresh(ep, sql`o.state in (2, 3)`));
            const stats = await statusStatistics(t.deps.db, r, 'Asia/Shanghai', {});
            expect(stats.total).toBe(await fresh(ep, sql`true`));
            expect(stats.abnormal).toBe(await fresh(ep, sql`o.state in (0, 1, 2, 3, 4, 7) and o.abnormal_kind is not null`));
            // The day-keyed totals per day and group, and the statistic of random periods, against the orders.
            const tz = zones.get(ep) as string;
            expect(await dayTotals(t.deps.db, ep)).toEqual(await dayTotals(t.deps.db, ep, true, tz));
            for (const [startTime, endTime] of periods) {
              const got = await statusStatistics(t.deps.db, r, tz, { startTime, endTime });
              const mine = { ...got, states: got.states.map((x) => x.count) };
              expect(mine, `${startTime} – ${endTime} in ${tz}`).toEqual(await freshStatistics(ep, tz, startTime, endTime));
            }
            // Folded, the day totals and a period's groups are what they were unfolded.
            const [from, to] = periods[0] ?? [];
            const groups = async () => (await periodCounts(t.deps.db, ep, tz, from ?? null, to ? rangeEnd(to) : null)).map((g) => JSON.stringify(g)).sort();
            const [unfolded, unfoldedDays] = [await groups(), await dayTotals(t.deps.db, ep)];
            await foldDayCounts(t.deps.db, ep);
            expect(await groups()).toEqual(unfolded);
            expect(await dayTotals(t.deps.db, ep)).toEqual(unfoldedDays);
          }
        },
      ),
      { numRuns: 12 },
    );
    // The comparison was not of empty sets.
    expect(await fresh(a.ep, sql`true`)).toBeGreaterThan(0);
    // (12 runs of up to 25 writes and 8 periods each: more than the default 30 s on a busy CI machine.)
  }, 120_000);

  it('answer the order list an exact count past the window from the totals, and another enterprise its own', async () => {
    const seed = await insertOrder(t.deps.db, a.ep, { state: 3 });
    await t.deps.db.execute(sql`insert into orders (enterprise_id, order_no, title, state, customer_id, template_id)
      select enterprise_id, order_no || '-' || g, title, (g % 8)::smallint, customer_id, template_id from orders, generate_series(1, 10500) g
      where enterprise_id = ${a.ep} and id = ${seed}`);
    const mine = await a.admin.client.send(K.getAllOrderList, { pageSize: 10 });
    expect(mine.data.count).toBe(await fresh(a.ep, sql`true`));
    expect(mine.data.count).toBeGreaterThan(10_001);
    const tab = await a.admin.client.send(K.getAllOrderList, { pageSize: 10, orderState: 1 });
    expect(tab.data.count).toBe(await fresh(a.ep, sql`o.state in (1, 2, 3, 4)`));
    const theirs = await b.admin.client.send(K.getAllOrderList, { pageSize: 10 });
    expect(theirs.data.count).toBe(await fresh(b.ep, sql`true`));
    // An engineer sees only his own orders: his count is counted, not read from the totals.
    const own = await a.engineer.client.send(K.getAllOrderList, { pageSize: 10, scope: 'mine' });
    expect(own.data.count).toBe(await fresh(a.ep, sql`(o.service_user_id = ${a.engineer.id} or o.created_by = ${a.engineer.id})`));
  });
});
