import { fieldInput, orderActionsContract as K, orderMoneyContract as M } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';
import { behindLock } from '../../test/race';
import { logsOf, orderIn, orderRow, signatureUpload, type Team, team } from './actions.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const BAD_STATE = '当前工单状态不允许该操作';
const NOT_MINE = '您不是该工单的相关处理人，不能执行该操作';
/** A timestamptz as a raw select answers it ('2026-12-01 01:30:00+00'), as an ISO instant. */
const instant = (v: unknown) =>
  new Date(
    String(v)
      .replace(' ', 'T')
      .replace(/([+-]\d{2})$/, '$1:00'),
  ).toISOString();

/** A required custom field on the order's type (pinned on the order) and a receipt form with a required field and a signature. */
async function withForms(tm: Team, orderId: number) {
  const o = await orderRow(t, tm.ep, orderId);
  const ref = { enterpriseId: tm.ep, userId: tm.admin.id };
  const fault = await saveField(t.deps.db, { ...ref, kind: 1, tmpId: Number(o.template_id) }, fieldInput.parse({ name: '故障代码', type: 1, required: true }));
  const result = await saveField(t.deps.db, { ...ref, kind: 9 }, fieldInput.parse({ name: '处理结果', type: 1, required: true }));
  const sign = await saveField(t.deps.db, { ...ref, kind: 9 }, fieldInput.parse({ name: '客户签字', type: 21 }));
  await t.deps.db.execute(sql`update orders set template_version_id = ${fault.versionId} where enterprise_id = ${tm.ep} and id = ${orderId}`);
  return { fault: fault.id, result: result.id, sign: sign.id };
}

describe('the lifecycle through HTTP', () => {
  it('dispatch → accept → reserve → start → check → complete → receipt → collect → archive, each logged with who, from, to and the changed fields', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 1, { service_user_id: null, dispatcher_id: null });
    const f = await withForms(tm, id);

    const d = await tm.dispatcher.client.send(K.dispatch, {
      orderId: id,
      serviceUserId: tm.engineer.id,
      coordinationUserId: [tm.engineer2.id],
      expectedState: 1,
    });
    expect(d).toMatchObject({ success: true, message: '派单成功', data: { id, state: 2 } });
    expect(await countOf(t.deps.db, 'order_people', sql`enterprise_id = ${tm.ep} and order_id = ${id} and part = 4 and user_id = ${tm.engineer2.id}`)).toBe(1);
    expect((await tm.engineer2.client.send(K.accept, { orderId: id })).message).toBe(NOT_MINE);
    expect((await tm.engineer.client.send(K.accept, { orderId: id })).data).toEqual({ id, state: 3 });
    const b = await tm.engineer.client.send(K.workerBespokeDate, { orderId: id, bespokeTime: '2030-12-01 09:30' });
    expect(b).toMatchObject({ success: true, data: { state: 3 } });
    expect((await tm.engineer.client.send(K.startService, { orderId: id })).data.state).toBe(4);

    const check = await tm.engineer.client.send(K.checkFinish, { orderId: id });
    expect(check.data).toMatchObject({ ready: false, message: '完成前还需填写：故障代码、处理结果（回执）、客户签名' });
    expect(check.data.missing).toEqual([
      { form: 'order', fieldId: f.fault, name: '故障代码' },
      { form: 'receipt', fieldId: f.result, name: '处理结果' },
      { form: 'signature', fieldId: null, name: '客户签名' },
    ]);
    const refused = await tm.engineer.client.send(K.serviceComplete, { orderId: id });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '完成前还需填写：故障代码、处理结果（回执）、客户签名' });
    // Filled in on site but not signed: still refused, and nothing of it saved.
    const unsigned = await tm.engineer.client.send(K.serviceComplete, { orderId: id, ext: { [f.fault]: 'E1' }, receiptExt: { [f.result]: '已修复' } });
    expect(unsigned.message).toBe('完成前还需填写：客户签名');
    expect((await orderRow(t, tm.ep, id)).ext).toEqual({});
    const sign = await signatureUpload(tm.engineer.client);
    const ok = await tm.engineer.client.send(K.serviceComplete, {
      orderId: id,
      ext: { [f.fault]: 'E1' },
      receiptExt: { [f.result]: '已修复', [f.sign]: [sign] },
    });
    expect(ok).toMatchObject({ success: true, data: { state: 5 } });
    expect((await tm.engineer.client.send(K.checkFinish, { orderId: id })).data).toEqual({ ready: true, missing: [], message: '' });
    // Someone with no part on the order (and not staff) is not told what it lacks.
    expect((await tm.desk.client.send(K.checkFinish, { orderId: id })).message).toBe(NOT_MINE);

    expect((await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {} })).data.state).toBe(5);
    expect((await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {} })).message).toBe(BAD_STATE);
    const paid = await tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 5, amount: 120.5 });
    expect(paid).toMatchObject({ success: true, message: '收款成功' });
    expect((await tm.dispatcher.client.send(K.archive, { orderId: id })).message).toBe('归档成功');
    expect((await tm.dispatcher.client.send(K.edit, { orderId: id, title: '改' })).message).toBe(BAD_STATE);

    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({
      state: 5,
      place_state: 1,
      payment_method: 5,
      paid_amount: '120.50',
      ext: { [f.fault]: 'E1' },
      receipt_ext: { [f.result]: '已修复', [f.sign]: [sign] },
    });
    expect(instant(o.appointment_at)).toBe('2030-12-01T01:30:00.000Z');
    for (const col of ['dispatched_at', 'taken_at', 'started_at', 'finished_at', 'receipted_at', 'paid_at', 'archived_at']) expect(o[col]).not.toBeNull();

    const logs = await logsOf(t, tm.ep, id);
    expect(logs.map((l) => [l.action, l.from_state, l.to_state])).toEqual([
      ['dispatch', 1, 2],
      ['accept', 2, 3],
      ['workerBespokeDate', 3, 3],
      ['startService', 3, 4],
      ['serviceComplete', 4, 5],
      ['receipt', 5, 5],
      ['collect', 5, 5],
      ['archive', 5, 5],
    ]);
    expect(logs[0]).toMatchObject({ user_id: tm.dispatcher.id, changed: expect.objectContaining({ service_user_id: tm.engineer.id }) });
    expect(logs[0]?.note).toContain('协作人员：');
    expect(logs[2]).toMatchObject({ user_id: tm.engineer.id, note: '预约时间：2030-12-01 09:30', changed: { appointment_at: '2030-12-01T01:30:00Z' } });
    expect(logs[4]?.changed).toMatchObject({ ext: { [f.fault]: 'E1' }, receipt_version_id: expect.any(Number) });
    expect(logs[6]?.changed).toMatchObject({ payment_method: 5, paid_amount: 120.5, receive_payment_id: null });
  });

  it('the receipt hook point: a receipt without the customer’s signature is refused; applyEndService runs the completion check too', async () => {
    const tm = await team(t);
    const done = await orderIn(t, tm, 5);
    const f = await withForms(tm, done);
    expect((await tm.engineer.client.send(K.receipt, { orderId: done, receiptExt: {} })).message).toBe('处理结果：不能为空');
    expect((await tm.engineer.client.send(K.receipt, { orderId: done, receiptExt: { [f.result]: '已修复' } })).message).toBe('回执还需填写：客户签名');
    expect(await orderRow(t, tm.ep, done)).toMatchObject({ receipt_ext: null, receipted_at: null, version: 0 });
    const sign = await signatureUpload(tm.engineer.client);
    expect((await tm.engineer.client.send(K.receipt, { orderId: done, receiptExt: { [f.result]: '已修复', [f.sign]: sign } })).success).toBe(true);

    const serving = await orderIn(t, tm, 4, { process: { completeApproval: true }, template_version_id: (await orderRow(t, tm.ep, done)).template_version_id });
    expect((await tm.engineer.client.send(K.applyEndService, { orderId: serving })).message).toBe('完成前还需填写：故障代码、处理结果（回执）、客户签名');
    expect((await orderRow(t, tm.ep, serving)).state).toBe(4);
  });

  it('acceptance: 受理 to dispatch, or 无效 with its reason (then frozen but for delete)', async () => {
    const tm = await team(t);
    const a = await orderIn(t, tm, 0);
    expect((await tm.desk.client.send(K.acceptance, { orderId: a })).data).toEqual({ id: a, state: 1 });
    expect((await orderRow(t, tm.ep, a)).acceptor_id).toBe(tm.desk.id);
    const b = await orderIn(t, tm, 0);
    expect((await tm.desk.client.send(K.acceptance, { orderId: b, invalid: true })).message).toBe('原因：请输入无效原因');
    expect((await tm.desk.client.send(K.acceptance, { orderId: b, invalid: true, reason: '重复报修' })).data).toEqual({ id: b, state: 0 });
    expect(await orderRow(t, tm.ep, b)).toMatchObject({ invalid: true, state: 0 });
    expect((await tm.desk.client.send(K.acceptance, { orderId: b })).message).toBe(BAD_STATE);
    expect((await logsOf(t, tm.ep, b)).map((l) => [l.action, l.note])).toEqual([['invalid', '重复报修']]);
    // The engineer's desk has no acceptance power.
    expect((await tm.engineer.client.send(K.acceptance, { orderId: a })).code).toBe('NO_POWER');
  });

  it('keepDate by staff before and after dispatch; the engineer reserves only once accepted', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 2);
    expect((await tm.engineer.client.send(K.workerBespokeDate, { orderId: id, bespokeTime: '2030-12-01 10:00' })).message).toBe(BAD_STATE);
    const r = await tm.dispatcher.client.send(K.keepDate, { orderId: id, bespokeTime: '2030-12-02 14:00:00', note: '客户下午在家' });
    expect(r).toMatchObject({ success: true, message: '预约成功', data: { state: 2 } });
    expect((await logsOf(t, tm.ep, id))[0]).toMatchObject({ action: 'keepDate', note: '预约时间：2030-12-02 14:00:00；客户下午在家' });
    expect((await tm.dispatcher.client.send(K.keepDate, { orderId: id, bespokeTime: '明天' })).message).toBe('预约时间：时间格式应为YYYY-MM-DD HH:mm:ss');
  });

  it('refuseOrder returns the order to dispatch unassigned, with the reason', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 2);
    expect((await tm.engineer.client.send(K.refuseOrder, { orderId: id })).message).toBe('拒单原因：请输入拒单原因');
    expect((await tm.engineer.client.send(K.refuseOrder, { orderId: id, reason: '不在服务区域' })).data.state).toBe(1);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, service_user_id: null });
    expect((await logsOf(t, tm.ep, id))[0]).toMatchObject({ action: 'refuseOrder', note: '不在服务区域', user_id: tm.engineer.id });
  });

  it('cancel by staff up to 服务中; employee/cancel by the creator only, before service starts', async () => {
    const tm = await team(t);
    const started = await orderIn(t, tm, 4);
    expect((await tm.employee.client.send(K.employeeCancel, { orderId: started, reason: '不修了' })).message).toBe(BAD_STATE);
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: started, reason: '客户取消' })).data.state).toBe(6);
    const waiting = await orderIn(t, tm, 1);
    const other = await orderIn(t, tm, 1, { created_by: tm.admin.id });
    // Not his order: not found (the order scope), as another enterprise's id.
    expect((await tm.employee.client.send(K.employeeCancel, { orderId: other, reason: '不修了' })).code).toBe('NOT_FOUND');
    expect((await tm.employee.client.send(K.employeeCancel, { orderId: waiting, reason: '不修了' })).data.state).toBe(6);
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: waiting, reason: '再取消' })).message).toBe(BAD_STATE);
    expect((await orderRow(t, tm.ep, waiting)).cancelled_at).not.toBeNull();
    expect((await logsOf(t, tm.ep, waiting)).map((l) => [l.action, l.note])).toEqual([['employeeCancel', '不修了']]);
  });

  it('an abnormal request blocks the engineer until staff decide: 转派 back to dispatch, 改约 with the new time, a rejection keeps the state', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 3);
    expect((await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: id, abnormalType: 2, reason: '' })).message).toBe('申请原因：请输入申请原因');
    expect((await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: id, abnormalType: 2, reason: '配件不足' })).data.state).toBe(3);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ abnormal_kind: 2, abnormal_reason: '配件不足', abnormal_by: tm.engineer.id });
    expect((await tm.engineer.client.send(K.startService, { orderId: id })).message).toBe('该工单有待处理的异常申请，请先处理');
    expect((await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: id, abnormalType: 1, reason: '再申请' })).message).toBe(
      '该工单有待处理的异常申请，请先处理',
    );
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: id, pass: false })).message).toBe('备注：请输入驳回原因');
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: id, pass: true })).data.state).toBe(1);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, abnormal_kind: null, service_user_id: null });

    const r = await orderIn(t, tm, 4);
    await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: r, abnormalType: 1, reason: '客户改时间' });
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: r, pass: true, bespokeTime: '2030-12-03 08:00' })).data.state).toBe(4);
    expect(instant((await orderRow(t, tm.ep, r)).appointment_at)).toBe('2030-12-03T00:00:00.000Z');
    expect((await logsOf(t, tm.ep, r))[1]).toMatchObject({ action: 'handleAbnormal', note: '同意改约申请；预约时间：2030-12-03 08:00' });

    const c = await orderIn(t, tm, 2);
    await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: c, abnormalType: 3, reason: '客户不需要了' });
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: c, pass: false, note: '请先联系客户' })).data.state).toBe(2);
    expect((await orderRow(t, tm.ep, c)).abnormal_kind).toBeNull();
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: c, pass: true })).message).toBe(BAD_STATE);
    await tm.engineer.client.send(K.applyAbnormalOrder, { orderId: c, abnormalType: 3, reason: '确认不需要' });
    expect((await tm.dispatcher.client.send(K.handleAbnormal, { orderId: c, pass: true })).data.state).toBe(6);
  });
});

describe('approvals (examine/save)', () => {
  it('creation approval: the type must be the pending one; approve to dispatch, reject (with a reason) cancels', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0 });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('审核类型：该工单待审核的是创建审核');
    expect((await tm.engineer.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).code).toBe('NO_POWER');
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).data.state).toBe(1);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ examine_result: 1, create_examine_operator_id: tm.dispatcher.id });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).message).toBe(BAD_STATE);

    const no = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0 });
    expect((await tm.admin.client.send(K.examine, { orderId: no, examineType: 1, result: 2 })).message).toBe('备注：请输入驳回原因');
    expect((await tm.admin.client.send(K.examine, { orderId: no, examineType: 1, result: 2, note: '信息不全' })).data.state).toBe(6);
    expect((await logsOf(t, tm.ep, no))[0]).toMatchObject({ action: 'reject', note: '创建审核驳回；信息不全' });
  });

  it('completion approval: serviceComplete refused, applyEndService to 待审核, reject back to service, approve to completed', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4, { process: { completeApproval: true } });
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id })).message).toBe('该工单完成需要审核，请申请结束服务');
    expect((await tm.engineer.client.send(K.applyEndService, { orderId: id })).data.state).toBe(7);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ examine_type: 2, examine_result: 0 });
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: id, reason: '取消' })).message).toBe(BAD_STATE);
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 2, result: 2, note: '照片不清楚' })).data.state).toBe(4);
    await tm.engineer.client.send(K.applyEndService, { orderId: id });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 2, result: 1 })).data.state).toBe(5);
    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({ examine_result: 1, complete_examine_operator_id: tm.dispatcher.id });
    expect(o.finished_at).not.toBeNull();
    const plain = await orderIn(t, tm, 4);
    expect((await tm.engineer.client.send(K.applyEndService, { orderId: plain })).message).toBe('该工单完成无需审核，请直接完成服务');
  });

  it('receipt and collection approvals keep 已完成; a rejected receipt is done again', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 5, { process: { receiptApproval: true, collectionApproval: true } });
    expect((await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {} })).data.state).toBe(5);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ examine_type: 3, examine_result: 0 });
    expect((await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {} })).message).toBe(BAD_STATE);
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 3, result: 2, note: '缺签字' })).data.state).toBe(5);
    expect((await orderRow(t, tm.ep, id)).receipted_at).toBeNull();
    await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {} });
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 3, result: 1 })).success).toBe(true);
    expect((await tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 1, amount: 50 })).success).toBe(true);
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 3, result: 1 })).message).toBe('审核类型：该工单待审核的是收款审核');
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 4, result: 1 })).success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 5, examine_type: 4, examine_result: 1 });
  });

  it('collects only into a collection account of the order type; another is refused and nothing is written', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 5);
    const templateId = Number((await orderRow(t, tm.ep, id)).template_id);
    const mine = await tm.admin.client.send(M.receiveSave, { name: '对公账户', method: 1, account: '工商银行 6222', templateIds: [templateId] });
    // A deleted account stands for one the order's type cannot use.
    const other = await tm.admin.client.send(M.receiveSave, { name: '已停用账户', method: 1, templateIds: [templateId] });
    await tm.admin.client.send(M.receiveDelete, { ids: [other.data.id] });
    const before = await countOf(t.deps.db, 'order_logs', sql`order_id = ${id}`);
    const refused = await tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 1, receivePaymentId: other.data.id, amount: 10 });
    expect(refused.message).toBe('收款账户：收款账户不存在或不适用于该工单类型');
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ receive_payment_id: null, paid_amount: '0.00', paid_at: null });
    expect(await countOf(t.deps.db, 'order_logs', sql`order_id = ${id}`)).toBe(before);
    const ok = await tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 1, receivePaymentId: mine.data.id, amount: 10 });
    expect(ok.success, ok.message).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ receive_payment_id: mine.data.id });
  });

  it('a collection into an account deleted while it waited is refused; the account is not left paid into', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 5);
    const templateId = Number((await orderRow(t, tm.ep, id)).template_id);
    const acc = (await tm.admin.client.send(M.receiveSave, { name: '对公账户', method: 1, templateIds: [templateId] })).data.id;
    // The delete of the account (its usage read as none) holds the row while the collection into it waits.
    const paid = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`delete from receive_payment_templates where enterprise_id = ${tm.ep} and receive_payment_id = ${acc}`);
        await tx.execute(sql`delete from receive_payments where enterprise_id = ${tm.ep} and id = ${acc}`);
      },
      () => tm.engineer.client.send(K.collect, { orderId: id, paymentMethod: 1, receivePaymentId: acc, amount: 10 }),
    );
    expect(paid.message).toBe('收款账户：收款账户不存在或不适用于该工单类型');
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ receive_payment_id: null, paid_amount: '0.00' });
  });

  it('deleting an account a collection pays into while the delete waited is refused; the account stays', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 5);
    const templateId = Number((await orderRow(t, tm.ep, id)).template_id);
    const acc = (await tm.admin.client.send(M.receiveSave, { name: '对公账户', method: 1, templateIds: [templateId] })).data.id;
    // A collection holds the account (FOR SHARE) and pays the order into it while the delete waits.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`select 1 from receive_payments where enterprise_id = ${tm.ep} and id = ${acc} for share`);
        await tx.execute(sql`update orders set receive_payment_id = ${acc} where enterprise_id = ${tm.ep} and id = ${id}`);
      },
      () => tm.admin.client.send(M.receiveDelete, { ids: [acc] }),
    );
    expect(del.message).toBe('收款账户已有工单收款记录，不能删除，可停用');
    expect(await countOf(t.deps.db, 'receive_payments', sql`enterprise_id = ${tm.ep} and id = ${acc}`)).toBe(1);
  });
});

describe('edit, employee/edit and linkCustomer', () => {
  it('edit writes and logs only the fields that change; an edit that changes nothing writes nothing', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 1, { priority: 1 });
    const r = await tm.dispatcher.client.send(K.edit, {
      orderId: id,
      title: '空调不制冷',
      priority: 3,
      customPhone: '13800001111',
      gpsAddr: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路88号' },
      customApplyTime: '2026-12-05 10:00:00',
    });
    expect(r).toMatchObject({ success: true, message: '保存成功', data: { id, state: 1 } });
    const [log] = await logsOf(t, tm.ep, id);
    expect(log?.action).toBe('edit');
    expect(Object.keys(log?.changed ?? {}).sort()).toEqual(
      [
        'appointment_at',
        'city_code',
        'custom_phone',
        'district',
        'district_code',
        'full_address',
        'priority',
        'province',
        'province_code',
        'address_detail',
        'search_grams',
      ].sort(),
    );
    expect(await orderRow(t, tm.ep, id)).toMatchObject({
      priority: 3,
      custom_phone: '13800001111',
      full_address: expect.stringContaining('张江路88号'),
      version: 1,
    });
    expect(
      (
        await tm.dispatcher.client.send(K.edit, {
          orderId: id,
          priority: 3,
          title: '空调不制冷',
          customApplyTime: '2026-12-05 10:00:00',
          customPhone: '13800001111',
        })
      ).success,
    ).toBe(true);
    expect((await logsOf(t, tm.ep, id)).length).toBe(1);
    expect((await orderRow(t, tm.ep, id)).version).toBe(1);
  });

  it('edit: collaborators must be service people; copied-to users of the enterprise; the creator may edit, the engineer may not', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 1);
    expect((await tm.dispatcher.client.send(K.edit, { orderId: id, coordinationUserId: [tm.desk.id] })).message).toBe('协作人员：人员不存在或已停用');
    const ok = await tm.dispatcher.client.send(K.edit, { orderId: id, coordinationUserId: [tm.engineer2.id], duplicateUserId: [tm.desk.id] });
    expect(ok.success).toBe(true);
    expect(await countOf(t.deps.db, 'order_people', sql`enterprise_id = ${tm.ep} and order_id = ${id}`)).toBe(2);
    expect((await logsOf(t, tm.ep, id))[0]?.note).toMatch(/^协作人员：.+；抄送人：.+$/);
    const assigned = await orderIn(t, tm, 3);
    expect((await tm.engineer.client.send(K.edit, { orderId: assigned, title: '改标题' })).code).toBe('NO_POWER');
    expect((await tm.employee.client.send(K.edit, { orderId: assigned, title: '改标题' })).code).toBe('NO_POWER');
    // The employee lacks the order desk's power; the acceptance desk may edit any open order.
    expect((await tm.desk.client.send(K.edit, { orderId: assigned, title: '改标题' })).data.state).toBe(3);
  });

  it('employee/edit: the engineer and collaborators fill custom fields and photos while serving; others are refused', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    const f = await withForms(tm, id);
    // Required fields bind the completion, not a save (issue 65, 9): a save with one still empty passes.
    expect((await tm.engineer.client.send(K.employeeEdit, { orderId: id, detailDesc: '先拍照' })).success).toBe(true);
    const r = await tm.engineer.client.send(K.employeeEdit, { orderId: id, ext: { [f.fault]: 'E7' }, detailDesc: '更换电容' });
    expect(r.success).toBe(true);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ ext: { [f.fault]: 'E7' }, detail_desc: '更换电容' });
    expect((await tm.engineer2.client.send(K.employeeEdit, { orderId: id, detailDesc: '我来' })).code).toBe('NOT_FOUND');
    await t.deps.db.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${tm.ep}, ${id}, 4, ${tm.engineer2.id})`);
    expect((await tm.engineer2.client.send(K.employeeEdit, { orderId: id, detailDesc: '我来' })).success).toBe(true);
    expect((await tm.engineer.client.send(K.employeeEdit, { orderId: id, attachments: [987654321] })).message).toBe('文件不存在或已被删除');
  });

  it('a collaborator taken off while his edit waits for the order is refused: the wait ends on the people as they are now', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    // Collaborating and copied: copied alone, he still sees the order but may not edit it.
    const add = (part: number) =>
      t.deps.db.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${tm.ep}, ${id}, ${part}, ${tm.engineer2.id})`);
    await add(4);
    await add(6);
    // An edit of the order's people holds it (as edit and re-dispatch do: the row changes with its people).
    const edit = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`update orders set version = version + 1 where enterprise_id = ${tm.ep} and id = ${id}`);
        await tx.execute(sql`delete from order_people where enterprise_id = ${tm.ep} and order_id = ${id} and part = 4`);
      },
      () => tm.engineer2.client.send(K.employeeEdit, { orderId: id, detailDesc: '我来' }),
    );
    expect(edit).toMatchObject({ success: false, message: NOT_MINE });
    expect((await orderRow(t, tm.ep, id)).detail_desc).not.toBe('我来');
    // Collaborating again, with nothing in between, he may.
    await add(4);
    expect((await tm.engineer2.client.send(K.employeeEdit, { orderId: id, detailDesc: '我来' })).success).toBe(true);
  });

  it('linkCustomer moves the order to another customer of the enterprise with its contact and address', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 2, { installed_product_id: null });
    const customer = await newCustomer(tm.admin.client, { name: '新客户' });
    const r = await tm.dispatcher.client.send(K.linkCustomer, { orderId: id, customerId: customer });
    expect(r.success).toBe(true);
    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({ customer_id: customer, full_address: expect.stringContaining('张江路') });
    expect(o.contact_id).not.toBeNull();
    expect((await logsOf(t, tm.ep, id))[0]).toMatchObject({ action: 'edit', note: '关联客户：新客户' });
    const other = await team(t);
    const foreign = await newCustomer(other.admin.client);
    expect((await tm.dispatcher.client.send(K.linkCustomer, { orderId: id, customerId: foreign })).code).toBe('NOT_FOUND');
    expect((await orderRow(t, tm.ep, id)).customer_id).toBe(customer);
  });
});

describe('the recycle bin', () => {
  it('delAllOrder moves several orders to the bin (all or nothing), restore brings them back, purge deletes only from the bin', async () => {
    const tm = await team(t);
    const a = await orderIn(t, tm, 1);
    const b = await orderIn(t, tm, 5);
    const other = await team(t);
    const foreign = await orderIn(t, other, 1);
    expect((await tm.admin.client.send(K.delAllOrder, { orderIds: [a, foreign] })).code).toBe('NOT_FOUND');
    expect((await orderRow(t, tm.ep, a)).deleted_at).toBeNull();
    expect((await tm.dispatcher.client.send(K.delAllOrder, { orderIds: [a] })).message).toBe(NOT_MINE);
    expect((await tm.admin.client.send(K.delAllOrder, { orderIds: [a, b] })).data).toEqual({ count: 2 });
    expect((await orderRow(t, tm.ep, a)).deleted_by).toBe(tm.admin.id);
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: a, reason: '取消' })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.send(K.purge, { orderIds: [a, foreign] })).code).toBe('NOT_FOUND');

    expect((await tm.admin.client.send(K.restore, { orderIds: [b] })).message).toBe('还原成功');
    expect(await orderRow(t, tm.ep, b)).toMatchObject({ deleted_at: null, state: 5 });
    expect((await tm.admin.client.send(K.restore, { orderIds: [b] })).message).toBe(BAD_STATE);
    expect((await tm.admin.client.send(K.purge, { orderIds: [b] })).code).toBe('NOT_FOUND');
    expect((await tm.dispatcher.client.send(K.purge, { orderIds: [a] })).message).toBe(NOT_MINE);
    expect((await tm.admin.client.send(K.purge, { orderIds: [a] })).data).toEqual({ count: 1 });
    expect(await orderRow(t, tm.ep, a)).toBeUndefined();
    expect(await countOf(t.deps.db, 'order_logs', sql`enterprise_id = ${tm.ep} and order_id = ${a}`)).toBe(0);
    expect((await logsOf(t, tm.ep, b)).map((l) => l.action)).toEqual(['delete', 'restore']);
    expect(await orderRow(t, other.ep, foreign)).toMatchObject({ deleted_at: null });
  });

  it('restore and purge are locked on the free plan; deleting and the other actions are not', async () => {
    const tm = await team(t, 0);
    const id = await orderIn(t, tm, 2);
    expect((await tm.engineer.client.send(K.accept, { orderId: id })).success).toBe(true);
    expect((await tm.admin.client.send(K.delAllOrder, { orderIds: [id] })).success).toBe(true);
    for (const ep of [K.restore, K.purge]) {
      const r = await tm.admin.client.send(ep, { orderIds: [id] });
      expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
      expect(r.message).toMatch(/^免费版不支持回收站，建议升级为VIP版本/);
    }
    expect((await orderRow(t, tm.ep, id)).deleted_at).not.toBeNull();
  });
});

describe('dispatch (minimal assign)', () => {
  it('assigns one service person of role 2 and collaborators of role 2; re-dispatch replaces them', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 1, { service_user_id: null });
    expect((await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.desk.id })).message).toBe(
      '服务人员：人员不存在、已停用或不是服务人员',
    );
    expect((await tm.engineer.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).code).toBe('NO_POWER');
    const stranger = await team(t);
    expect((await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: stranger.engineer.id })).message).toBe(
      '服务人员：人员不存在、已停用或不是服务人员',
    );
    expect(
      (await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id, coordinationUserId: [stranger.engineer.id] })).message,
    ).toBe('协作人员：人员不存在、已停用或不是服务人员');
    expect(await logsOf(t, tm.ep, id)).toEqual([]);
    expect(
      (await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id, coordinationUserId: [tm.engineer2.id] })).data.state,
    ).toBe(2);
    expect(
      (await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer2.id, coordinationUserId: [tm.engineer.id, tm.engineer2.id] })).data
        .state,
    ).toBe(2);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ service_user_id: tm.engineer2.id, dispatcher_id: tm.dispatcher.id });
    const helpers = await rows<{ user_id: number }>(
      t.deps.db,
      sql`select user_id from order_people where enterprise_id = ${tm.ep} and order_id = ${id} and part = 4`,
    );
    expect(helpers.map((h) => Number(h.user_id))).toEqual([tm.engineer.id]);
    expect((await tm.engineer.client.send(K.accept, { orderId: id })).message).toBe(NOT_MINE);
  });
});
