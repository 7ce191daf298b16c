import { goodsContract as G } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { team } from '../orders/actions.fixtures';
import { stockedTeam } from './spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('goods orders the applicant pays (spec goods order state 1 待付款)', () => {
  it('wait in 待付款 with their payment method until the keeper confirms the payment; only then are they approved', async () => {
    const s = await stockedTeam(t);
    const applicant = s.tm.admin.client;
    expect((await applicant.call(G.apply, { paymentMethod: 9, items: [{ spareId: s.spare, quantity: 1 }] })).message).toBe(
      '付款方式：只能是线下支付、支付宝、微信、银联或签单',
    );
    const id = (await applicant.call(G.apply, { paymentMethod: 3, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    const free = (await applicant.call(G.apply, { items: [{ spareId: s.spare, quantity: 1 }] })).data.id;
    expect((await applicant.call(G.detail, { id })).data).toMatchObject({ state: 1, paymentMethod: 3, paid_time: null });
    expect((await applicant.call(G.detail, { id: free })).data).toMatchObject({ state: 2, paymentMethod: null });
    expect((await s.k.call(G.list, { state: 1 })).data.list.map((g: { id: number }) => g.id)).toEqual([id]);
    expect((await s.k.request('GET', '/spare/data/personalApprovalList')).data).toBe(2);
    // Not paid: it cannot be approved yet.
    expect((await s.k.call(G.step, { id, action: 'approve', warehouseId: s.wh })).message).toBe('当前状态不允许该操作');
    // Another enterprise: not found, unchanged.
    const other = await team(t);
    expect((await other.keeper.client.call(G.step, { id, action: 'pay' })).code).toBe('NOT_FOUND');
    expect((await applicant.call(G.detail, { id })).data.state).toBe(1);
    // 20 parallel confirmations: one wins.
    const answers = await race(20, () => s.k.call(G.step, { id, action: 'pay' }));
    expect(tally(answers).ok).toBe(1);
    const paid = (await applicant.call(G.detail, { id })).data;
    expect(paid).toMatchObject({ state: 2, paymentMethod: 3, paid_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect((await s.k.call(G.step, { id: free, action: 'pay' })).message).toBe('当前状态不允许该操作');
    // An unpaid one may still be cancelled.
    const later = (await applicant.call(G.apply, { paymentMethod: 1, items: [{ spareId: s.spare, quantity: 1 }] })).data.id;
    expect((await applicant.call(G.step, { id: later, action: 'cancel' })).success).toBe(true);
    expect((await applicant.call(G.detail, { id: later })).data.state).toBe(6);
  });
});
