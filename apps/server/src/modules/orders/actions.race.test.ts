import { orderActionsContract as K } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, withTeamApp } from './actions.fixtures';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const BAD_STATE = '当前工单状态不允许该操作';
const CHANGED = '数据已变更，请刷新后重试';

/** One winner: one log row of the action, and the order at the logged state with its version bumped once. */
async function oneWinner(id: number, action: string, to: number) {
  const logs = await logsOf(t, tm.ep, id);
  expect(logs.map((l) => [l.action, l.to_state])).toEqual([[action, to]]);
  expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: to, version: 1 });
}

describe('20 parallel requests on one order over HTTP', () => {
  it('accepts by its engineer: one wins, the others are told the order has moved on', async () => {
    const id = await orderIn(t, tm, 2);
    const answers = await race(20, () => tm.engineer.client.send(K.accept, { orderId: id }));
    expect(tally(answers)).toEqual({ ok: 1, [BAD_STATE]: 19 });
    await oneWinner(id, 'accept', 3);
  });

  it('accepts sent with the state the page showed: one wins, the others answer 数据已变更', async () => {
    const id = await orderIn(t, tm, 2);
    const answers = await race(20, () => tm.engineer.client.send(K.accept, { orderId: id, expectedState: 2 }));
    expect(tally(answers)).toEqual({ ok: 1, [CHANGED]: 19 });
    await oneWinner(id, 'accept', 3);
  });

  it('approvals (examine/save) of one creation approval, half approving and half rejecting: one decision', async () => {
    const id = await orderIn(t, tm, 7, { examine_type: 1, examine_result: 0 });
    const answers = await race(20, (i) => tm.dispatcher.client.send(K.examine, { orderId: id, examineType: 1, result: i % 2 ? 1 : 2, note: '审核意见' }));
    expect(tally(answers)).toEqual({ ok: 1, [BAD_STATE]: 19 });
    const [log] = await logsOf(t, tm.ep, id);
    const to = log?.action === 'approve' ? 1 : 6;
    await oneWinner(id, String(log?.action), to);
    expect((await orderRow(t, tm.ep, id)).examine_result).toBe(to === 1 ? 1 : 2);
  });

  it('approvals of one completion approval: one approves, the order is completed once', async () => {
    const id = await orderIn(t, tm, 7, { examine_type: 2, examine_result: 0 });
    const answers = await race(20, () => tm.admin.client.send(K.examine, { orderId: id, examineType: 2, result: 1 }));
    expect(tally(answers)).toEqual({ ok: 1, [BAD_STATE]: 19 });
    await oneWinner(id, 'approve', 5);
  });

  it('cancels by the dispatcher: one cancellation', async () => {
    const id = await orderIn(t, tm, 3);
    const answers = await race(20, (i) => tm.dispatcher.client.send(K.cancel, { orderId: id, reason: `客户取消${i}` }));
    expect(tally(answers)).toEqual({ ok: 1, [BAD_STATE]: 19 });
    await oneWinner(id, 'cancel', 6);
  });

  it('a cancel racing the engineer’s start: exactly one of them happens', async () => {
    const id = await orderIn(t, tm, 3);
    const answers = await race(20, (i) =>
      i % 2 ? tm.dispatcher.client.send(K.cancel, { orderId: id, reason: '取消' }) : tm.engineer.client.send(K.startService, { orderId: id }),
    );
    const logs = await logsOf(t, tm.ep, id);
    const o = await orderRow(t, tm.ep, id);
    // Start then cancel is a legal sequence (staff may cancel in service); cancel then start is not.
    expect(answers.filter((a) => a.success).length).toBe(logs.length);
    expect(logs.map((l) => l.action)).toEqual(logs.length === 2 ? ['startService', 'cancel'] : [logs[0]?.action]);
    expect(o.version).toBe(logs.length);
    expect(o.state).toBe(logs.at(-1)?.to_state);
  });

  it('edits sent with the version the page showed (an action that keeps the state): one wins, the others answer 数据已变更', async () => {
    const id = await orderIn(t, tm, 1);
    const answers = await race(20, (i) => (i % 2 ? tm.dispatcher : tm.desk).client.send(K.edit, { orderId: id, title: `标题${i}`, version: 0 }));
    expect(tally(answers)).toEqual({ ok: 1, [CHANGED]: 19 });
    const [log] = await logsOf(t, tm.ep, id);
    await oneWinner(id, 'edit', 1);
    expect((await orderRow(t, tm.ep, id)).title).toBe(log?.changed?.title);
  });

  it('edits without a version by two desks at once: applied one after the other, each logged with its own change', async () => {
    const id = await orderIn(t, tm, 1);
    const answers = await race(20, (i) => (i % 2 ? tm.dispatcher : tm.desk).client.send(K.edit, { orderId: id, title: `标题${i}` }));
    expect(tally(answers)).toEqual({ ok: 20 });
    const logs = await logsOf(t, tm.ep, id);
    expect(logs.length).toBe(20);
    const o = await orderRow(t, tm.ep, id);
    expect(o.version).toBe(20);
    expect(o.title).toBe(logs.at(-1)?.changed?.title);
  });
});
