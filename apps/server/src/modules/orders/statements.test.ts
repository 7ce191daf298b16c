import { orderActionsContract as A, orderContract as K, orderDetailContract as D, sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onRequestStatements } from '../../db/statements';
import { registerStateHook } from '../../platform/state';
import type { TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { inbound, stockedTeam } from '../spares/spares.fixtures';
import { orderIn, type Team, withTeamApp } from './actions.fixtures';

// Statements per request (db/statements.ts): a ceiling per kind of request, so a change that adds round trips to the hot
// writes fails here (docs/platform.md "How writes are built"). Before this work: create 31, accept 15, cancel 14, detail 10.

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

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

describe('statements per request', () => {
  it('order create: at most 13 (session, transaction, the checks, number, insert, log with the hooks’ probes)', async () => {
    const customer = await newCustomer(tm.admin.client);
    await tm.admin.client.send(K.add, { customerId: customer, title: '预热' });
    expect(await statementsOf(() => tm.admin.client.send(K.add, { customerId: customer, title: '空调不制冷' }))).toBeLessThanOrEqual(13);
  });

  it('order actions: at most 5 each (session, begin, the locked row, update with log and probes, commit)', async () => {
    const id = await orderIn(t, tm, 2);
    expect(await statementsOf(() => tm.engineer.client.send(A.accept, { orderId: id }))).toBeLessThanOrEqual(5);
    expect(await statementsOf(() => tm.engineer.client.send(A.startService, { orderId: id }))).toBeLessThanOrEqual(5);
    const other = await orderIn(t, tm, 3);
    expect(await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: other, reason: '客户取消' }))).toBeLessThanOrEqual(5);
  });

  it('a hook runs exactly when its probe, asked in the update itself, says it has work', async () => {
    const ran: number[] = [];
    const off = registerStateHook('order', 'cancel', {
      probe: () => sql`u.title = '要做'`,
      after: async (h) => {
        ran.push(h.id);
        return undefined;
      },
    });
    try {
      const yes = await orderIn(t, tm, 3, { title: '要做' });
      const no = await orderIn(t, tm, 3, { title: '不做' });
      const withWork = await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: yes, reason: '客户取消' }));
      const without = await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: no, reason: '客户取消' }));
      expect(ran).toEqual([yes]);
      expect(withWork).toBe(without);
    } finally {
      off();
    }
  });

  it('order detail: at most 10', async () => {
    const id = await orderIn(t, tm, 2);
    expect(await statementsOf(() => tm.admin.client.send(D.orderDetail, { orderId: id }))).toBeLessThanOrEqual(10);
  });

  it('an event action (assign) and a stock document action (approve) stay within their ceilings', async () => {
    const created = await tm.admin.client.post('/v2/event/add', { title: '打印机卡纸' });
    const eventId = Number(created.data.id);
    expect(await statementsOf(() => tm.admin.client.post('/v2/event/assign', { id: eventId, principalId: tm.engineer.id }))).toBeLessThanOrEqual(8);
    const s = await stockedTeam(t);
    await inbound(s, 5);
    const doc = Number((await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id);
    expect(await statementsOf(() => s.tm.admin.client.call(C.docApprove, { id: doc }))).toBeLessThanOrEqual(10);
  });
});
