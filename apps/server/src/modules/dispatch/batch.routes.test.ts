import { dispatchContract as D, orderActionsContract as K } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, team, withTeamApp } from '../orders/actions.fixtures';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const CHANGED = '数据已变更，请刷新后重试';
const numberOf = async (id: number) => String((await orderRow(t, tm.ep, id)).order_no);

describe('POST /v2/order/batchDispatch (全部工单 › 批量派单)', () => {
  it('dispatches each order on its own: the pending ones go to the engineer with a log row each, a completed one is reported with the single dispatch’s refusal', async () => {
    const pending = [await orderIn(t, tm, 1), await orderIn(t, tm, 1), await orderIn(t, tm, 1)];
    const done = await orderIn(t, tm, 5);
    const before = await orderRow(t, tm.ep, done);
    // What the single dispatch says about the completed order (and changes nothing).
    const single = await tm.dispatcher.client.send(K.dispatch, { orderId: done, serviceUserId: tm.engineer2.id });
    expect(single.success).toBe(false);

    const ids = [...pending, done];
    const r = await tm.dispatcher.client.send(D.batchDispatch, {
      orderIds: ids,
      expectedStates: [1, 1, 1, 5],
      serviceUserId: tm.engineer2.id,
      note: '批量派单备注',
    });
    expect(r.success, r.message).toBe(true);
    expect(r.data).toMatchObject({ successCount: 3, failCount: 1 });
    expect(r.data.results.map((x) => [x.orderId, x.success])).toEqual(ids.map((id) => [id, id !== done]));
    const refused = r.data.results.find((x) => !x.success);
    expect(refused).toEqual({ orderId: done, orderNo: await numberOf(done), success: false, message: single.message });
    expect(r.message).toBe(`3 条成功，1 条失败：${await numberOf(done)} ${single.message}`);

    for (const id of pending) {
      expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 2, service_user_id: tm.engineer2.id });
      const logs = await logsOf(t, tm.ep, id);
      expect(logs.map((l) => [l.action, l.from_state, l.to_state, l.user_id])).toEqual([['dispatch', 1, 2, tm.dispatcher.id]]);
      expect(logs[0]?.note).toContain('批量派单备注');
    }
    expect(await orderRow(t, tm.ep, done)).toEqual(before);
    expect(await logsOf(t, tm.ep, done)).toEqual([]);
  });

  it('an order that moved since the list showed it answers 数据已变更 in its row; a dispatched one is reassigned (改派) when the list showed it dispatched', async () => {
    const moved = await orderIn(t, tm, 2);
    const fresh = await orderIn(t, tm, 1);
    const reassigned = await orderIn(t, tm, 2);
    const r = await tm.dispatcher.client.send(D.batchDispatch, {
      orderIds: [moved, fresh, reassigned],
      expectedStates: [1, 1, 2],
      serviceUserId: tm.engineer2.id,
    });
    expect(r.success, r.message).toBe(true);
    expect(r.data.results.map((x) => x.message)).toEqual([CHANGED, '派单成功', '派单成功']);
    expect(await orderRow(t, tm.ep, moved)).toMatchObject({ state: 2, service_user_id: tm.engineer.id });
    expect(await orderRow(t, tm.ep, fresh)).toMatchObject({ state: 2, service_user_id: tm.engineer2.id });
    expect(await orderRow(t, tm.ep, reassigned)).toMatchObject({ state: 2, service_user_id: tm.engineer2.id });
    expect((await logsOf(t, tm.ep, reassigned))[0]?.note).toMatch(/^改派：/);
    expect(r.message).toBe(`2 条成功，1 条失败：${await numberOf(moved)} ${CHANGED}`);
  });

  it('refuses the anonymous, a missing CSRF token and a role without dispatch; bad input says why and writes nothing', async () => {
    const id = await orderIn(t, tm, 1);
    const body = { orderIds: [id], serviceUserId: tm.engineer.id };
    expect((await new Client(t.app).send(D.batchDispatch, body)).message).toBe('未登录');
    expect((await tm.dispatcher.client.send(D.batchDispatch, body, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    for (const who of [tm.engineer, tm.employee, tm.keeper]) expect((await who.client.send(D.batchDispatch, body)).code).toBe('NO_POWER');

    const bad = async (b: Record<string, unknown>) => {
      const r = await tm.dispatcher.client.call(D.batchDispatch, b);
      expect(r.success).toBe(false);
      expect(r.code).toBe('VALIDATION');
      return r.message;
    };
    expect(await bad({ orderIds: [id] })).toContain('请选择服务人员或服务商（二选一）');
    expect(await bad({ orderIds: [], serviceUserId: tm.engineer.id })).toContain('请选择工单');
    expect(await bad({ orderIds: Array.from({ length: 101 }, (_, i) => i + 1), serviceUserId: tm.engineer.id })).toContain('一次最多100项');
    expect(await bad({ orderIds: [id], expectedStates: [1, 1], serviceUserId: tm.engineer.id })).toContain('工单状态与工单数量不一致');
    // Not an engineer (the dispatcher himself): one clear refusal for the batch, not one per order.
    expect(await bad({ orderIds: [id], serviceUserId: tm.dispatcher.id })).toContain('服务人员：人员不存在、已停用或不是服务人员');
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, service_user_id: null });
    expect(await logsOf(t, tm.ep, id)).toEqual([]);
  });

  it('another enterprise’s order among the ids: not found, and none of the batch is dispatched', async () => {
    const other = await team(t);
    const theirs = await orderIn(t, other, 1);
    const mine = await orderIn(t, tm, 1);
    const r = await tm.dispatcher.client.send(D.batchDispatch, { orderIds: [mine, theirs], serviceUserId: tm.engineer.id });
    expect(r).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await orderRow(t, tm.ep, mine)).toMatchObject({ state: 1, service_user_id: null });
    expect(await orderRow(t, other.ep, theirs)).toMatchObject({ state: 1, service_user_id: null });
    // Their own engineer is not ours to dispatch to either.
    const r2 = await tm.dispatcher.client.call(D.batchDispatch, { orderIds: [mine], serviceUserId: other.engineer.id });
    expect(r2.success).toBe(false);
    expect(await logsOf(t, tm.ep, mine)).toEqual([]);
  });

  it('8 overlapping batches over the same 4 orders as the list showed them: each order is dispatched exactly once, the rest answer 数据已变更 per row', async () => {
    const ids = [await orderIn(t, tm, 1), await orderIn(t, tm, 1), await orderIn(t, tm, 1), await orderIn(t, tm, 1)];
    const engineers = [tm.engineer.id, tm.engineer2.id];
    const answers = await race(8, (i) =>
      tm.dispatcher.client.send(D.batchDispatch, {
        orderIds: i % 2 ? [...ids].reverse() : ids,
        expectedStates: [1, 1, 1, 1],
        serviceUserId: engineers[i % 2],
      }),
    );
    expect(answers.every((a) => a.success)).toBe(true);
    const rows = answers.flatMap((a, i) => a.data.results.map((x) => ({ ...x, engineer: engineers[i % 2] })));
    expect(rows.filter((x) => x.success).length).toBe(ids.length);
    expect(new Set(rows.filter((x) => !x.success).map((x) => x.message))).toEqual(new Set([CHANGED]));
    for (const id of ids) {
      const wins = rows.filter((x) => x.orderId === id && x.success);
      expect(wins.length).toBe(1);
      expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).toEqual(['dispatch']);
      expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 2, version: 1, service_user_id: wins[0]?.engineer });
    }
  });
});
