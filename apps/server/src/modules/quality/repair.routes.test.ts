import {
  approvalsContract as A,
  badgeCountContract as B,
  complaintContract as CC,
  exchangeContract as X,
  repairContract as R,
  visitsContract as V,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { newCustomer } from '../customers/test-helpers';
import { team } from '../orders/actions.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { provisionDictionaries } from '../settings/dict.service';
import { ledgerMismatches } from '../spares/spares.fixtures';
import { runVisitSweep } from '../visits/tasks.job';
import { insertPlan } from '../visits/test-helpers';
import { moveExchangeStock } from './repair.stock';
import { productOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const tm = await team(t);
  await provisionDictionaries(t.deps.db, tm.ep);
  return tm;
}
type S = Awaited<ReturnType<typeof setup>>;

/** A complaint by hand on a customer's unit (with its serial). */
async function complaint(s: S) {
  const customerId = await newCustomer(s.admin.client);
  const unit = await productOf(t.deps.db, s.ep, '空调');
  await t.deps.db.execute(sql`update installed_products set customer_id = ${customerId} where enterprise_id = ${s.ep} and id = ${unit.productId}`);
  const r = await s.admin.client.send(CC.create, { sourceType: 4, customerId, installedProductId: unit.productId, title: '整机不制冷', level: '一般投诉' });
  if (!r.success) throw new Error(r.message);
  return { complaintId: r.data.id, customerId, ...unit };
}

const repairRow = async (ep: number, id: number) =>
  (await rows<Record<string, unknown>>(t.deps.db, sql`select * from repair_orders where enterprise_id = ${ep} and id = ${id}`))[0];
const unitOf = async (ep: number, serial: string) =>
  (
    await rows<{ place: number; warehouse: string | null }>(
      t.deps.db,
      sql`select u.place, w.name as warehouse from spare_units u left join warehouses w on w.enterprise_id = u.enterprise_id and w.id = u.warehouse_id
        where u.enterprise_id = ${ep} and u.serial = ${serial}`,
    )
  )[0];
const repairMoves = async (ep: number, id: number) =>
  (
    await rows<{ type: number; change: number }>(
      t.deps.db,
      sql`select type, change from stock_logs where enterprise_id = ${ep} and doc_kind = 'repair' and doc_id = ${id} order by id`,
    )
  ).map((m) => [m.type, m.change]);

async function repairFrom(s: S, complaintId: number) {
  const r = await s.desk.client.send(R.create, { sourceType: 1, complaintId, fault: '压缩机不启动', inCarrier: '顺丰速运', inWaybill: 'SF100' });
  if (!r.success) throw new Error(r.message);
  return r.data.id;
}
const finish = (s: S, id: number, version: number, cost = 0) =>
  s.desk.client.send(R.update, { id, version, fault: '压缩机不启动', result: '更换压缩机', outCarrier: '顺丰速运', outWaybill: 'SF200', cost });

describe('repair-sent orders', () => {
  it('from a complaint: carries customer, product and serial; confirm receives the unit into the 寄修仓, completion sends it back', async () => {
    const s = await setup();
    const c = await complaint(s);
    const id = await repairFrom(s, c.complaintId);
    const row = await repairRow(s.ep, id);
    expect(row).toMatchObject({ state: 0, source_type: 1, serial_number: c.serial, repair_no: `JX${String(id).padStart(8, '0')}`, in_carrier: '顺丰速运' });
    expect(Number(row?.customer_id)).toBe(c.customerId);
    expect(Number(row?.product_model_id)).toBe(c.modelId);
    // The complaint finds it (the link both ways).
    expect((await s.desk.client.send(R.list, { complaintId: c.complaintId })).data).toMatchObject({ count: 1, list: [{ id, state: 0 }] });

    expect((await s.keeper.client.send(R.action, { id, action: 'confirm', state: 0 })).success).toBe(true);
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 1, warehouse: '寄修仓' });
    expect((await s.desk.client.send(R.detail, { id })).data).toMatchObject({ state: 1, warehouseName: '寄修仓', abilities: ['complete', 'cancel'] });
    // Completing needs the result and the return logistics.
    expect((await s.desk.client.send(R.action, { id, action: 'complete' })).message).toBe('完成寄修前请填写维修结果和寄回物流（物流公司、运单号）');
    expect((await finish(s, id, 1, 12_000)).success).toBe(true);
    expect((await s.desk.client.send(R.action, { id, action: 'complete', state: 1 })).data).toEqual({ state: 2 });
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 5, warehouse: null });
    expect(await repairMoves(s.ep, id)).toEqual([
      [3, 1],
      [4, -1],
    ]);
    expect(await ledgerMismatches(t.deps.db, s.ep)).toEqual([]);
    const d = (await s.desk.client.send(R.detail, { id })).data;
    expect(d).toMatchObject({ state: 2, cost: 12_000, result: '更换压缩机', abilities: [] });
    expect(d.log.map((l) => l.action)).toEqual(['创建寄修单', '确认收件', '编辑', '完成维修']);
  });

  it('under a 寄修完成审批 flow completion waits in 待审核 (the unit stays in stock) until the engine approves', async () => {
    const s = await setup();
    const c = await complaint(s);
    const flow = await s.admin.client.send(A.flowSave, {
      kind: 'repair_complete',
      name: '寄修完成审核',
      steps: [{ name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [s.admin.id] }] }],
    });
    expect(flow.success).toBe(true);
    const id = await repairFrom(s, c.complaintId);
    await s.desk.client.send(R.action, { id, action: 'confirm' });
    await finish(s, id, 1);
    expect((await s.desk.client.send(R.action, { id, action: 'complete' })).data).toEqual({ state: 4 });
    const d = (await s.desk.client.send(R.detail, { id })).data;
    expect(d.approvalId).toBeGreaterThan(0);
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 1, warehouse: '寄修仓' });
    expect((await s.desk.client.send(R.action, { id, action: 'cancel', unableReason: '缺少备件' })).message).toBe('当前状态不允许该操作');
    // Reject goes back to 处理中; the next completion waits again; approval sends the unit back.
    expect((await s.admin.client.send(A.reject, { id: d.approvalId as number, comment: '运单号有误' })).success).toBe(true);
    expect(Number((await repairRow(s.ep, id))?.state)).toBe(1);
    await s.desk.client.send(R.action, { id, action: 'complete' });
    const again = (await s.desk.client.send(R.detail, { id })).data.approvalId as number;
    const answers = await race(20, () => s.admin.client.send(A.approve, { id: again }));
    expect(tally(answers).ok).toBe(1);
    expect(Number((await repairRow(s.ep, id))?.state)).toBe(2);
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 5, warehouse: null });
    expect(await ledgerMismatches(t.deps.db, s.ep)).toEqual([]);
  });

  it('cancelling an order in 处理中 needs an 无法完成原因 and returns the unit; 20 parallel confirms receive it once', async () => {
    const s = await setup();
    const c = await complaint(s);
    const id = await repairFrom(s, c.complaintId);
    const answers = await race(20, () => s.keeper.client.send(R.action, { id, action: 'confirm', state: 0 }));
    expect(tally(answers).ok).toBe(1);
    expect(await repairMoves(s.ep, id)).toEqual([[3, 1]]);
    // A second order for the same serial cannot receive a unit that is already here.
    const id2 = await repairFrom(s, c.complaintId);
    expect((await s.keeper.client.send(R.action, { id: id2, action: 'confirm' })).message).toBe(`序列号：${c.serial}已在库存中或已安装`);
    expect(Number((await repairRow(s.ep, id2))?.state)).toBe(0);

    expect((await s.desk.client.send(R.action, { id, action: 'cancel' })).message).toBe('无法完成原因：请选择无法完成原因');
    expect((await s.desk.client.send(R.action, { id, action: 'cancel', unableReason: '随便写' })).message).toBe('无法完成原因：请从字典“无法完成原因”中选择');
    expect((await s.desk.client.send(R.action, { id, action: 'cancel', unableReason: '缺少备件' })).data).toEqual({ state: 3 });
    expect(await repairRow(s.ep, id)).toMatchObject({ state: 3, unable_reason: '缺少备件', warehouse_id: null });
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 5, warehouse: null });
    // Now the unit is out, the second order may receive it.
    expect((await s.keeper.client.send(R.action, { id: id2, action: 'confirm' })).success).toBe(true);
  });

  it('answers 未登录, CSRF, no power, bad input in Chinese, and not found for another enterprise’s records, which stay unchanged', async () => {
    const s = await setup();
    const other = await setup();
    const theirs = await repairFrom(other, (await complaint(other)).complaintId);
    expect((await new Client(t.app).send(R.list, {})).message).toBe('未登录');
    expect((await s.desk.client.send(R.action, { id: theirs, action: 'confirm' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await s.engineer.client.send(R.list, {})).code).toBe('NO_POWER');
    expect((await s.engineer.client.send(X.list, {})).code).toBe('NO_POWER');
    expect((await s.desk.client.send(R.detail, { id: theirs })).code).toBe('NOT_FOUND');
    expect((await s.desk.client.send(R.action, { id: theirs, action: 'confirm' })).code).toBe('NOT_FOUND');
    expect((await s.desk.client.send(R.update, { id: theirs, fault: '改别人的' })).code).toBe('NOT_FOUND');
    expect((await s.desk.client.send(R.create, { sourceType: 1, complaintId: (await complaint(other)).complaintId, fault: '跨企业' })).code).toBe('NOT_FOUND');
    expect((await s.desk.client.send(X.create, { sourceType: 3, repairId: theirs, kind: 1, reason: '跨企业' })).code).toBe('NOT_FOUND');
    expect(await repairRow(other.ep, theirs)).toMatchObject({ state: 0, version: 0, fault: '压缩机不启动' });
    // Filtering a list by an order opens that order: another enterprise's (or one outside the caller's scope) is not found.
    const theirOrder = await insertOrder(t.deps.db, other.ep);
    expect((await s.desk.client.send(R.list, { orderId: theirOrder })).code).toBe('NOT_FOUND');
    expect((await s.desk.client.send(X.list, { orderId: theirOrder })).code).toBe('NOT_FOUND');
    expect((await s.keeper.client.send(R.list, { orderId: await insertOrder(t.deps.db, s.ep) })).code).toBe('NOT_FOUND');

    const c = await complaint(s);
    const bad = await s.desk.client.post('/repairOrder', { sourceType: 1, complaintId: c.complaintId });
    expect(bad).toMatchObject({ success: false, message: '故障描述：请输入故障描述' });
    expect((await s.desk.client.post('/repairOrder', { sourceType: 7, fault: 'x' })).message).toBe(
      '来源：来源只能是1（投诉）、2（工单）、3（回访）或4（手工录入）',
    );
    expect((await s.desk.client.post('/exchangeOrder', { sourceType: 1, complaintId: c.complaintId, kind: 3, reason: 'x' })).message).toBe(
      '类型：类型只能是1（换货）或2（退货）',
    );
    expect((await s.desk.client.post('/exchangeOrder', { sourceType: 1, complaintId: c.complaintId, kind: 1, reason: 'x', amount: -1 })).message).toBe(
      '金额：金额不能小于0',
    );
    const n = await rows(
      t.deps.db,
      sql`select (select count(*) from repair_orders where enterprise_id = ${s.ep})::int as r,
      (select count(*) from exchange_orders where enterprise_id = ${s.ep})::int as e`,
    );
    expect(n[0]).toEqual({ r: 0, e: 0 });
  });
});

describe('the 寄修单 badge', () => {
  it('counts the units to receive and to repair; completed leaves it; another enterprise’s count nothing', async () => {
    const s = await setup();
    const other = await setup();
    const n = (c: Client) => c.badge(B.repairTodoCount);
    const c = await complaint(s);
    const id = await repairFrom(s, c.complaintId);
    await repairFrom(other, (await complaint(other)).complaintId);
    expect(await n(s.keeper.client)).toBe(1);
    const todo = (await s.keeper.client.send(B.waitToDoList)).data as { routerName: string; count: number }[];
    expect(todo.find((x) => x.routerName === 'RepairOrderList')).toMatchObject({ count: 1 });
    expect((await s.keeper.client.send(R.action, { id, action: 'confirm', state: 0 })).success).toBe(true);
    expect(await n(s.keeper.client)).toBe(1);
    expect((await finish(s, id, 1)).success).toBe(true);
    expect((await s.desk.client.send(R.action, { id, action: 'complete', state: 1 })).data).toEqual({ state: 2 });
    expect(await n(s.keeper.client)).toBe(0);
    expect(await n(s.engineer.client)).toBe('NO_POWER');
  });
});

describe('exchange/return orders', () => {
  it('without a flow an administrator other than the applicant decides; nobody approves what he submitted', async () => {
    const s = await setup();
    const c = await complaint(s);
    const r = await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 1, reason: '整机故障，换新机', amount: 199_900 });
    expect(r.success).toBe(true);
    const id = r.data.id;
    expect((await s.desk.client.send(X.detail, { id })).data).toMatchObject({
      state: 0,
      kind: 1,
      serialNumbers: [c.serial],
      complaintId: c.complaintId,
      abilities: ['cancel'],
      approvalId: null,
    });
    expect((await s.desk.client.send(X.action, { id, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    // The 退换货 badge: the administrator's to-do; not the applicant's, nor another enterprise's, nor without the page.
    const other = await setup();
    const badge = (c: Client) => c.badge(B.exchangeTodoCount);
    expect(await badge(s.admin.client)).toBe(1);
    const todo = (await s.admin.client.send(B.waitToDoList)).data as { routerName: string; count: number }[];
    expect(todo.find((x) => x.routerName === 'ExchangeOrderList')).toMatchObject({ count: 1 });
    expect(await badge(s.desk.client)).toBe(0);
    expect(await badge(other.admin.client)).toBe(0);
    expect(await badge(s.engineer.client)).toBe('NO_POWER');
    expect((await s.admin.client.send(X.action, { id, action: 'reject' })).message).toBe('审批意见：驳回时请填写理由');
    expect((await s.admin.client.send(X.detail, { id })).data.abilities).toEqual(['approve', 'reject']);
    const answers = await race(20, () => s.admin.client.send(X.action, { id, action: 'approve', note: '同意换货' }));
    expect(tally(answers).ok).toBe(1);
    const d = (await s.admin.client.send(X.detail, { id })).data;
    expect(d).toMatchObject({ state: 2, abilities: [] });
    expect(await badge(s.admin.client)).toBe(0);
    expect(d.log.map((l) => [l.action, l.toState])).toEqual([
      ['提交退换货', 0],
      ['通过', 2],
    ]);
    // The administrator's own order waits for another administrator.
    const own = (await s.admin.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 2, reason: '七天无理由退货' })).data.id;
    expect((await s.admin.client.send(X.action, { id: own, action: 'approve' })).message).toBe('不能审批自己提交的单据');
    expect(await badge(s.admin.client)).toBe(0);
    expect((await s.admin.client.send(X.action, { id: own, action: 'cancel' })).data).toEqual({ state: 3 });
    expect((await s.desk.client.send(X.list, { complaintId: c.complaintId })).data.count).toBe(2);
  });

  it('with a flow of 退换货审批 the engine decides: 20 parallel approvals make one decision; the applicant may withdraw', async () => {
    const s = await setup();
    const c = await complaint(s);
    const flow = await s.admin.client.send(A.flowSave, {
      kind: 'exchange_order',
      name: '退换货审批',
      steps: [{ name: '派单员', mode: 'one', approvers: [{ type: 'user', ids: [s.dispatcher.id] }] }],
    });
    expect(flow.success).toBe(true);
    const repair = await repairFrom(s, c.complaintId);
    const id = (await s.desk.client.send(X.create, { sourceType: 3, repairId: repair, kind: 1, reason: '修不好，换货' })).data.id;
    expect((await s.desk.client.send(X.detail, { id })).data).toMatchObject({ repairId: repair, complaintId: c.complaintId, serialNumbers: [c.serial] });
    // The administrator is not the flow's approver now: neither his action nor his 退换货 badge (审批处理 counts it).
    expect((await s.admin.client.send(X.action, { id, action: 'approve' })).message).toBe('您不是当前步骤的审批人，不能审批');
    expect(await s.admin.client.badge(B.exchangeTodoCount)).toBe(0);
    expect(await s.dispatcher.client.badge(B.approvalTodoCount)).toBe(1);
    expect((await s.dispatcher.client.send(X.detail, { id })).code).toBe('NO_POWER');
    const inst = (await s.desk.client.send(X.detail, { id })).data.approvalId as number;
    const answers = await race(20, () => s.dispatcher.client.send(A.approve, { id: inst }));
    expect(tally(answers).ok).toBe(1);
    expect((await s.desk.client.send(X.detail, { id })).data).toMatchObject({ state: 2, approvalId: null });

    const id2 = (await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 2, reason: '退货' })).data.id;
    expect((await s.desk.client.send(X.action, { id: id2, action: 'cancel' })).data).toEqual({ state: 3 });
    expect((await rows(t.deps.db, sql`select state from approval_instances where kind = 'exchange_order' and doc_id = ${id2}`))[0]).toEqual({ state: 3 });
  });
});

describe('exchange/return orders move stock at approval', () => {
  const moves = async (ep: number, id: number) =>
    (
      await rows<{ type: number; change: number; serial: string }>(
        t.deps.db,
        sql`select type, change, coalesce(serial_in, serial_out) as serial from stock_logs where enterprise_id = ${ep} and doc_kind = 'exchange' and doc_id = ${id} order by id`,
      )
    ).map((m) => [m.type, m.change, m.serial]);

  it('the returned unit comes into the 寄修仓, the replacement goes out; once, in the approval; a replacement not in stock refuses it', async () => {
    const s = await setup();
    const c = await complaint(s);
    const spare = `RF${c.serial}`;
    // A 退货 of a second unit of the model: approved, it comes into the 寄修仓 (a unit a later 换货 may send out).
    const back = (await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 2, serialNumbers: [spare], reason: '退货' })).data.id;
    expect(await moves(s.ep, back)).toEqual([]); // nothing moves while it waits
    expect((await s.admin.client.send(X.action, { id: back, action: 'approve' })).success).toBe(true);
    expect(await moves(s.ep, back)).toEqual([[3, 1, spare]]);
    expect(await unitOf(s.ep, spare)).toEqual({ place: 1, warehouse: '寄修仓' });

    // Bad input: nothing written.
    const bad = await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 2, reason: '退货', replacementSerial: spare });
    expect(bad.message).toBe('换新序列号：退货不发换新机，请勿填写换新序列号');
    const same = await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 1, reason: '换货', replacementSerial: c.serial });
    expect(same.message).toBe('换新序列号：换新机不能是退回的机器');

    // A replacement not in stock refuses the approval: still waiting, nothing moved.
    const none = (await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 1, reason: '换货', replacementSerial: 'NOPE1' })).data
      .id;
    expect((await s.admin.client.send(X.action, { id: none, action: 'approve' })).message).toBe('换新序列号：NOPE1不在库存中，或已被待审批单据占用');
    expect((await s.desk.client.send(X.detail, { id: none })).data).toMatchObject({ state: 0, stock: [] });
    expect(await unitOf(s.ep, c.serial)).toBeUndefined();
    await s.desk.client.send(X.action, { id: none, action: 'cancel' });

    // 换货 with the unit in stock: twenty parallel approvals, one decision and one movement — the customer's unit in, the replacement out.
    const id = (await s.desk.client.send(X.create, { sourceType: 1, complaintId: c.complaintId, kind: 1, reason: '换新机', replacementSerial: spare })).data.id;
    expect(tally(await race(20, () => s.admin.client.send(X.action, { id, action: 'approve' }))).ok).toBe(1);
    expect(await moves(s.ep, id)).toEqual([
      [3, 1, c.serial],
      [4, -1, spare],
    ]);
    expect(await unitOf(s.ep, c.serial)).toEqual({ place: 1, warehouse: '寄修仓' });
    expect(await unitOf(s.ep, spare)).toEqual({ place: 5, warehouse: null });
    const d = (await s.desk.client.send(X.detail, { id })).data;
    expect(d).toMatchObject({ state: 2, replacementSerial: spare });
    expect(d.stock.map((m) => [m.type, m.serial, m.warehouseName, m.change])).toEqual([
      ['入库', c.serial, '寄修仓', 1],
      ['出库', spare, '寄修仓', -1],
    ]);
    // Idempotent: the movement runs again (a repeated end of the approval) and moves nothing more.
    await t.deps.db.transaction((tx) => moveExchangeStock(tx, s.ep, id, s.admin.id));
    expect(await moves(s.ep, id)).toHaveLength(2);
    expect(await ledgerMismatches(t.deps.db, s.ep)).toEqual([]);
  });
});

describe('return visits of type 53', () => {
  it('a completed repair-sent order under a 寄修回访 plan gets one visit task from the sweep; a cancelled one none', async () => {
    const s = await setup();
    const c = await complaint(s);
    const plan = await insertPlan(t.deps.db, s.ep, { name: '寄修回访', visit_type: 53, visitor_mode: 2 });
    const id = await repairFrom(s, c.complaintId);
    await s.keeper.client.send(R.action, { id, action: 'confirm' });
    await finish(s, id, 1);
    await s.desk.client.send(R.action, { id, action: 'complete' });
    const cancelled = await repairFrom(s, c.complaintId);
    await s.desk.client.send(R.action, { id: cancelled, action: 'cancel' });
    const later = new Date(Date.now() + 60_000);
    const made = await runVisitSweep(t.deps.db, later, s.ep);
    expect(await runVisitSweep(t.deps.db, later, s.ep)).toEqual([]);
    const tasks = await rows(
      t.deps.db,
      sql`select plan_id::int, visit_type, record_id::int, order_id, order_no, customer_name, state from return_visit_tasks where enterprise_id = ${s.ep}`,
    );
    expect(made).toHaveLength(1);
    expect(tasks).toEqual([
      {
        plan_id: plan,
        visit_type: 53,
        record_id: id,
        order_id: null,
        order_no: `JX${String(id).padStart(8, '0')}`,
        customer_name: expect.any(String),
        state: 1,
      },
    ]);
    // The visit page shows the repair-sent order (its number opens it) and its log.
    const taskId = Number((await rows<{ id: number }>(t.deps.db, sql`select id from return_visit_tasks where enterprise_id = ${s.ep}`))[0]?.id);
    const seen = (await s.admin.client.send(V.visitOrderDetail, { taskId })).data;
    expect(seen.order).toMatchObject({ kind: 'repair', id, orderNo: `JX${String(id).padStart(8, '0')}`, title: '压缩机不启动', detailDesc: '更换压缩机' });
    expect(seen.history.length).toBeGreaterThan(0);
    // A failed visit raises a repair-sent order (source 3), which the task's page lists.
    const again = await s.desk.client.send(R.create, { sourceType: 3, visitTaskId: taskId, serialNumber: c.serial, fault: '回访仍不制冷' });
    expect(again.success).toBe(true);
    expect((await s.desk.client.send(R.list, { visitTaskId: taskId })).data).toMatchObject({ count: 1, list: [{ id: again.data.id, sourceType: 3 }] });
    expect((await s.desk.client.send(R.list, { visitTaskId: taskId + 1000 })).data.count).toBe(0);
  });
});
