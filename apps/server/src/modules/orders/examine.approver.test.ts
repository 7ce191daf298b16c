import { orderActionsContract as K, orderDetailContract as D } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { orderIn, orderRow, team } from './actions.fixtures';

/** A process's named approver (a person, or the order's dispatcher) decides that order's approval without the 审核 power. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const denied = (ep: number, userId: number) =>
  rows(
    t.deps.db,
    sql`select 1 from security_log where enterprise_id = ${ep} and user_id = ${userId} and action = 'power_denied' and detail->>'path' = '/order/examine/save'`,
  );

describe('examine/save by the process’s named approver', () => {
  it('a named person without the power approves that order; not another order, and others without the power still get NO_POWER', async () => {
    const tm = await team(t);
    // The employee (role 4) holds no 审核 power.
    const named = { createApproval: true, approvers: { create: { by: 'user', userId: tm.employee.id } } };
    // Made by the dispatcher: the employee is not on either order.
    const id = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0, process: named, created_by: tm.dispatcher.id });
    const other = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0, process: { createApproval: true }, created_by: tm.dispatcher.id });

    expect((await tm.engineer.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).code).toBe('NO_POWER');
    expect(await denied(tm.ep, tm.engineer.id)).toHaveLength(1);
    expect((await tm.employee.client.send(K.examine, { orderId: other, examineType: 1, result: 1 })).code).toBe('NO_POWER');
    // Someone with the power who is not the named person: the machine's answer.
    expect((await tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).code).toBe('ORDER_NOT_APPROVER');
    // An id that does not exist or belongs to nobody's approval says nothing more than NO_POWER.
    expect((await tm.employee.client.send(K.examine, { orderId: 987654321, examineType: 1, result: 1 })).code).toBe('NO_POWER');

    // The named approver is not on the order, yet opens it (待我审批 is the 审核 power's page); the other order stays hidden.
    expect((await tm.employee.client.send(D.orderDetail, { orderId: id })).success).toBe(true);
    expect((await tm.employee.client.send(D.orderDetail, { orderId: other })).code).toBe('NOT_FOUND');

    const r = await tm.employee.client.send(K.examine, { orderId: id, examineType: 1, result: 1 });
    expect(r).toMatchObject({ success: true, message: '审核成功', data: { state: 1 } });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ examine_result: 1, create_examine_operator_id: tm.employee.id });
    expect(await orderRow(t, tm.ep, other)).toMatchObject({ state: 7, examine_result: 0 });
    // Decided: nothing is pending any more, so the power gate closes again, and the order is out of sight.
    expect((await tm.employee.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).code).toBe('NO_POWER');
    expect((await tm.employee.client.send(D.orderDetail, { orderId: id })).code).toBe('NOT_FOUND');
  });

  it('the order’s dispatcher as approver: the dispatcher decides without the power; the engineer and another enterprise’s named user may not', async () => {
    const tm = await team(t);
    const outsider = await team(t);
    // engineer2 (role 2, no 审核 power) is this order's dispatcher.
    const process = { completeApproval: true, approvers: { complete: { by: 'dispatcher' } } };
    const id = await orderIn(t, tm, 7, { examine_type: 2, examine_result: 0, process, dispatcher_id: tm.engineer2.id });
    expect((await tm.engineer.client.send(K.examine, { orderId: id, examineType: 2, result: 1 })).code).toBe('NO_POWER');
    expect((await outsider.engineer.client.send(K.examine, { orderId: id, examineType: 2, result: 1 })).code).toBe('NO_POWER');
    // Only the approval the order waits for.
    expect((await tm.engineer2.client.send(K.examine, { orderId: id, examineType: 1, result: 1 })).message).toBe('审核类型：该工单待审核的是完成审核');
    expect((await tm.engineer2.client.send(K.examine, { orderId: id, examineType: 2, result: 2, note: '照片不清楚' })).data?.state).toBe(4);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 4, examine_result: 2, complete_examine_operator_id: tm.engineer2.id });
  });
});

describe('the named approver is told', () => {
  it('gets one in-app notice when the order starts waiting for them, with a link to it; nobody else does', async () => {
    const tm = await team(t);
    const process = { completeApproval: true, approvers: { complete: { by: 'user', userId: tm.employee.id } } };
    const id = await orderIn(t, tm, 4, { process, created_by: tm.dispatcher.id });
    expect((await tm.engineer.client.send(K.applyEndService, { orderId: id })).data?.state).toBe(7);
    const told = await rows(t.deps.db, sql`select user_id, title, link from notices where enterprise_id = ${tm.ep} and kind = 'order_approval'`);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ user_id: tm.employee.id, link: `/allOrder/orderDetail/${id}` });
    expect(String(told[0]?.title)).toMatch(/等待您完成审核$/);
  });
});
