import { orderReconcileContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, team } from './actions.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BAD_STATE = '当前工单状态不允许该操作';
const finance = async (tm: Team) => {
  const u = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId: tm.ep });
  return { client: u.client, id: u.user.id };
};
const collected = (cols: Record<string, unknown> = {}) => ({ paid_at: new Date().toISOString(), paid_amount: 80, payment_method: 1, ...cols });

describe('reconciliation (/order/reconcile)', () => {
  it('finance confirms a completed, collected order once: state kept, who and when recorded, logged', async () => {
    const tm = await team(t);
    const fin = await finance(tm);
    const id = await orderIn(t, tm, 5, collected());
    const r = await fin.client.send(K.reconcile, { orderId: id, note: '费用核对无误' });
    expect(r).toMatchObject({ success: true, message: '对账成功', data: { id, state: 5 } });
    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({ state: 5, reconciled_by: fin.id });
    expect(o.reconciled_at).not.toBeNull();
    expect((await logsOf(t, tm.ep, id)).at(-1)).toMatchObject({ action: 'reconcile', from_state: 5, to_state: 5, user_id: fin.id, note: '费用核对无误' });
    expect((await fin.client.send(K.reconcile, { orderId: id })).message).toBe(BAD_STATE);
  });

  it('refuses what is not ready or not theirs, and writes nothing', async () => {
    const tm = await team(t);
    const fin = await finance(tm);
    const notPaid = await orderIn(t, tm, 5);
    const pending = await orderIn(t, tm, 5, collected({ examine_type: 4, examine_result: 0, process: { collectionApproval: true } }));
    const open = await orderIn(t, tm, 4, collected());
    for (const id of [notPaid, pending, open]) expect((await fin.client.send(K.reconcile, { orderId: id })).message).toBe(BAD_STATE);
    const ready = await orderIn(t, tm, 5, collected());
    // The dispatcher holds the desk power but is not finance; the engineer lacks the power.
    expect((await tm.dispatcher.client.send(K.reconcile, { orderId: ready })).code).toBe('ORDER_ACTOR');
    expect((await tm.engineer.client.send(K.reconcile, { orderId: ready })).code).toBe('NO_POWER');
    const other = await team(t);
    expect((await (await finance(other)).client.send(K.reconcile, { orderId: ready })).code).toBe('NOT_FOUND');
    expect((await fin.client.send(K.reconcile, { orderId: ready, version: 9 })).code).toBe('STATE_CHANGED');
    expect((await fin.client.send(K.reconcile, { orderId: 'x' })).message).toMatch(/^工单/);
    for (const id of [notPaid, pending, open, ready]) expect((await orderRow(t, tm.ep, id)).reconciled_at).toBeNull();
    expect(await logsOf(t, tm.ep, ready)).toEqual([]);
    // An approved collection may be reconciled, by an administrator too.
    const approved = await orderIn(t, tm, 5, collected({ examine_type: 4, examine_result: 1 }));
    expect((await tm.admin.client.send(K.reconcile, { orderId: approved })).success).toBe(true);
  });

  it('the hook point runs the process’s reconciliation requirements before it lets the order pass', async () => {
    const tm = await team(t);
    const fin = await finance(tm);
    const process = { requirements: { reconciliation: { fields: [], signature: false, photos: true } } };
    const id = await orderIn(t, tm, 5, collected({ process }));
    const refused = await fin.client.send(K.reconcile, { orderId: id });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '对账前还需填写：现场照片' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ reconciled_at: null, version: 0 });
    expect(await logsOf(t, tm.ep, id)).toEqual([]);
    await t.deps.db.execute(sql`update orders set attachments = '{1}'::bigint[] where enterprise_id = ${tm.ep} and id = ${id}`);
    expect((await fin.client.send(K.reconcile, { orderId: id })).success).toBe(true);
  });

  it('20 parallel reconciliations of one order (finance and administrator): one wins, one log row', async () => {
    const tm = await team(t);
    const fin = await finance(tm);
    const id = await orderIn(t, tm, 5, collected());
    const answers = await race(20, (i) => (i % 2 ? fin : tm.admin).client.send(K.reconcile, { orderId: id }));
    expect(tally(answers)).toEqual({ ok: 1, [BAD_STATE]: 19 });
    expect((await logsOf(t, tm.ep, id)).filter((l) => l.action === 'reconcile')).toHaveLength(1);
    expect((await orderRow(t, tm.ep, id)).version).toBe(1);
  });
});
