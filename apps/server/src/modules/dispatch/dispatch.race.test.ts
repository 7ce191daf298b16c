import { dispatchContract as D, orderActionsContract as K } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, withTeamApp } from '../orders/actions.fixtures';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const CHANGED = '数据已变更，请刷新后重试';

describe('parallel dispatch of the same orders on PostgreSQL', () => {
  it('10 batch designates over the same 5 orders (alternating engineers): one batch wins, each order is dispatched once with one log row', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await orderIn(t, tm, 1));
    const engineers = [tm.engineer.id, tm.engineer2.id];
    // Overlapping batches in different orders: the locks are taken in id order, so they queue instead of deadlocking.
    const answers = await race(10, (i) =>
      tm.dispatcher.client.call(D.batchDesignate, { orderIds: i % 2 ? [...ids].reverse() : ids, serviceUserId: engineers[i % 2] }),
    );
    expect(tally(answers)).toEqual({ ok: 1, [CHANGED]: 9 });
    const winner = engineers[answers.findIndex((a) => a.success) % 2];
    for (const id of ids) {
      expect((await logsOf(t, tm.ep, id)).map((l) => [l.action, l.to_state])).toEqual([['dispatch', 2]]);
      expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 2, version: 1, service_user_id: winner });
    }
  });

  it('20 dispatches of one order as the desk showed it (state 1), to different engineers: one wins', async () => {
    const id = await orderIn(t, tm, 1);
    const answers = await race(20, (i) =>
      tm.dispatcher.client.call(K.dispatch, { orderId: id, expectedState: 1, serviceUserId: i % 2 ? tm.engineer.id : tm.engineer2.id }),
    );
    expect(tally(answers)).toEqual({ ok: 1, [CHANGED]: 19 });
    expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).toEqual(['dispatch']);
  });

  it('a batch and single dispatches racing on shared orders: every order dispatched once', async () => {
    const ids = [await orderIn(t, tm, 1), await orderIn(t, tm, 1), await orderIn(t, tm, 1)];
    const answers = await race<unknown>(12, (i) =>
      i % 3 === 0
        ? tm.dispatcher.client.call(D.batchDesignate, { orderIds: ids, serviceUserId: tm.engineer.id })
        : tm.dispatcher.client.call(K.dispatch, { orderId: ids[i % 3], expectedState: 1, serviceUserId: tm.engineer2.id }),
    );
    expect(answers.every((a) => a.success || a.message === CHANGED)).toBe(true);
    // The singles reach orders 2 and 3 only: each of those is dispatched once (by a batch or a single), order 1 once if a batch won.
    const batchWins = answers.filter((a, i) => i % 3 === 0 && a.success).length;
    expect(batchWins).toBeLessThanOrEqual(1);
    expect((await logsOf(t, tm.ep, ids[0] as number)).length).toBe(batchWins);
    for (const id of ids.slice(1)) expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).toEqual(['dispatch']);
  });
});
