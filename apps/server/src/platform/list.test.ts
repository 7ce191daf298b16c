import { customerContract, LIST_WINDOW, orgContract as C } from '@sk/shared';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndWorker } from '../modules/org/org.fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import type { AppError } from './errors';
import { countAndPick, countOf, pageSql, sortOf, windowOf } from './list';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const refusal = (f: () => unknown): AppError => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
};

describe('windowOf', () => {
  it('turns a zero-based page into LIMIT and OFFSET', () => {
    expect(windowOf({ pageIndex: 0, pageSize: 10 })).toEqual({ limit: 10, offset: 0 });
    expect(windowOf({ pageIndex: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 60 });
  });

  it('serves every page: one past the window is a page like any other, not a refusal', () => {
    expect(windowOf({ pageIndex: LIST_WINDOW / 20 - 1, pageSize: 20 })).toEqual({ limit: 20, offset: LIST_WINDOW - 20 });
    expect(windowOf({ pageIndex: LIST_WINDOW / 20, pageSize: 20 })).toEqual({ limit: 20, offset: LIST_WINDOW });
    expect(windowOf({ pageIndex: 333, pageSize: 30 })).toEqual({ limit: 30, offset: 9990 });
    expect(pageSql({ pageIndex: 100_000, pageSize: 10 })).toBeDefined();
  });
});

describe('sortOf', () => {
  const orders = { 1: sql`c.created_at desc, c.id desc`, 2: sql`c.created_at asc, c.id asc` };
  it('picks the named order, or the fallback when none is asked for', () => {
    expect(sortOf(orders, 2, 1)).toBe(orders[2]);
    expect(sortOf(orders, undefined, 1)).toBe(orders[1]);
  });
  it('refuses an order the list does not offer', () => {
    const err = refusal(() => sortOf(orders, 3 as 1, 1));
    expect(err.code).toBe('VALIDATION');
    expect(err.message).toContain('排序');
  });
});

describe('a list past the window', () => {
  let o: Awaited<ReturnType<typeof adminAndWorker>>;
  beforeAll(async () => {
    o = await adminAndWorker(t);
    // 10,010 more staff: the list and its count go past the window.
    await t.deps.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
      select ${o.enterpriseId}, '166' || lpad(g::text, 8, '0'), '批量' || g, '{2}', 2 from generate_series(1, ${LIST_WINDOW + 10}) g`);
  });

  it('counts exactly up to the window and answers one past it beyond', async () => {
    const db = t.deps.db;
    const ep = o.enterpriseId;
    expect(await countOf(db, sql`users u`, sql`u.enterprise_id = ${ep}`)).toBe(LIST_WINDOW + 1);
    expect(await countOf(db, sql`users u`, sql`u.enterprise_id = ${ep} and u.mobile like '1660000001%'`)).toBe(10);
    expect(await countOf(db, sql`users u`, sql`u.enterprise_id = ${ep} and false`)).toBe(0);
    expect(await countOf(db, sql`users u`, undefined)).toBe(LIST_WINDOW + 1);
  });

  it('counts a selective filter and picks its page in one statement; past the window it answers no ids', async () => {
    const db = t.deps.db;
    const ep = o.enterpriseId;
    const matches = (where: ReturnType<typeof sql>) => sql`select u.id, u.mobile from users u where u.enterprise_id = ${ep} and ${where}`;
    const ten = matches(sql`u.mobile like '1660000001%'`);
    const all = await db.execute(sql`select id from users where enterprise_id = ${ep} and mobile like '1660000001%' order by mobile desc`);
    const byMobile = (all as unknown as { rows: { id: string }[] }).rows.map((r) => Number(r.id));
    const second = await countAndPick(db, ten, sql`m.mobile desc`, { pageIndex: 1, pageSize: 4 });
    expect(second.count).toBe(10);
    expect([...(second.ids ?? [])].sort()).toEqual(byMobile.slice(4, 8).sort());
    expect(await countAndPick(db, ten, sql`m.mobile desc`, { pageIndex: 5, pageSize: 4 })).toEqual({ count: 10, ids: [] });
    expect(await countAndPick(db, matches(sql`false`), sql`m.mobile`, { pageIndex: 0, pageSize: 4 })).toEqual({ count: 0, ids: [] });
    expect(await countAndPick(db, matches(sql`true`), sql`m.mobile`, { pageIndex: 0, pageSize: 4 })).toEqual({ count: LIST_WINDOW + 1, ids: null });
  });

  it('answers the capped count and the last page of the window, then the message for the page after it', async () => {
    const r = await o.admin.send(C.userList, { pageIndex: 0, pageSize: 20 });
    expect(r.data.count).toBe(LIST_WINDOW + 1);
    expect((await o.admin.send(C.userCount, {})).data).toBe(LIST_WINDOW + 1);
    const last = await o.admin.send(C.userList, { pageIndex: LIST_WINDOW / 20 - 1, pageSize: 20 });
    expect(last.success).toBe(true);
    expect(last.data.list).toHaveLength(20);
    const before = await o.admin.send(C.userList, { pageIndex: LIST_WINDOW / 20 - 2, pageSize: 20 });
    // Newest first and no row on two pages: the last page continues where the one before it stopped.
    const ids = [...before.data.list, ...last.data.list].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(40);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // The page after the window is served and continues where the last one stopped.
    const past = await o.admin.send(C.userList, { pageIndex: LIST_WINDOW / 20, pageSize: 20 });
    expect(past.success).toBe(true);
    expect(past.data.list.length).toBeGreaterThan(0);
    expect(past.data.list[0]?.id).toBeLessThan(ids.at(-1) as number);
  });

  it('keeps filtered counts exact while they fit the window', async () => {
    expect((await o.admin.send(C.userList, { keyword: '批量1000', pageSize: 20 })).data.count).toBe(11); // 1000 and 10000–10009
    expect((await o.admin.send(C.userCount, { keyword: '16600001' })).data).toBe(1000);
    // A keyword whose matches fit the window sorts them itself: still newest first, every page distinct.
    const ids: number[] = [];
    for (let pageIndex = 0; pageIndex < 10; pageIndex++) {
      const r = await o.admin.send(C.userList, { keyword: '16600001', pageIndex, pageSize: 100 });
      expect(r.data.count).toBe(1000);
      ids.push(...r.data.list.map((u: { id: number }) => u.id));
    }
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const picked = await o.admin.send(C.roleUserList, { keyword: '16600001', role: 2, pageIndex: 1, pageSize: 100 });
    expect(picked.data.count).toBe(1000);
    expect(picked.data.list.map((u: { mobile: string }) => u.mobile)[0]).toBe('16600001100'); // oldest first in the picker
  });

  it('answers a page past the end of a split list (customers) with no rows, not an error', async () => {
    const r = await o.admin.send(customerContract.epCustomerList, { pageIndex: LIST_WINDOW / 10, pageSize: 10 });
    expect(r).toMatchObject({ success: true, data: [] });
  });
});

describe('every list pages through the helper', () => {
  const modules = path.join(path.dirname(fileURLToPath(import.meta.url)), '../modules');
  const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ file: f, text: readFileSync(path.join(modules, f), 'utf8') }));

  it('finds the modules', () => {
    expect(sources.length).toBeGreaterThan(50);
  });

  it('writes no OFFSET of its own: raw statements use pageSql or pageRows, query builders the window from windowOf', () => {
    const raw = sources.filter((s) => /offset \$\{/i.test(s.text)).map((s) => s.file);
    expect(raw).toEqual([]);
    const built = sources.filter((s) => s.text.includes('.offset(') && !s.text.includes('windowOf(')).map((s) => s.file);
    expect(built).toEqual([]);
  });
});
