import { sparesContract as C } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/request-statements';
import type { TestApp } from '../../test/harness';
import { loggedIn } from '../../test/factories';
import { race, tally } from '../../test/race';
import { withTeamApp } from '../orders/actions.fixtures';
import { ledgerMismatches, quantityOf, stockedTeam } from './spares.fixtures';

// Statements per request of every stock document action (db/statements.ts; docs/platform.md "How writes are built").
// Before the work of writing in a handful of statements on stock documents (one line; three lines): submit an inbound 14; 14, a requisition 16; 18
// (18; 20 the first, which makes the engineer's own stock), approve an inbound 10; 12, a requisition 12; 16, reject and
// withdraw 11; 13. Now: a decision 6 (session, the document with its lines and waiting approval, BEGIN, the update with
// its log row, every movement or release in one statement, COMMIT), a filing 5 (6 with a reservation; 7 the first,
// which makes the own stock), whatever the lines.

let t: TestApp;
withTeamApp((app) => {
  t = app;
});

async function walk(lines: number): Promise<Record<string, number>> {
  const s = await stockedTeam(t);
  const spares = [s.spare];
  for (let i = 1; i < lines; i++)
    spares.push((await s.k.call(C.spareSave, { code: `L-${Date.now()}-${i}-${lines}`, name: `阀门${i}`, salePrice: 10, warranty: true })).data.id);
  const items = (q: number) => spares.map((spareId) => ({ spareId, quantity: q }));
  const n: Record<string, number> = {};
  let inbound = 0;
  n.submitInbound = await statementsOf(async () => {
    const r = await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: items(10) });
    inbound = Number(r.data?.id);
    return r;
  });
  n.approveInbound = await statementsOf(() => s.tm.admin.client.call(C.docApprove, { id: inbound }));
  const eng = s.tm.engineer.client;
  const file = async (key: string) => {
    let id = 0;
    n[key] = await statementsOf(async () => {
      const r = await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: items(2) });
      id = Number(r.data?.id);
      return r;
    });
    return id;
  };
  const a = await file('submitRequisition');
  n.approveRequisition = await statementsOf(() => s.tm.admin.client.call(C.docApprove, { id: a }));
  const b = await file('submitRequisition2');
  n.reject = await statementsOf(() => s.tm.admin.client.call(C.docReject, { id: b, note: '不需要' }));
  const c = await file('submitRequisition3');
  n.withdraw = await statementsOf(() => eng.call(C.docWithdraw, { id: c }));
  for (const spareId of spares) expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, spareId)).toBe(8);
  expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  return n;
}

describe('statements per stock document action', () => {
  it('a decision at most 6 and a filing at most 6 (7 with a first own stock), however many lines the document has', async () => {
    await walk(1); // warm-up
    const one = await walk(1);
    const three = await walk(3);
    console.info('stock documents, 1 line:', JSON.stringify(one), '3 lines:', JSON.stringify(three));
    for (const n of [one, three]) {
      for (const action of ['approveInbound', 'approveRequisition', 'reject', 'withdraw']) expect(n[action], action).toBeLessThanOrEqual(6);
      expect(n.submitInbound).toBeLessThanOrEqual(5);
      expect(n.submitRequisition, 'the first, with the own stock made').toBeLessThanOrEqual(7);
      expect(n.submitRequisition2).toBeLessThanOrEqual(6);
      expect(n.submitRequisition3).toBeLessThanOrEqual(6);
    }
    expect(three).toEqual(one);
  });
});

describe('several lines in one statement stay exact under load', () => {
  it('12 three-line requisitions at once reserve exactly what is there; approving the winners at once empties the stock, the ledger sums', async () => {
    const s = await stockedTeam(t);
    const spares = [s.spare];
    for (let i = 1; i < 3; i++)
      spares.push((await s.k.call(C.spareSave, { code: `R-${Date.now()}-${i}`, name: `滤芯${i}`, salePrice: 10, warranty: true })).data.id);
    // 10 of each, in one inbound of three lines.
    const inbound = (await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: spares.map((spareId) => ({ spareId, quantity: 10 })) })).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: inbound })).success).toBe(true);
    const engineers = await Promise.all(Array.from({ length: 12 }, () => loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: s.tm.ep })));
    // Lines in different orders: the stock rows are still locked in one order.
    const filed = await race(12, (i) =>
      (engineers[i] as { client: typeof s.k }).client.call(C.docSave, {
        kind: 1,
        fromWarehouseId: s.wh,
        items: (i % 2 ? [...spares].reverse() : spares).map((spareId) => ({ spareId, quantity: 2 })),
      }),
    );
    expect(tally(filed).ok).toBe(5);
    expect(filed.filter((a) => !a.success).every((a) => String(a.message).startsWith('库存不足'))).toBe(true);
    const ids = filed.filter((a) => a.success).map((a) => Number(a.data.id));
    const approved = await race(ids.length, (i) => s.tm.admin.client.call(C.docApprove, { id: ids[i] as number }));
    expect(tally(approved).ok).toBe(5);
    for (const spareId of spares) expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, spareId)).toBe(0);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });
});
