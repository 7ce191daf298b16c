import { ORDER_PEOPLE_PARTS } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { makeEnterprise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { outcomes, raceCalls } from '../../test/race';
import { beforeOrderStep, moveOrder, orderAbilities } from './order.state';
import type { OrderRecord } from './orders.repo';
import { insertOrder, orderViewer } from './test-helpers';
import type { SystemActor } from '../../platform/actor';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const orderRow = async (ep: number, id: number) =>
  (await rows<OrderRecord>(t.deps.db, sql`select * from orders where enterprise_id = ${ep} and id = ${id}`))[0]!;
const logs = (ep: number, id: number) =>
  rows<{ from_state: number | null; to_state: number; action: string; user_id: number; note: string | null }>(
    t.deps.db,
    sql`select from_state, to_state, action, user_id, note from order_logs where enterprise_id = ${ep} and order_id = ${id} order by id`,
  );
const abilities = async (v: SystemActor, id: number) => orderAbilities(t.deps.db, v, await orderRow(v.enterpriseId, id));
const codeOf = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${String(e)}`);

async function people() {
  const ep = await makeEnterprise(t.deps.db);
  return {
    ep,
    dispatcher: await orderViewer(t.deps.db, ep, 1),
    engineer: await orderViewer(t.deps.db, ep, 2),
    admin: await orderViewer(t.deps.db, ep, 3),
    other: await orderViewer(t.deps.db, ep, 2),
  };
}

describe('moveOrder', () => {
  it('dispatch → accept → start → complete → archive, each with its columns, a log row and the right abilities', async () => {
    const { ep, dispatcher, engineer, admin } = await people();
    const id = await insertOrder(t.deps.db, ep);
    expect(await abilities(engineer, id)).toEqual([]);
    expect(await abilities(dispatcher, id)).toEqual(['keepDate', 'dispatch', 'cancel', 'edit']);
    await moveOrder(t.deps.db, dispatcher, id, 'dispatch', { patch: { service_user_id: engineer.id }, note: '派给张师傅' });
    expect(await orderRow(ep, id)).toMatchObject({ state: 2, service_user_id: engineer.id, dispatcher_id: dispatcher.id, version: 1 });
    expect(await abilities(engineer, id)).toEqual(['accept', 'refuseOrder', 'applyAbnormalOrder']);
    await moveOrder(t.deps.db, engineer, id, 'accept');
    await moveOrder(t.deps.db, engineer, id, 'startService');
    await moveOrder(t.deps.db, engineer, id, 'serviceComplete');
    await moveOrder(t.deps.db, admin, id, 'archive');
    const o = await orderRow(ep, id);
    expect(o).toMatchObject({ state: 5, taken_by: engineer.id, place_state: 1, version: 5 });
    for (const col of ['dispatched_at', 'taken_at', 'started_at', 'finished_at', 'archived_at'] as const) expect(o[col]).not.toBeNull();
    expect(await logs(ep, id)).toEqual([
      { from_state: 1, to_state: 2, action: 'dispatch', user_id: dispatcher.id, note: '派给张师傅' },
      { from_state: 2, to_state: 3, action: 'accept', user_id: engineer.id, note: null },
      { from_state: 3, to_state: 4, action: 'startService', user_id: engineer.id, note: null },
      { from_state: 4, to_state: 5, action: 'serviceComplete', user_id: engineer.id, note: null },
      { from_state: 5, to_state: 5, action: 'archive', user_id: admin.id, note: null },
    ]);
    expect(await abilities(admin, id)).toEqual(['delete']);
  });

  it('completion approval: apply to end service, reject back to service, approve to completed', async () => {
    const { ep, engineer, dispatcher } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 4, service_user_id: engineer.id, process: { completeApproval: true } });
    await expect(moveOrder(t.deps.db, engineer, id, 'serviceComplete')).rejects.toMatchObject({ message: '该工单完成需要审核，请申请结束服务' });
    await moveOrder(t.deps.db, engineer, id, 'applyEndService');
    expect(await orderRow(ep, id)).toMatchObject({ state: 7, examine_type: 2, examine_result: 0 });
    await expect(moveOrder(t.deps.db, engineer, id, 'approve')).rejects.toMatchObject({ code: 'ORDER_NOT_APPROVER' });
    await moveOrder(t.deps.db, dispatcher, id, 'reject', { note: '缺少签名' });
    expect(await orderRow(ep, id)).toMatchObject({ state: 4, examine_result: 2, complete_examine_operator_id: dispatcher.id });
    await moveOrder(t.deps.db, engineer, id, 'applyEndService');
    await moveOrder(t.deps.db, dispatcher, id, 'approve');
    const o = await orderRow(ep, id);
    expect(o).toMatchObject({ state: 5, examine_result: 1 });
    expect(o.finished_at).not.toBeNull();
  });

  it('refuses the wrong person, another enterprise, a moved order and an order in the recycle bin, changing nothing', async () => {
    const { ep, engineer, other, admin } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 2, service_user_id: engineer.id });
    // Not his order: not found, as another enterprise's; his (he created it) but not his to accept: refused as such.
    await expect(moveOrder(t.deps.db, other, id, 'accept')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await t.deps.db.execute(sql`update orders set created_by = ${other.id} where enterprise_id = ${ep} and id = ${id}`);
    await expect(moveOrder(t.deps.db, other, id, 'accept')).rejects.toMatchObject({ message: '您不是该工单的相关处理人，不能执行该操作' });
    const stranger = await orderViewer(t.deps.db, await makeEnterprise(t.deps.db), 3);
    await expect(moveOrder(t.deps.db, stranger, id, 'cancel')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(moveOrder(t.deps.db, engineer, id, 'accept', { expected: 1 })).rejects.toMatchObject({ message: '数据已变更，请刷新后重试' });
    await expect(moveOrder(t.deps.db, engineer, id, 'startService')).rejects.toMatchObject({ message: '当前工单状态不允许该操作' });
    expect(await orderRow(ep, id)).toMatchObject({ state: 2, version: 0 });
    expect(await logs(ep, id)).toEqual([]);
    await moveOrder(t.deps.db, admin, id, 'delete');
    await expect(moveOrder(t.deps.db, engineer, id, 'accept')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await moveOrder(t.deps.db, admin, id, 'restore');
    await moveOrder(t.deps.db, engineer, id, 'accept');
    expect((await logs(ep, id)).map((l) => l.action)).toEqual(['delete', 'restore', 'accept']);
  });

  it('collaborators and copied-to users by their part in order_people', async () => {
    const { ep, engineer, other } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 4, service_user_id: engineer.id });
    expect(await abilities(other, id)).toEqual([]);
    await t.deps.db.execute(
      sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${ep}, ${id}, ${ORDER_PEOPLE_PARTS.collaborator}, ${other.id})`,
    );
    expect(await abilities(other, id)).toEqual(['employeeEdit']);
  });

  it('a check at an order-step hook point refuses the step with its message', async () => {
    const { ep, engineer } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 3, service_user_id: engineer.id, title: '需要照片' });
    const off = beforeOrderStep('startService', async (h) => {
      if (h.current.title === '需要照片') throw new AppError('VALIDATION', { detail: '请先上传现场照片' });
    });
    try {
      await expect(moveOrder(t.deps.db, engineer, id, 'startService')).rejects.toMatchObject({ message: '请先上传现场照片' });
      expect(await orderRow(ep, id)).toMatchObject({ state: 3 });
    } finally {
      off();
    }
    await moveOrder(t.deps.db, engineer, id, 'startService');
  });
});

describe('races on one order', () => {
  it('20 parallel accepts by its engineer: one wins, one log row, no other error', async () => {
    const { ep, engineer } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 2, service_user_id: engineer.id });
    const { values, errors } = outcomes(await raceCalls(20, () => moveOrder(t.deps.db, engineer, id, 'accept')));
    expect(values).toHaveLength(1);
    expect(new Set(errors.map(codeOf))).toEqual(new Set(['ORDER_INVALID_TRANSITION']));
    expect((await logs(ep, id)).map((l) => l.action)).toEqual(['accept']);
  });

  it('20 parallel archives (an action that keeps the state): the version lets exactly one win', async () => {
    const { ep, admin } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 5 });
    const { values, errors } = outcomes(await raceCalls(20, () => moveOrder(t.deps.db, admin, id, 'archive')));
    expect(values).toHaveLength(1);
    expect(new Set(errors.map(codeOf))).toEqual(new Set(['ORDER_INVALID_TRANSITION']));
    expect(await logs(ep, id)).toHaveLength(1);
    expect(await orderRow(ep, id)).toMatchObject({ place_state: 1, version: 1 });
  });

  it('20 parallel approvals and rejections of one creation approval: one decision and a consistent log', async () => {
    const { ep, dispatcher } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 7, examine_type: 1, examine_result: 0 });
    const { values } = outcomes(await raceCalls(20, (i) => moveOrder(t.deps.db, dispatcher, id, i % 2 ? 'approve' : 'reject')));
    expect(values).toHaveLength(1);
    const l = await logs(ep, id);
    expect(l).toHaveLength(1);
    expect(l[0]).toMatchObject({ from_state: 7, to_state: values[0]?.to });
    expect(await orderRow(ep, id)).toMatchObject({ state: values[0]?.to, examine_result: values[0]?.to === 1 ? 1 : 2, version: 1 });
  });

  it('20 parallel cancels: one cancellation', async () => {
    const { ep, dispatcher } = await people();
    const id = await insertOrder(t.deps.db, ep, { state: 3 });
    const { values, errors } = outcomes(await raceCalls(20, () => moveOrder(t.deps.db, dispatcher, id, 'cancel', { note: '客户取消' })));
    expect(values).toHaveLength(1);
    expect(new Set(errors.map(codeOf))).toEqual(new Set(['ORDER_INVALID_TRANSITION']));
    expect(await logs(ep, id)).toEqual([expect.objectContaining({ from_state: 3, to_state: 6, action: 'cancel', note: '客户取消' })]);
  });
});
