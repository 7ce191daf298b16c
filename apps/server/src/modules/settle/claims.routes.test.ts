import { approvalsContract as A, claimsContract as K, settleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { insertOrder } from '../orders/test-helpers';
import { setSetting } from '../pool/pool.fixtures';
import { pricedOrder, type SettleTeam, settleTeam } from './settle.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// The engineer's base at People's Square; the site 0.09° north: 10,019 m on the spec's sphere (R = 6,378,137 m).
const BASE = { lat: 31.2304, lng: 121.4737 };
const LINE_M = 10019;

async function completedOrder(a: SettleTeam, providerId = a.p1, engineerId = a.pu1.id, state = 5): Promise<number> {
  await t.deps.db.execute(sql`insert into pool_profiles (enterprise_id, user_id, base_lat, base_lng) values (${a.ep}, ${engineerId}, ${BASE.lat}, ${BASE.lng})
    on conflict (enterprise_id, user_id) do update set base_lat = excluded.base_lat, base_lng = excluded.base_lng`);
  return insertOrder(t.deps.db, a.ep, { state, provider_id: providerId, service_user_id: engineerId, latitude: BASE.lat + 0.09, longitude: BASE.lng });
}
const claimRow = async (id: number) =>
  (
    await rows<{ state: number; check_state: number; final_cents: number; version: number }>(
      t.deps.db,
      sql`select state, check_state, final_cents, version from fee_claims where id = ${id}`,
    )
  )[0];
const claimCount = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from fee_claims where enterprise_id = ${ep}`))[0]?.n);

describe('fee claims', () => {
  it('within the tolerance a transport fee is approved at once; past it, it waits; scope, input and power are checked', async () => {
    const a = await settleTeam(t);
    const order = await completedOrder(a);
    const pu = a.pu1.client;
    const ok = await pu.send(K.create, { orderId: order, kind: 1, amountCents: 3300, claimedM: 11_000, note: '往返', attachments: ['/files/1.jpg'] });
    expect(ok).toMatchObject({ success: true, message: '提交成功，已自动通过', data: { state: 2, overTolerance: false, computedM: LINE_M } });
    const far = await pu.send(K.create, { orderId: order, kind: 1, amountCents: 9000, claimedM: 30_000 });
    expect(far.data).toMatchObject({ state: 1, overTolerance: true });
    const d = (await pu.send(K.detail, { id: far.data.id })).data;
    expect(d).toMatchObject({
      computedM: LINE_M,
      computedCents: 3006,
      tolerancePct: 20,
      abilities: [],
      checkState: 0,
      claimNo: expect.stringMatching(/^FY\d{8}-\d{4}$/),
    });
    expect(d.logs[0]?.note).toBe('申请里程超出直线距离20%以上，需审批');
    // The enterprise's tolerance decides: at 250 % the same 30 km claim passes at once.
    await setSetting(t, a.ep, 'fee_claim_tolerance_pct', '250');
    const wide = await pu.send(K.create, { orderId: order, kind: 1, amountCents: 9000, claimedM: 30_000 });
    expect(wide.data).toMatchObject({ state: 2, overTolerance: false });
    expect((await pu.send(K.detail, { id: wide.data.id })).data.tolerancePct).toBe(250);
    await setSetting(t, a.ep, 'fee_claim_tolerance_pct', '20');
    expect((await pu.send(K.detail, { id: ok.data.id })).data.attachments).toEqual(['/files/1.jpg']);
    // Bad input and wrong orders: a clear message, nothing written.
    expect((await pu.send(K.create, { orderId: order, kind: 1, amountCents: 100 })).message).toBe('申请里程：交通费请填写申请里程');
    expect((await pu.send(K.create, { orderId: order, kind: 2, amountCents: 0 })).message).toBe('申请金额：申请金额须大于0');
    expect((await pu.send(K.create, { orderId: await completedOrder(a, a.p1, a.pu1.id, 4), kind: 2, amountCents: 100 })).message).toBe(
      '只能对已完成的工单申请费用',
    );
    const theirs = await completedOrder(a, a.p2, a.pu2.id);
    expect((await pu.send(K.create, { orderId: theirs, kind: 2, amountCents: 100 })).code).toBe('NOT_FOUND');
    expect(await claimCount(a.ep)).toBe(3);
    // The other provider: not found, unchanged; finance does not claim; the provider does not decide.
    expect((await a.pu2.client.send(K.detail, { id: far.data.id })).code).toBe('NOT_FOUND');
    expect((await a.pu2.client.send(K.list, {})).data.count).toBe(0);
    expect((await a.pu2.client.send(K.decide, { id: far.data.id, action: 'approve' })).code).toBe('NOT_FOUND');
    expect((await pu.send(K.decide, { id: far.data.id, action: 'approve' })).code).toBe('NO_POWER');
    expect((await a.finance.client.send(K.create, { orderId: order, kind: 2, amountCents: 100 })).code).toBe('NO_POWER');
    expect((await a.engineer.client.send(K.list, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(K.list, {})).message).toBe('未登录');
    expect((await pu.send(K.create, { orderId: order, kind: 2, amountCents: 100 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    // Another enterprise: not found, unchanged.
    const b = await settleTeam(t);
    expect((await b.finance.client.send(K.decide, { id: far.data.id, action: 'approve' })).code).toBe('NOT_FOUND');
    expect((await b.finance.client.send(K.detail, { id: far.data.id })).code).toBe('NOT_FOUND');
    expect((await claimRow(far.data.id))?.state).toBe(1);
    expect((await a.finance.client.send(K.list, { state: 1 })).data.list.map((c) => c.id)).toEqual([far.data.id]);
  });

  it('20 parallel approvals give one decision; the cost check settles the amount with a reason from the dictionary; the statement takes it', async () => {
    const a = await settleTeam(t);
    const order = await completedOrder(a);
    const id = (await a.pu1.client.send(K.create, { orderId: order, kind: 1, amountCents: 9000, claimedM: 30_000 })).data.id;
    const fin = a.finance.client;
    expect((await fin.send(K.decide, { id, action: 'reject' })).message).toBe('审批意见：请输入驳回理由');
    const answers = await race(20, () => fin.send(K.decide, { id, action: 'approve' }));
    expect(tally(answers).ok).toBe(1);
    expect((await rows(t.deps.db, sql`select count(*)::int as n from fee_claim_logs where claim_id = ${id} and action = 'approve'`))[0]).toEqual({ n: 1 });
    expect(await claimRow(id)).toMatchObject({ state: 2, check_state: 1 });
    // 费用审核: the claim waits with both amounts; a reason outside the dictionary (an enterprise's defaults) is refused.
    await t.deps.db.execute(sql`insert into dict_items (enterprise_id, type, name, value, sort) values (${a.ep}, 125, '费用超出标准', '', 1)`);
    expect((await fin.send(K.checkList, {})).data.list).toMatchObject([{ id, amountCents: 9000, computedCents: 3006 }]);
    expect((await a.pu1.client.send(K.checkList, {})).code).toBe('NO_POWER');
    expect((await fin.send(K.check, { id, choice: 3, reason: '费用超出标准' })).message).toBe('审核金额：请填写审核金额');
    expect((await fin.send(K.check, { id, choice: 2, reason: '随便写的' })).message).toBe('审核原因：请从字典“费用审核原因”中选择');
    const b = await settleTeam(t);
    expect((await b.finance.client.send(K.check, { id, choice: 1, reason: '费用超出标准' })).code).toBe('NOT_FOUND');
    const checks = await race(20, (i) => fin.send(K.check, { id, choice: 3, amountCents: 5000 + i, reason: '费用超出标准', note: '按实际路线' }));
    expect(tally(checks)).toMatchObject({ ok: 1 });
    const row = await claimRow(id);
    expect(row).toMatchObject({ check_state: 2 });
    expect(row?.final_cents).toBe(5000 + checks.findIndex((x) => x.success));
    expect((await fin.send(K.checkList, {})).data.count).toBe(0);
    expect((await fin.send(K.checkList, { checkState: 2 })).data.list[0]).toMatchObject({ id, checkChoice: 3, checkReason: '费用超出标准' });
    // This month's statement holds the order's fee and the claim at its checked amount; a claim never sits on two.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await pricedOrder(t, a.ep, a.p1, 8000);
    const auto = (await a.pu1.client.send(K.create, { orderId: order, kind: 1, amountCents: 1000, claimedM: 10_500 })).data.id;
    const pending = (await a.pu1.client.send(K.create, { orderId: order, kind: 2, amountCents: 700 })).data.id;
    const made = (await fin.send(C.create, { providerId: a.p1, periodStart: today, periodEnd: today })).data;
    expect(made).toMatchObject({ lineCount: 3, totalCents: 8000 + Number(row?.final_cents) + 1000 });
    const lines = (await fin.send(C.lines, { id: made.id })).data.list;
    expect(lines.filter((l) => l.kind === 2).map((l) => l.description)).toEqual([expect.stringMatching(/^交通费 · /), expect.stringMatching(/^交通费 · /)]);
    expect((await fin.send(K.detail, { id: auto })).data.settleNo).toMatch(/^JS/);
    expect((await fin.send(K.detail, { id: pending })).data.settleNo).toBeNull();
    expect((await fin.send(C.create, { providerId: a.p1, periodStart: today, periodEnd: today })).code).toBe('SETTLE_EMPTY');
  });

  it('with an approval flow the claim waits for its approver; a rejection in the inbox rejects the claim', async () => {
    const a = await settleTeam(t);
    const order = await completedOrder(a);
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'fee_claim',
      name: '费用申请审批',
      steps: [{ name: '财务', mode: 'one', approvers: [{ type: 'user', ids: [a.finance2.id] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const id = (await a.pu1.client.send(K.create, { orderId: order, kind: 2, amountCents: 5000, note: '高空作业费' })).data.id;
    expect((await a.finance2.client.send(K.detail, { id })).data.approvalId).toBeGreaterThan(0);
    // finance is no approver of the step: the engine refuses him; finance2 approves through the claim page.
    expect((await a.finance.client.send(K.decide, { id, action: 'approve' })).message).toBe('您不是当前步骤的审批人，不能审批');
    const answers = await race(20, () => a.finance2.client.send(K.decide, { id, action: 'approve' }));
    expect(tally(answers).ok).toBe(1);
    // Extra fees have nothing to compute: approved means payable.
    expect(await claimRow(id)).toMatchObject({ state: 2, check_state: 0, final_cents: 5000 });
    const id2 = (await a.pu1.client.send(K.create, { orderId: order, kind: 2, amountCents: 800 })).data.id;
    const inst = (await a.finance2.client.send(K.detail, { id: id2 })).data.approvalId as number;
    expect((await a.admin.client.send(A.detail, { id: inst })).success).toBe(true);
    const rejected = await rows<{ id: number }>(t.deps.db, sql`select id from approval_tasks where instance_id = ${inst} and user_id = ${a.finance2.id}`);
    expect(rejected.length).toBe(1);
    expect((await a.finance2.client.send(K.decide, { id: id2, action: 'reject', note: '无现场照片' })).data.state).toBe(3);
    expect((await a.pu1.client.send(K.detail, { id: id2 })).data.logs.map((l) => l.action)).toEqual(['create', 'reject']);
  });
});
