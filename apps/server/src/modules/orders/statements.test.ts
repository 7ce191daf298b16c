import { orderActionsContract as A, orderContract as K, orderDetailContract as D } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { onRequestStatements } from '../../db/statements';
import { newCustomer } from '../customers/test-helpers';
import { orderIn, type Team, withTeamApp } from './actions.fixtures';
import type { TestApp } from '../../test/harness';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

/** The statements the one request `fn` sends sent (told by the app just before its answer). */
async function statementsOf(fn: () => Promise<{ success: boolean; message?: string }>): Promise<number> {
  const seen: number[] = [];
  const stop = onRequestStatements((r) => seen.push(r.statements));
  try {
    const r = await fn();
    if (!r.success) throw new Error(r.message);
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  return seen[0] as number;
}

describe('statements per request', () => {
  it('prints', async () => {
    const customer = await newCustomer(tm.admin.client);
    await tm.admin.client.send(K.add, { customerId: customer, title: '预热' });
    const create = await statementsOf(() => tm.admin.client.send(K.add, { customerId: customer, title: '空调不制冷' }));
    const id = await orderIn(t, tm, 2);
    const create2 = 0; void create2;
    const accept = await statementsOf(() => tm.engineer.client.send(A.accept, { orderId: id }));
    const start = await statementsOf(() => tm.engineer.client.send(A.startService, { orderId: id }));
    const detail = await statementsOf(() => tm.admin.client.send(D.orderDetail, { orderId: id }));
    const id2 = await orderIn(t, tm, 3);
    const cancel = await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: id2, reason: '客户取消' }));
    console.info({ create, accept, start, detail, cancel });
  });
});
