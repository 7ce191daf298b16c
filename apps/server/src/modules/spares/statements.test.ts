import { sparesContract as C } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { onRequestStatements } from '../../db/statements';
import type { TestApp } from '../../test/harness';
import { withTeamApp } from '../orders/actions.fixtures';
import { ledgerMismatches, quantityOf, stockedTeam } from './spares.fixtures';

// Statements per request of every stock document action (db/statements.ts; docs/platform.md "How writes are built").
// Before issue 35's work on stock documents: approve 10 (one line; each more line +1), reject and withdraw 9, submit 15–17.

let t: TestApp;
withTeamApp((app) => {
  t = app;
});

/** The statements the one request `fn` sends (told by the app just before its answer); it must succeed. */
async function statementsOf(fn: () => Promise<{ success: boolean; message?: string }>): Promise<number> {
  const seen: number[] = [];
  const stop = onRequestStatements((r) => seen.push(r.statements));
  try {
    const r = await fn();
    expect(r.success, r.message).toBe(true);
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  return seen[0] as number;
}

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

const CEILING = 10;

describe('statements per stock document action', () => {
  it(`every action at most ${CEILING}, however many lines the document has`, async () => {
    await walk(1); // warm-up
    const one = await walk(1);
    const three = await walk(3);
    console.info('stock documents, 1 line:', JSON.stringify(one), '3 lines:', JSON.stringify(three));
    for (const [action, count] of Object.entries(one)) expect(count, action).toBeLessThanOrEqual(CEILING);
  });
});
