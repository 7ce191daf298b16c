import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { outcomes, raceCalls } from '../../test/race';
import { makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { postCount, postMovement, postTransfer, release, reserve } from './ledger';
import { ledgerMismatches, makeSpare, makeWarehouse, quantityOf } from './spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function world() {
  const db = t.deps.db;
  const ep = await makeEnterprise(db);
  const user = await makeUser(db, ep);
  const spare = await makeSpare(db, ep);
  const wh = await makeWarehouse(db, ep);
  return { db, ep, user: user.id, spare, wh };
}

describe('stock ledger', () => {
  it('posts in and out with before and after, and refuses to go negative', async () => {
    const { db, ep, user, spare, wh } = await world();
    const a = await db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: 5, type: 3, userId: user }));
    expect(a).toMatchObject({ before: 0, after: 5 });
    const b = await db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: -2, type: 4, userId: user }));
    expect(b).toMatchObject({ before: 5, after: 3 });
    await expect(db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: -4, type: 4, userId: user }))).rejects.toThrow(
      /库存不足：仓库\d+的备件“备件\d+”现有3，需要4/,
    );
    expect(await quantityOf(db, ep, wh, spare)).toBe(3);
    const log = await rows(db, sql`select type, change, before, after from stock_logs where enterprise_id = ${ep} order by id`);
    expect(log).toEqual([
      { type: 3, change: 5, before: 0, after: 5 },
      { type: 4, change: -2, before: 5, after: 3 },
    ]);
  });

  it('a movement and its ledger row roll back with the caller’s transaction', async () => {
    const { db, ep, user, spare, wh } = await world();
    await expect(
      db.transaction(async (tx) => {
        await postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: 5, type: 3, userId: user });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await quantityOf(db, ep, wh, spare)).toBe(0);
    expect(await rows(db, sql`select 1 from stock_logs where enterprise_id = ${ep}`)).toEqual([]);
  });

  it('50 parallel consumptions of a spare with 10 in stock: exactly 10 succeed and stock ends at 0', async () => {
    const { db, ep, user, spare, wh } = await world();
    await db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: 10, type: 3, userId: user }));
    const results = await raceCalls(50, () =>
      db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: -1, type: 1, userId: user })),
    );
    const { values, errors } = outcomes(results);
    expect(values).toHaveLength(10);
    expect(errors).toHaveLength(40);
    for (const e of errors) expect(String((e as Error).message)).toMatch(/^库存不足/);
    expect(await quantityOf(db, ep, wh, spare)).toBe(0);
    expect(values.map((v) => v.after).sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await ledgerMismatches(db, ep)).toEqual([]);
  });

  it('after any sequence of movements, transfers and counts the ledger sums to the stock everywhere', async () => {
    const { db, ep, user } = await world();
    const whs = [await makeWarehouse(db, ep), await makeWarehouse(db, ep), await makeWarehouse(db, ep)];
    const sps = [await makeSpare(db, ep), await makeSpare(db, ep)];
    const step = fc.oneof(
      fc.record({ op: fc.constant('move' as const), w: fc.nat(2), s: fc.nat(1), n: fc.integer({ min: -6, max: 6 }).filter((n) => n !== 0) }),
      fc.record({ op: fc.constant('transfer' as const), w: fc.nat(2), w2: fc.nat(2), s: fc.nat(1), n: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ op: fc.constant('count' as const), w: fc.nat(2), s: fc.nat(1), n: fc.nat(8) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async (steps) => {
        for (const st of steps) {
          const warehouseId = whs[st.w] as number;
          const spareId = sps[st.s] as number;
          await db
            .transaction(async (tx) => {
              if (st.op === 'move') await postMovement(tx, ep, { warehouseId, spareId, change: st.n, type: st.n > 0 ? 3 : 4, userId: user });
              else if (st.op === 'count') await postCount(tx, ep, { warehouseId, spareId, counted: st.n, userId: user });
              else if (st.w !== st.w2)
                await postTransfer(tx, ep, { from: warehouseId, to: whs[st.w2] as number, spareId, quantity: st.n, type: 5, userId: user });
            })
            .catch((e: Error) => {
              if (!e.message.startsWith('库存不足')) throw e;
            });
        }
        expect(await ledgerMismatches(db, ep)).toEqual([]);
        const [neg] = await rows<{ n: number }>(db, sql`select count(*)::int as n from stocks where enterprise_id = ${ep} and quantity < 0`);
        expect(neg?.n).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('with reservations in the mix (file, approve, reject), reserved always equals the open holds and never exceeds the stock', async () => {
    const { db, ep, user } = await world();
    const whs = [await makeWarehouse(db, ep), await makeWarehouse(db, ep)];
    const sp = await makeSpare(db, ep);
    const step = fc.oneof(
      fc.record({ op: fc.constant('move' as const), w: fc.nat(1), n: fc.integer({ min: -5, max: 6 }).filter((n) => n !== 0) }),
      fc.record({ op: fc.constant('hold' as const), w: fc.nat(1), n: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ op: fc.constant('approve' as const), k: fc.nat(9) }),
      fc.record({ op: fc.constant('reject' as const), k: fc.nat(9) }),
      fc.record({ op: fc.constant('count' as const), w: fc.nat(1), n: fc.nat(8) }),
    );
    const reservedIn = async (w: number) =>
      (await rows<{ r: number }>(db, sql`select reserved as r from stocks where enterprise_id = ${ep} and warehouse_id = ${w} and spare_id = ${sp}`))[0]?.r ??
      0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        // Open holds left by earlier runs are settled first, so each run starts with nothing reserved.
        for (const w of whs) {
          const r = await reservedIn(w);
          if (r > 0) await db.transaction((tx) => release(tx, ep, { warehouseId: w, spareId: sp, quantity: r }));
        }
        const holds: { w: number; n: number }[] = [];
        for (const st of steps) {
          await db
            .transaction(async (tx) => {
              if (st.op === 'move')
                await postMovement(tx, ep, { warehouseId: whs[st.w] as number, spareId: sp, change: st.n, type: st.n > 0 ? 3 : 4, userId: user });
              else if (st.op === 'count') await postCount(tx, ep, { warehouseId: whs[st.w] as number, spareId: sp, counted: st.n, userId: user });
              else if (st.op === 'hold') {
                await reserve(tx, ep, { warehouseId: whs[st.w] as number, spareId: sp, quantity: st.n });
                holds.push({ w: st.w, n: st.n });
              } else if (holds.length) {
                const [h] = holds.splice(st.k % holds.length, 1) as [{ w: number; n: number }];
                const warehouseId = whs[h.w] as number;
                if (st.op === 'approve') await postMovement(tx, ep, { warehouseId, spareId: sp, change: -h.n, type: 7, userId: user, fromReserved: true });
                else await release(tx, ep, { warehouseId, spareId: sp, quantity: h.n });
              }
            })
            .catch((e: Error) => {
              if (!/^(库存不足|实盘数量)/.test(e.message)) throw e;
            });
        }
        expect(await ledgerMismatches(db, ep)).toEqual([]);
        for (const [i, w] of whs.entries()) {
          const held = holds.filter((h) => h.w === i).reduce((a, h) => a + h.n, 0);
          expect(await reservedIn(w)).toBe(held);
          expect(await reservedIn(w)).toBeLessThanOrEqual(await quantityOf(db, ep, w, sp));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('the database refuses reserved above the stock or below zero', async () => {
    const { db, ep, user, spare, wh } = await world();
    await db.transaction((tx) => postMovement(tx, ep, { warehouseId: wh, spareId: spare, change: 2, type: 3, userId: user }));
    for (const reserved of [3, -1]) {
      const e = await db.execute(sql`update stocks set reserved = ${reserved} where enterprise_id = ${ep}`).then(
        () => null,
        (x: Error) => x,
      );
      expect(String((e?.cause as Error | undefined)?.message)).toMatch(/stocks_quantity_ck/);
    }
  });
});
