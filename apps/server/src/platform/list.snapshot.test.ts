import { customerContract as CC, LIST_WINDOW, orgContract as OC } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { preparedRows, rows } from '../db/client';
import { newCustomer } from '../modules/customers/test-helpers';
import { loggedIn, makeEnterprise } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { pageSql } from './list';
import { inStatementScope } from '../db/statements';
import { forgetSnapshots, listPageIds, REFRESH_MS, rowsWithIds, SNAPSHOT_TTL_MS, searchPageIds, seenPastWindow, snapshotsSettled } from './list.snapshot';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
/** Moves the clock `ms` on (Date only: the database and the driver keep real time). */
const later = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });

afterEach(() => {
  vi.useRealTimers();
  forgetSnapshots();
});

let serial = 0;
/** A fresh enterprise with `n` users whose names contain 检索, created one after another. */
async function enterpriseWith(n: number): Promise<number> {
  const { enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
  await addUsers(enterpriseId, n);
  return enterpriseId;
}

async function addUsers(enterpriseId: number, n: number): Promise<void> {
  const base = serial;
  serial += n;
  await t.deps.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
    select ${enterpriseId}, '175' || lpad((${base} + g)::text, 8, '0'), '检索' || g, '{2}', 2 from generate_series(1, ${n}) g`);
}

const where = (ep: number): SQL => sql`u.enterprise_id = ${ep} and u.deleted_at is null and u.name like '检索%'`;
const ORDER = sql`u.id desc`;

/** The page as the helper answers it. */
async function helperPage(ep: number, pageIndex: number, pageSize = 5): Promise<number[]> {
  const ids = await searchPageIds(t.deps.db, 'users', 'u', ep, where(ep), ORDER, { pageIndex, pageSize });
  const found = await rows<{ id: number }>(t.deps.db, sql`select u.id from users u where u.id in (${ids}) order by u.id desc`);
  return found.map((r) => Number(r.id));
}

/** The same page read live with OFFSET. */
async function livePage(ep: number, pageIndex: number, pageSize = 5): Promise<number[]> {
  const found = await rows<{ id: number }>(t.deps.db, sql`select u.id from users u where ${where(ep)} order by u.id desc ${pageSql({ pageIndex, pageSize })}`);
  return found.map((r) => Number(r.id));
}

/** A fresh enterprise with `n` matching users whose search's snapshot has been taken by reading its first page. */
async function snapshotted(n: number): Promise<number> {
  const ep = await enterpriseWith(n);
  await helperPage(ep, 0);
  await snapshotsSettled();
  return ep;
}

/** A snapshot taken while one row of the second page was deleted; the row is back now (a match the snapshot lacks). */
async function rowFoundAfterSnapshot(): Promise<{ ep: number; hidden: number }> {
  const ep = await enterpriseWith(12);
  const [hidden] = (await livePage(ep, 1)) as [number];
  await t.deps.db.execute(sql`update users set deleted_at = now() where enterprise_id = ${ep} and id = ${hidden}`);
  await helperPage(ep, 0);
  await snapshotsSettled();
  await t.deps.db.execute(sql`update users set deleted_at = null where enterprise_id = ${ep} and id = ${hidden}`);
  return { ep, hidden };
}

describe('searchPageIds: a search keeps its window after its first page', () => {
  it('answers every later page as the live list did when the first page was read', async () => {
    const ep = await enterpriseWith(23);
    expect(await helperPage(ep, 0)).toEqual(await livePage(ep, 0));
    await snapshotsSettled();
    for (const p of [1, 2, 4]) expect(await helperPage(ep, p)).toEqual(await livePage(ep, p));
    expect(await helperPage(ep, 4)).toHaveLength(3);
    expect(await helperPage(ep, 5)).toEqual([]);
  });

  it('serves later pages from the snapshot, so rows added since do not shift them, until the first page is read again', async () => {
    const ep = await snapshotted(12);
    const before = await livePage(ep, 1);
    await addUsers(ep, 2);
    expect(await livePage(ep, 1)).not.toEqual(before);
    expect(await helperPage(ep, 1)).toEqual(before);
    later(REFRESH_MS + 1000);
    await helperPage(ep, 0);
    await snapshotsSettled();
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
  });

  it('keeps the snapshot when the first page is read again soon after; a later read of it rebuilds the snapshot', async () => {
    const { ep, hidden } = await rowFoundAfterSnapshot();
    expect(await helperPage(ep, 0)).toEqual(await livePage(ep, 0));
    await snapshotsSettled();
    expect(await helperPage(ep, 1)).not.toContain(hidden);
    later(REFRESH_MS + 1000);
    await helperPage(ep, 0);
    await snapshotsSettled();
    expect(await helperPage(ep, 1)).toContain(hidden);
  });

  it('answers a later page sent while the first page rebuilds from the new snapshot, not the old one', async () => {
    const ep = await snapshotted(12);
    await addUsers(ep, 2);
    later(REFRESH_MS + 1000);
    // The first page's statement is only built here, so the rebuild it starts is still running when page 2 asks.
    await searchPageIds(t.deps.db, 'users', 'u', ep, where(ep), ORDER, { pageIndex: 0, pageSize: 5 });
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
  });

  it('reads a row found deeper once the snapshot has expired', async () => {
    const { ep, hidden } = await rowFoundAfterSnapshot();
    expect(await helperPage(ep, 1)).not.toContain(hidden);
    later(SNAPSHOT_TTL_MS + 1000);
    expect(await helperPage(ep, 1)).toContain(hidden);
  });

  it('checks the kept rows against the filter again: a row deleted since is left out, never shown', async () => {
    const ep = await snapshotted(10);
    const second = await helperPage(ep, 1);
    await t.deps.db.execute(sql`update users set deleted_at = now() where enterprise_id = ${ep} and id = ${second[2]}`);
    expect(await helperPage(ep, 1)).toEqual(second.filter((id) => id !== second[2]));
  });

  it('waits for a snapshot being built instead of walking beside it', async () => {
    const ep = await enterpriseWith(12);
    const first = helperPage(ep, 0);
    const expected = await livePage(ep, 1);
    await first;
    // Sent at once after the first page, the later page is answered from the snapshot that page started.
    const pending = helperPage(ep, 1);
    await addUsers(ep, 2);
    expect(await pending).toEqual(expected);
  });

  it('reads a later page live once the snapshot is older than its time to live', async () => {
    const ep = await snapshotted(12);
    await addUsers(ep, 2);
    later(SNAPSHOT_TTL_MS + 1000);
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
  });

  it('keeps one enterprise’s search apart from the same search in another', async () => {
    const a = await enterpriseWith(8);
    const b = await enterpriseWith(8);
    await helperPage(a, 0);
    await helperPage(b, 0);
    await snapshotsSettled();
    const [pa, pb] = [await helperPage(a, 1), await helperPage(b, 1)];
    expect(pa).toEqual(await livePage(a, 1));
    expect(pb).toEqual(await livePage(b, 1));
    expect(pa.some((id) => pb.includes(id))).toBe(false);
  });

  it('builds no snapshot inside a transaction, which ends with its request', async () => {
    const ep = await enterpriseWith(12);
    await t.deps.db.transaction(async (tx) => {
      await searchPageIds(tx, 'users', 'u', ep, where(ep), ORDER, { pageIndex: 0, pageSize: 5 });
    });
    await snapshotsSettled();
    await addUsers(ep, 2);
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
  });

  it('reads the snapshot outside the request that started it: not one of the request’s statements', async () => {
    const ep = await enterpriseWith(12);
    const scope = { count: 0, open: true };
    await inStatementScope(scope, () => searchPageIds(t.deps.db, 'users', 'u', ep, where(ep), ORDER, { pageIndex: 0, pageSize: 5 }));
    await snapshotsSettled();
    expect(seenPastWindow('users', ep, where(ep), ORDER)).toBe(false);
    // The snapshot was read (a later page is its slice), yet the scope that asked for the first page counted nothing.
    await addUsers(ep, 2);
    expect(await helperPage(ep, 1)).not.toEqual(await livePage(ep, 1));
    expect(scope.count).toBe(0);
  });

  it('answers 48 page requests of six searches in two enterprises sent at once, beside new rows, each from its own matches only', async () => {
    const eps = [await enterpriseWith(40), await enterpriseWith(40)];
    const searches = eps.flatMap((ep) =>
      ['检索1', '检索2', '检索'].map((prefix) => ({ ep, filter: sql`u.enterprise_id = ${ep} and u.deleted_at is null and u.name like ${`${prefix}%`}` })),
    );
    const ask = (q: (typeof searches)[number], pageIndex: number) =>
      searchPageIds(t.deps.db, 'users', 'u', q.ep, q.filter, ORDER, { pageIndex, pageSize: 5 }).then((ids) =>
        rows<{ id: number }>(t.deps.db, sql`select u.id from users u where u.id in (${ids})`).then((r) => ({ q, ids: r.map((x) => Number(x.id)) })),
      );
    const answers = await Promise.all([...searches.flatMap((q) => [0, 1, 2, 3, 0, 1, 2, 3].map((p) => ask(q, p))), addUsers(eps[0]!, 3).then(() => null)]);
    for (const a of answers) {
      if (!a) continue;
      expect(new Set(a.ids).size).toBe(a.ids.length);
      expect(a.ids.length).toBeLessThanOrEqual(5);
      // Every id is a match of its own search in its own enterprise.
      const own = await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from users u where ${a.q.filter} and u.id = any(${`{${a.ids.join(',')}}`}::bigint[])`,
      );
      expect(own[0]?.n).toBe(a.ids.length);
    }
    await snapshotsSettled();
    later(REFRESH_MS + 1000);
    for (const q of searches) await ask(q, 0);
    await snapshotsSettled();
    for (const q of searches) {
      const live = await rows<{ id: number }>(t.deps.db, sql`select u.id from users u where ${q.filter} order by u.id desc limit 5 offset 10`);
      expect((await ask(q, 2)).ids.sort((x, y) => y - x)).toEqual(live.map((r) => Number(r.id)));
    }
  });

  it('forgets its snapshots, and one still being built, when a test app opens another database (ids name the enterprise only)', async () => {
    // A snapshot kept across databases would serve another database's ids for the same enterprise id.
    const ep = await snapshotted(12);
    await addUsers(ep, 2);
    const other = await createTestApp();
    await other.close();
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
    // A build under way when forgotten does not remember its (by then stale) ids.
    await helperPage(ep, 0);
    forgetSnapshots();
    await addUsers(ep, 3);
    await new Promise((r) => setTimeout(r, 300));
    await snapshotsSettled();
    expect(await helperPage(ep, 1)).toEqual(await livePage(ep, 1));
  });

  it('serves a page past the window by a seek: the same rows OFFSET gives', async () => {
    const ep = await enterpriseWith(LIST_WINDOW + 45);
    for (const pageIndex of [LIST_WINDOW / 20, LIST_WINDOW / 20 + 1, LIST_WINDOW / 20]) {
      const got = await helperPage(ep, pageIndex, 20);
      expect(got).toHaveLength(20);
      expect(got).toEqual(await livePage(ep, pageIndex, 20));
    }
  });
});

describe('the customer list keeps a name search', () => {
  it('pages a name search from its snapshot: a customer added after the first page does not shift the second', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    for (let i = 0; i < 22; i++)
      await newCustomer(client, { name: `云帆贸易${i}`, linkPerson: { name: '张三', phone: `138001380${String(i).padStart(2, '0')}` } });
    const ids = async (q: Record<string, unknown>) => (await client.send(CC.epCustomerList, { pageSize: 10, ...q })).data.map((r: { id: number }) => r.id);
    const first = await ids({ name: '云帆', pageIndex: 0 });
    await snapshotsSettled();
    const second = await ids({ name: '云帆', pageIndex: 1 });
    expect(second).toHaveLength(10);
    expect(second.some((id: number) => first.includes(id))).toBe(false);
    await newCustomer(client, { name: '云帆新客户', linkPerson: { name: '李四', phone: '13800138099' } });
    expect(await ids({ name: '云帆', pageIndex: 1 })).toEqual(second);
    // The unfiltered list walks its index and keeps nothing: the new customer shifts its second page at once.
    const live = await rows<{ id: number }>(
      t.deps.db,
      sql`select id from customers where enterprise_id = ${enterpriseId} order by created_at desc, id desc limit 10 offset 10`,
    );
    expect(await ids({ pageIndex: 1 })).toEqual(live.map((r) => Number(r.id)));
  });
});

describe('the user list keeps a role filter', () => {
  it('pages staff of one role from the snapshot its first page started', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await addUsers(enterpriseId, 25);
    const ids = async (pageIndex: number) => (await client.send(OC.userList, { role: 2, pageIndex, pageSize: 10 })).data.list.map((u: { id: number }) => u.id);
    await ids(0);
    await snapshotsSettled();
    const second = await ids(1);
    expect(second).toHaveLength(10);
    await addUsers(enterpriseId, 3);
    expect(await ids(1)).toEqual(second);
    later(REFRESH_MS + 1000);
    await ids(0);
    await snapshotsSettled();
    // Three newer staff on top: the rebuilt second page starts three rows earlier.
    expect((await ids(1)).slice(3)).toEqual(second.slice(0, 7));
  });
});

describe('listPageIds and rowsWithIds (a page’s ids, then its rows by a named statement)', () => {
  it('answers the page’s ids as OFFSET would, walked or not, and the rows of those ids only in the enterprise', async () => {
    const ep = await enterpriseWith(12);
    const other = await enterpriseWith(3);
    for (const walked of [false, true]) {
      for (const pageIndex of [0, 1, 2]) {
        const ids = await listPageIds(t.deps.db, walked, 'users', 'u', ep, where(ep), ORDER, { pageIndex, pageSize: 5 });
        // The snapshot's slice comes unordered (the rows' statement orders them).
        expect(
          ids.sort((a, b) => b - a),
          `walked ${walked}, page ${pageIndex}`,
        ).toEqual(await livePage(ep, pageIndex));
      }
    }
    const mine = await livePage(ep, 0);
    const theirs = await livePage(other, 0);
    // Another enterprise's ids among them (a forged page) read nothing of that enterprise.
    const read = await preparedRows<{ id: number; enterprise_id: number }>(t.deps.db, rowsWithIds('users', 'u', ep, [...mine, ...theirs]));
    expect(read.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual([...mine].sort((a, b) => a - b));
    expect(new Set(read.map((r) => Number(r.enterprise_id)))).toEqual(new Set([ep]));
  });

  it('reads by primary-key probes even in a generic plan, which takes the enterprise for a small one', async () => {
    // Forty small enterprises and one of 3,000 staff: the generic plan's enterprise is a small one.
    const small = await Promise.all(Array.from({ length: 40 }, () => makeEnterprise(t.deps.db)));
    for (const e of small) await addUsers(e, 3);
    const ep = await enterpriseWith(3_000);
    // force_generic_plan: what a named statement runs once its generic plan looks no dearer than its custom ones.
    const built = new PgDialect().sqlToQuery(rowsWithIds('users', 'u', ep, [1, 2]));
    expect(built.params).toEqual(['{1,2}', ep]);
    await t.deps.db.execute(sql`analyze users`);
    const plan = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare sk_test_ids(text, bigint) as ${built.sql}`));
      const lines = await rows<{ 'QUERY PLAN': string }>(tx, sql.raw(`explain (costs off) execute sk_test_ids('{1,2}', ${Number(ep)})`));
      await tx.execute(sql`deallocate sk_test_ids`);
      return lines.map((l) => l['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Nested Loop[\s\S]*Function Scan on unnest k[\s\S]*Index (Only )?Scan using users_enterprise_id_id_pk/);
    expect(plan).toMatch(/Index Cond: \(\(enterprise_id = \$2\) AND \(id = k\.id\)\)/);
  });
});
