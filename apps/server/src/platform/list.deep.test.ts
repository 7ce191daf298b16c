import { customerContract as CC, LIST_WINDOW, orgContract as OC, orderListContract as K } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { orderIn, type Team, team, withTeamApp } from '../modules/orders/actions.fixtures';
import type { TestApp } from '../test/harness';
import { deepPageSkips, forgetSnapshots, sortTermsOf } from './list.snapshot';

// Every page is served (docs/lists.md, "Deep pages"): past the window a page is a keyset seek from the nearest
// position seen, and must hold exactly the rows OFFSET would, in the same order, ties on the sort key included.

let t: TestApp;
let tm: Team;
let other: Team;
withTeamApp((app, made) => {
  [t, tm] = [app, made];
});

afterEach(() => forgetSnapshots());

const ids = (found: { id: number | string }[]) => found.map((r) => Number(r.id));

/** Orders past the window: created seven to a minute (ties on created_at) and three priorities (more ties). */
async function manyOrders(): Promise<void> {
  const seed = await orderIn(t, tm, 1);
  await t.deps.db.execute(sql`insert into orders (enterprise_id, order_no, title, state, customer_id, template_id, created_by, created_at, priority, appointment_at)
    select enterprise_id, order_no || '-' || g, title, (g % 8)::smallint, customer_id, template_id, created_by,
      timestamptz '2026-01-01 08:00:00+08' - (g / 7) * interval '1 minute', (g % 3)::smallint,
      case when g % 5 = 0 then null else timestamptz '2026-02-01 08:00:00+08' + (g % 11) * interval '1 hour' end
    from orders, generate_series(1, ${LIST_WINDOW + 1_500}) g where enterprise_id = ${tm.ep} and id = ${seed}`);
  // Another enterprise's orders interleave in time: never on this one's pages.
  other = await team(t);
  const theirs = await orderIn(t, other, 1);
  await t.deps.db.execute(sql`insert into orders (enterprise_id, order_no, title, state, customer_id, template_id, created_by, created_at)
    select enterprise_id, order_no || '-' || g, title, 1, customer_id, template_id, created_by, timestamptz '2026-01-01 08:00:00+08' - g * interval '1 minute'
    from orders, generate_series(1, 3000) g where enterprise_id = ${other.ep} and id = ${theirs}`);
}

const SORT_SQL: Record<number, string> = {
  1: 'created_at desc, id desc',
  2: 'created_at asc, id asc',
  3: 'appointment_at asc nulls last, id asc',
  4: 'priority desc, created_at desc, id desc',
};

async function offsetOrders(ep: number, sortType: number, pageIndex: number, pageSize: number, where: SQL = sql`true`): Promise<number[]> {
  return ids(
    await rows<{ id: number }>(
      t.deps.db,
      sql`select id from orders where enterprise_id = ${ep} and deleted_at is null and ${where}
        order by ${sql.raw(SORT_SQL[sortType] as string)} limit ${pageSize} offset ${pageIndex * pageSize}`,
    ),
  );
}

async function apiOrders(sortType: number, pageIndex: number, pageSize: number, q: Record<string, unknown> = {}) {
  const r = await tm.admin.client.send(K.getAllOrderList, { pageIndex, pageSize, sortType, ...q });
  expect(r.success).toBe(true);
  return { ids: r.data.list.map((o: { id: number }) => o.id), count: r.data.count };
}

describe('deep pages of the order list', () => {
  it('serves pages past the window with exactly the rows OFFSET gives, in every sort, with an exact count from the totals', async () => {
    await manyOrders();
    const [fresh] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from orders where enterprise_id = ${tm.ep} and deleted_at is null`);
    expect(Number(fresh?.n)).toBeGreaterThan(LIST_WINDOW + 1);
    for (const sortType of [1, 2, 4, 3]) {
      // Cold far page (skips, leaving marks), the next page (from the last row's mark), the same page again, an
      // earlier deep page (from a mark left on the way), the window's last page, the last page, and past the end.
      const size = 20;
      const last = Math.ceil(Number(fresh?.n) / size) - 1;
      for (const pageIndex of [560, 561, 561, 530, LIST_WINDOW / size - 1, LIST_WINDOW / size, last, last + 1]) {
        const got = await apiOrders(sortType, pageIndex, size);
        expect(got.count).toBe(Number(fresh?.n));
        expect({ sortType, pageIndex, ids: got.ids }).toEqual({ sortType, pageIndex, ids: await offsetOrders(tm.ep, sortType, pageIndex, size) });
      }
      expect((await apiOrders(sortType, last + 1, size)).ids).toEqual([]);
    }
    // The seek, not OFFSET: once a page is served, its next page, the page again and a page near a mark left on the
    // way skip (almost) nothing.
    forgetSnapshots();
    const cold = deepPageSkips();
    await apiOrders(1, 570, 20);
    expect(deepPageSkips() - cold).toBe(570 * 20);
    const warm = deepPageSkips();
    await apiOrders(1, 571, 20);
    await apiOrders(1, 571, 20);
    await apiOrders(1, 570, 20);
    expect(deepPageSkips() - warm).toBe(0);
    await apiOrders(1, 552, 20); // offset 11,040: from the mark at 10,999, 40 rows
    expect(deepPageSkips() - warm).toBe(40);
  });

  it('walks every deep page in a row without a gap or a repeat, and a state tab counts from the totals', async () => {
    const seen: number[] = [];
    for (let pageIndex = LIST_WINDOW / 100 - 1; pageIndex < LIST_WINDOW / 100 + 16; pageIndex++) seen.push(...(await apiOrders(4, pageIndex, 100)).ids);
    const expected = await rows<{ id: number }>(
      t.deps.db,
      sql`select id from orders where enterprise_id = ${tm.ep} and deleted_at is null order by priority desc, created_at desc, id desc limit 1700 offset ${LIST_WINDOW - 100}`,
    );
    expect(seen).toEqual(ids(expected));
    // 进行中 (states 1–4): the exact number, and its deep pages as OFFSET gives them.
    const inWork = sql`state in (1, 2, 3, 4)`;
    const [n] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${tm.ep} and deleted_at is null and ${inWork}`,
    );
    const deep = await apiOrders(1, 260, 20, { orderState: 1 });
    expect(deep.count).toBe(Number(n?.n));
    expect(deep.ids).toEqual(await offsetOrders(tm.ep, 1, 260, 20, inWork));
    // A filter the totals cannot answer (未评价) still counts "10000+" and serves its deep pages.
    const unrated = await apiOrders(1, 520, 20, { evaluateState: 0 });
    expect(unrated.count).toBe(LIST_WINDOW + 1);
    expect(unrated.ids).toEqual(await offsetOrders(tm.ep, 1, 520, 20, sql`evaluated_at is null`));
  });

  it('leaves a row deleted since out of the page, and another enterprise never sees these orders', async () => {
    const before = await apiOrders(1, 560, 20);
    expect(before.ids).toHaveLength(20);
    await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${tm.ep} and id = ${before.ids[3]}`);
    const after = await apiOrders(1, 560, 20);
    expect(after.ids).not.toContain(before.ids[3]);
    expect(after.ids).toEqual(await offsetOrders(tm.ep, 1, 560, 20));
    const theirs = await other.admin.client.send(K.getAllOrderList, { pageIndex: 560, pageSize: 20 });
    expect(theirs.success).toBe(true);
    expect(theirs.data.list).toEqual([]);
    const theirDeep = await other.admin.client.send(K.getAllOrderList, { pageIndex: 100, pageSize: 20 });
    expect(theirDeep.data.list.length).toBe(20);
    expect(theirDeep.data.list.some((o: { id: number }) => before.ids.includes(o.id))).toBe(false);
  });
  it('reads the first page of a list past the window beside its totals, and its exact rows once it falls under the window', async () => {
    await apiOrders(1, 0, 20);
    // The totals locked by another transaction: the page's statement still runs and ends while they wait.
    const holder = new pg.Client({ connectionString: t.database.url });
    const watcher = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table order_state_counts in access exclusive mode');
      const at = (await holder.query('select clock_timestamp() as at')).rows[0].at;
      const answer = apiOrders(1, 0, 20);
      // On a connection of its own outside the holder's transaction (which would see one snapshot of the activity
      // throughout), and not the app's pool: a pool connection reused for the question would overwrite the answer.
      const pageRead = async () => {
        const r = await watcher.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state = 'idle' and query_start > $1 and query like '%custom_link_person%'`,
          [at],
        );
        return Number(r.rows[0]?.n) > 0;
      };
      let read = false;
      for (let i = 0; i < 60 && !read; i++) {
        read = await pageRead();
        if (!read) await new Promise((r) => setTimeout(r, 50));
      }
      await holder.query('rollback');
      expect(read).toBe(true);
      const got = await answer;
      expect(got.ids).toEqual(await offsetOrders(tm.ep, 1, 0, 20));
    } finally {
      await holder.end();
      await watcher.end();
    }
    // Under the window now: the exact count and the page of its matches, the walk read beside the totals left unused.
    await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${tm.ep} and deleted_at is null
      and id in (select id from orders where enterprise_id = ${tm.ep} and deleted_at is null order by id limit 2000)`);
    const [left] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from orders where enterprise_id = ${tm.ep} and deleted_at is null`);
    expect(Number(left?.n)).toBeLessThanOrEqual(LIST_WINDOW);
    for (let i = 0; i < 2; i++) {
      const under = await apiOrders(1, 0, 20);
      expect(under.count).toBe(Number(left?.n));
      expect(under.ids).toEqual(await offsetOrders(tm.ep, 1, 0, 20));
    }
  });
});

describe('deep pages of other lists', () => {
  it('serves the customer list and the user list past the window as OFFSET would, ties on created_at included', async () => {
    await t.deps.db.execute(sql`insert into customers (enterprise_id, name, created_at)
      select ${tm.ep}, '批量客户' || g, timestamptz '2026-01-01 08:00:00+08' - (g / 4) * interval '1 second' from generate_series(1, ${LIST_WINDOW + 300}) g`);
    const offsetCustomers = async (pageIndex: number) =>
      ids(
        await rows<{ id: number }>(
          t.deps.db,
          sql`select id from customers where enterprise_id = ${tm.ep} order by created_at desc, id desc limit 10 offset ${pageIndex * 10}`,
        ),
      );
    for (const pageIndex of [1020, 1021, 1005, 1000, 1020]) {
      const r = await tm.admin.client.send(CC.epCustomerList, { pageIndex, pageSize: 10 });
      expect(r.success).toBe(true);
      expect({ pageIndex, ids: r.data.map((c: { id: number }) => c.id) }).toEqual({ pageIndex, ids: await offsetCustomers(pageIndex) });
    }

    await t.deps.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
      select ${tm.ep}, '167' || lpad(g::text, 8, '0'), '深页' || g, '{2}', 2 from generate_series(1, ${LIST_WINDOW + 50}) g`);
    const offsetUsers = async (pageIndex: number) =>
      ids(
        await rows<{ id: number }>(
          t.deps.db,
          sql`select id from users where enterprise_id = ${tm.ep} and deleted_at is null order by id desc limit 20 offset ${pageIndex * 20}`,
        ),
      );
    for (const pageIndex of [501, 500, 502]) {
      const r = await tm.admin.client.send(OC.userList, { pageIndex, pageSize: 20 });
      expect(r.success).toBe(true);
      expect({ pageIndex, ids: r.data.list.map((u: { id: number }) => u.id) }).toEqual({ pageIndex, ids: await offsetUsers(pageIndex) });
    }
  });
});

describe('sortTermsOf', () => {
  it('seeks along one direction ending in the id, and leaves other orders to OFFSET', () => {
    expect(sortTermsOf(sql`o.created_at desc, o.id desc`, 'o')).toEqual([
      { expr: 'o.created_at', desc: true },
      { expr: 'o.id', desc: true },
    ]);
    expect(sortTermsOf(sql`u.id`, 'u')).toEqual([{ expr: 'u.id', desc: false }]);
    expect(sortTermsOf(sql`o.appointment_at asc nulls last, o.id asc`, 'o')).toBeNull();
    expect(sortTermsOf(sql`o.priority desc, o.id asc`, 'o')).toBeNull();
    expect(sortTermsOf(sql`o.created_at desc`, 'o')).toBeNull();
    expect(sortTermsOf(sql`coalesce(o.a, ${1}) desc, o.id desc`, 'o')).toBeNull();
  });
});
