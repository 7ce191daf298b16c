// Stock documents' readable numbers: per kind and per enterprise (LY20261123-0001), never shared by two filed at once.
import { sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { inbound, stockedTeam } from './spares.fixtures';
import { numberDay } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = numberDay;
const no = (prefix: string, n: number) => `${prefix}${today()}-${String(n).padStart(4, '0')}`;

const numbersOf = async (ep: number, kind: number) =>
  (await rows<{ doc_no: string }>(t.deps.db, sql`select doc_no from spare_docs where enterprise_id = ${ep} and kind = ${kind} order by id`)).map(
    (r) => r.doc_no,
  );

describe('stock document numbers', () => {
  it('count per kind: the first count sheet after two receipts is PD…-0001, shown in the list, the detail and the approval', async () => {
    const s = await stockedTeam(t);
    await inbound(s, 5);
    await inbound(s, 2);
    const count = (await s.k.call(C.docSave, { kind: 5, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 7 }] })).data.id as number;
    expect(await numbersOf(s.tm.ep, 6)).toEqual([no('RK', 1), no('RK', 2)]);
    expect(await numbersOf(s.tm.ep, 5)).toEqual([no('PD', 1)]);
    const list = await s.k.send(C.docList, { kind: 5, pageIndex: 0, pageSize: 10 });
    expect(list.data.list.map((d) => [d.id, d.docNo])).toEqual([[count, no('PD', 1)]]);
    expect((await s.k.send(C.docDetail, { id: count })).data.docNo).toBe(no('PD', 1));
    // The ledger names the receipt that moved the stock by its number.
    const ledger = await s.k.send(C.stockLogList, { pageIndex: 0, pageSize: 10 });
    expect(ledger.data.list.map((l) => l.docNo).sort()).toEqual([no('RK', 1), no('RK', 2)]);
  });

  it('twelve receipts filed at once get twelve numbers 0001–0012, none shared; another enterprise counts from 0001', async () => {
    const s = await stockedTeam(t);
    const answers = await race(12, () => s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] }));
    expect(tally(answers)).toEqual({ ok: 12 });
    const numbers = await numbersOf(s.tm.ep, 6);
    expect(new Set(numbers).size).toBe(12);
    expect([...numbers].sort()).toEqual(Array.from({ length: 12 }, (_, i) => no('RK', i + 1)));
    const other = await stockedTeam(t);
    await inbound(other, 1);
    expect(await numbersOf(other.tm.ep, 6)).toEqual([no('RK', 1)]);
  });

  it("a refused filing takes no number: the counter moves in the filing's own transaction", async () => {
    const s = await stockedTeam(t);
    const bad = await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare + 1000000, quantity: 1 }] });
    expect(bad.success).toBe(false);
    expect(await numbersOf(s.tm.ep, 6)).toEqual([]);
    await inbound(s, 1);
    expect(await numbersOf(s.tm.ep, 6)).toEqual([no('RK', 1)]);
  });
});
