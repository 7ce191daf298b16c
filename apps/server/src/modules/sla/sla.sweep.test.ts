import { orderActionsContract as A, orderContract as K, slaContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { drainJobs, enqueue } from '../../platform/jobs';
import { newCustomer } from '../customers/test-helpers';
import { orderRow, team } from '../orders/actions.fixtures';
import { SLA_SWEEP_JOB } from './sla.install';
import { sweepSla } from './sla.sweep';
import { slaOn } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const COLS = ['started_at', 'running_since', 'paused_since', 'deadline_at', 'warn_at', 'breached_at', 'next_escalation_at'];
/** As if the order and its clocks had started `minutes` earlier: every instant moves back (no sleeping). */
async function goBack(ep: number, orderId: number, minutes: number): Promise<void> {
  const i = sql`${minutes} * interval '1 minute'`;
  const sets = COLS.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} - ${i}`);
  await t.deps.db.execute(sql`update order_sla_clocks set ${sql.join(sets, sql`, `)} where enterprise_id = ${ep} and order_id = ${orderId}`);
  await t.deps.db.execute(sql`update orders set due_at = due_at - ${i}, created_at = created_at - ${i} where enterprise_id = ${ep} and id = ${orderId}`);
}
const noticesOf = (ep: number, userId: number) =>
  rows<{ kind: string; title: string; content: string }>(
    t.deps.db,
    sql`select kind, title, content from notices where enterprise_id = ${ep} and user_id = ${userId} and kind like 'sla.%' order by id`,
  );

describe('SLA sweep', () => {
  it('marks at risk, breaches, escalates up the ladder, and the order shows as overdue and is counted', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    const director = await makeUser(t.deps.db, tm.ep, { roles: [10] });
    const c = tm.admin.client;
    await c.call(C.create, {
      name: '标准SLA',
      clocks: [
        { type: 2, target: 30, unit: 1, warnMinutes: 10 },
        { type: 6, target: 1, unit: 3, warnMinutes: 0 },
      ],
      escalation: [
        { afterMinutes: 0, to: 'dispatcher' },
        { afterMinutes: 60, to: 'director' },
      ],
    });
    const customerId = await newCustomer(c);
    const id = (await c.call(K.add, { customerId, title: '漏水' })).data.id;
    const mark = async () => (await c.call(C.orderClocks, { orderId: id })).data[0]!.mark;
    const overdueBadge = async () => (await c.get('/v2/order/getOrderListCount', { orderDue: 0 })).data;

    await goBack(tm.ep, id, 21);
    expect(await sweepSla(t.deps.db)).toEqual({ warned: 1, breached: 0, escalated: 0 });
    expect(await mark()).toBe('atRisk');
    expect(await overdueBadge()).toBe(0);

    await goBack(tm.ep, id, 10);
    expect(await sweepSla(t.deps.db)).toEqual({ warned: 0, breached: 1, escalated: 1 });
    expect(await mark()).toBe('overdue');
    expect(await overdueBadge()).toBe(1);
    expect((await noticesOf(tm.ep, tm.dispatcher.id)).map((n) => n.title)).toEqual([expect.stringMatching(/^工单.+已超时（派单超时）$/)]);
    expect(await noticesOf(tm.ep, director.id)).toEqual([]);
    // Nothing left to do: a second sweep changes nothing.
    expect(await sweepSla(t.deps.db)).toEqual({ warned: 0, breached: 0, escalated: 0 });

    await goBack(tm.ep, id, 60);
    await enqueue(t.deps.db, { kind: SLA_SWEEP_JOB });
    await drainJobs(t.deps);
    expect((await noticesOf(tm.ep, director.id)).map((n) => n.content)).toEqual([expect.stringContaining('第2级升级，通知管理总监')]);

    const range = { startTime: '2000-01-01', endTime: '2999-12-31' };
    expect((await c.call(C.exceedStatistics, range)).data).toEqual([{ key: 2, name: '派单超时', count: 1 }]);
    expect((await c.call(C.exceedStatistics, { ...range, groupBy: 'engineer' })).data).toEqual([{ key: null, name: '未指派', count: 1 }]);
    expect((await c.call(C.exceedStatistics, { ...range, groupBy: 'template' })).data[0]!.count).toBe(1);
    expect((await c.call(C.exceedStatisticsCount, range)).data).toBe(1);
    expect((await c.call(C.exceedStatisticsCount, { ...range, type: 6 })).data).toBe(0);
    expect((await c.call(C.exceedStatisticsCount, { startTime: '2999-01-01', endTime: '2000-01-01' })).message).toBe('结束日期不能早于开始日期');
    expect((await c.call(C.exceedStatistics, { groupBy: 'x' })).message).toBe('统计维度：统计维度不正确');

    // Dispatching late meets the clock; its breach stays counted and the order is due by the next clock.
    expect((await c.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).success).toBe(true);
    expect(await overdueBadge()).toBe(0);
    expect((await orderRow(t, tm.ep, id)).due_at).not.toBeNull();
    expect((await c.call(C.exceedStatisticsCount, range)).data).toBe(1);
  });

  it('counts a breach that happened while the sweep was not running when the clock stops', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    const c = tm.admin.client;
    await c.call(C.create, { name: '受理', clocks: [{ type: 2, target: 5, unit: 1, warnMinutes: 0 }] });
    const customerId = await newCustomer(c);
    const id = (await c.call(K.add, { customerId, title: '门锁' })).data.id;
    await goBack(tm.ep, id, 6);
    expect((await c.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).success).toBe(true);
    expect((await c.call(C.exceedStatisticsCount, {})).data).toBe(1);
    expect(await sweepSla(t.deps.db)).toMatchObject({ breached: 0 });
  });
});
