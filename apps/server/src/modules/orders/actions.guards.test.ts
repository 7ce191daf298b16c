import { decideOrder, DEFAULT_ORDER_PROCESS, formatError, NO_FLAGS, type OrderAction, orderActionsContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from '../customers/test-helpers';
import { logsOf, orderIn, orderRow, type Team, team } from './actions.fixtures';

let t: TestApp;
let tm: Team;
let other: Team;
let customer: number;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
  customer = await newCustomer(tm.admin.client);
});
afterAll(async () => t.close());

type Name = keyof typeof K;
/** A visit time of its own per order: one engineer serves them all, and overlapping visits clash (schedule/clash.ts). */
const dayOf = (id: number) => `${new Date(Date.UTC(2027, 0, 1) + id * 86_400_000).toISOString().slice(0, 10)} 10:00`;
/** A well-formed body of each endpoint for one order. */
const sample: Record<Name, (id: number) => Record<string, unknown>> = {
  acceptance: (id) => ({ orderId: id }),
  keepDate: (id) => ({ orderId: id, bespokeTime: dayOf(id) }),
  workerBespokeDate: (id) => ({ orderId: id, bespokeTime: dayOf(id) }),
  accept: (id) => ({ orderId: id }),
  refuseOrder: (id) => ({ orderId: id, reason: '不在区域' }),
  startService: (id) => ({ orderId: id }),
  checkFinish: (id) => ({ orderId: id }),
  serviceComplete: (id) => ({ orderId: id }),
  applyEndService: (id) => ({ orderId: id }),
  cancel: (id) => ({ orderId: id, reason: '客户取消' }),
  employeeCancel: (id) => ({ orderId: id, reason: '不修了' }),
  applyAbnormalOrder: (id) => ({ orderId: id, abnormalType: 1, reason: '改时间' }),
  handleAbnormal: (id) => ({ orderId: id, pass: true }),
  examine: (id) => ({ orderId: id, examineType: 1, result: 1 }),
  archive: (id) => ({ orderId: id }),
  delAllOrder: (id) => ({ orderIds: [id] }),
  restore: (id) => ({ orderIds: [id] }),
  purge: (id) => ({ orderIds: [id] }),
  edit: (id) => ({ orderId: id, title: '新标题' }),
  employeeEdit: (id) => ({ orderId: id, detailDesc: '新描述' }),
  linkCustomer: (id) => ({ orderId: id, customerId: customer }),
  dispatch: (id) => ({ orderId: id, serviceUserId: tm.engineer.id }),
  receipt: (id) => ({ orderId: id, receiptExt: {} }),
  collect: (id) => ({ orderId: id, paymentMethod: 1, amount: 10 }),
};
const names = Object.keys(K) as Name[];

/** The order as nothing touched it: same version, no log row, not deleted. */
async function untouched(ep: number, id: number) {
  expect(await orderRow(t, ep, id)).toMatchObject({ version: 0, deleted_at: null });
  expect(await countOf(t.deps.db, 'order_logs', sql`enterprise_id = ${ep} and order_id = ${id}`)).toBe(0);
}

describe.each(names)('%s: the usual refusals', (name) => {
  const ep = K[name];
  it('not logged in, no CSRF token, no power: refused before anything is read or written', async () => {
    const id = await orderIn(t, tm, 3);
    expect((await new Client(t.app).send(ep, sample[name](id))).message).toBe('未登录');
    expect((await tm.admin.client.send(ep, sample[name](id), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.keeper.client.send(ep, sample[name](id))).code).toBe('NO_POWER');
    await untouched(tm.ep, id);
  });

  it('another enterprise’s order: not found, and it stays as it was', async () => {
    const id = await orderIn(t, other, 3);
    if (name === 'restore' || name === 'purge')
      await t.deps.db.execute(sql`update orders set deleted_at = now() where enterprise_id = ${other.ep} and id = ${id}`);
    const r = await tm.admin.client.send(ep, sample[name](id));
    expect(r).toMatchObject({ success: false, code: 'NOT_FOUND', message: '数据不存在或已被删除' });
    expect(await orderRow(t, other.ep, id)).toMatchObject({ version: 0, state: 3 });
    expect(await countOf(t.deps.db, 'order_logs', sql`enterprise_id = ${other.ep} and order_id = ${id}`)).toBe(0);
  });

  it('bad input: a Chinese message and nothing written', async () => {
    const id = await orderIn(t, tm, 3);
    const bad = 'orderIds' in sample[name](id) ? { orderIds: ['不是编号'] } : { ...sample[name](id), orderId: '不是编号' };
    for (const body of [bad, {}]) {
      const r = await tm.admin.client.send(ep, body);
      expect(r).toMatchObject({ status: 200, success: false, code: 'VALIDATION' });
      expect(r.message).toMatch(/^工单(第1项)?：[\u4e00-\u9fa5]/);
    }
    await untouched(tm.ep, id);
  });
});

/** Which machine action an endpoint call performs. */
const calls: { label: string; name: Name; action: OrderAction; body?: (id: number) => Record<string, unknown> }[] = [
  { label: 'acceptance', name: 'acceptance', action: 'acceptance' },
  { label: 'acceptance invalid', name: 'acceptance', action: 'invalid', body: (id) => ({ orderId: id, invalid: true, reason: '重复' }) },
  ...(
    [
      'keepDate',
      'workerBespokeDate',
      'accept',
      'refuseOrder',
      'startService',
      'serviceComplete',
      'applyEndService',
      'cancel',
      'archive',
      'edit',
      'employeeEdit',
      'dispatch',
      'receipt',
      'collect',
    ] as const
  ).map((n) => ({ label: n, name: n, action: n as OrderAction })),
  { label: 'employee/cancel', name: 'employeeCancel', action: 'employeeCancel' },
  { label: 'applyAbnormalOrder', name: 'applyAbnormalOrder', action: 'applyAbnormalOrder' },
  { label: 'handleAbnormal pass', name: 'handleAbnormal', action: 'handleAbnormal' },
  { label: 'handleAbnormal reject', name: 'handleAbnormal', action: 'rejectAbnormal', body: (id) => ({ orderId: id, pass: false, note: '不同意' }) },
  { label: 'examine approve', name: 'examine', action: 'approve' },
  { label: 'examine reject', name: 'examine', action: 'reject', body: (id) => ({ orderId: id, examineType: 1, result: 2, note: '驳回' }) },
  { label: 'delAllOrder', name: 'delAllOrder', action: 'delete' },
  { label: 'restore', name: 'restore', action: 'restore' },
  { label: 'linkCustomer', name: 'linkCustomer', action: 'edit' },
];

describe('the machine through HTTP: every endpoint in every state, as the administrator who created, dispatched and serves the order', () => {
  const actor = {
    parts: ['creator', 'dispatcher', 'service'] as const,
    admin: true,
    dispatchRole: false,
    acceptRole: false,
    serviceRole: false,
    approver: true,
  };
  for (const state of [0, 1, 2, 3, 4, 5, 6, 7]) {
    it(`state ${state}: illegal actions refused with the machine's message and nothing written, legal ones logged`, async () => {
      const pending = state === 7 ? { examine_type: 1, examine_result: 0 } : {};
      const ctx = {
        process: DEFAULT_ORDER_PROCESS,
        flags: { ...NO_FLAGS, examineType: state === 7 ? (1 as const) : null },
        actor: { ...actor, parts: [...actor.parts] },
      };
      const seen: string[] = [];
      for (const c of calls) {
        const id = await orderIn(t, tm, state, { created_by: tm.admin.id, dispatcher_id: tm.admin.id, service_user_id: tm.admin.id, ...pending });
        const d = decideOrder(state, c.action, ctx);
        const r = await tm.admin.client.send(K[c.name], (c.body ?? sample[c.name])(id));
        const logs = await logsOf(t, tm.ep, id);
        if (state === 7 && c.name === 'examine') {
          // He created the order: nobody examines what he submitted (docs/approvals.md), whatever the machine allows.
          expect([c.label, r.message, logs.length]).toEqual([c.label, formatError('APPROVAL_OWN_DOCUMENT'), 0]);
          continue;
        }
        if ('to' in d) {
          expect([c.label, r.success, r.message]).toEqual([c.label, true, expect.any(String)]);
          const now = 'state' in r.data ? r.data.state : (await orderRow(t, tm.ep, id)).state;
          expect([c.label, now]).toEqual([c.label, d.to]);
          expect(logs.map((l) => [l.action, l.from_state, l.to_state, l.user_id])).toEqual([[c.action, state, d.to, tm.admin.id]]);
          seen.push(c.label);
        } else {
          expect([c.label, r.message]).toEqual([c.label, formatError(d.refuse)]);
          expect([c.label, logs.length]).toEqual([c.label, 0]);
          expect((await orderRow(t, tm.ep, id)).version).toBe(0);
        }
      }
      // Every state has something legal to do (delete at least).
      expect(seen).toContain('delAllOrder');
    });
  }
});
