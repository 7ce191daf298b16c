import { orderContract as K, slaContract as C, settingsContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { orderRow, type Team, team } from '../orders/actions.fixtures';
import { sweepSla } from './sla.sweep';
import { slaOn } from './test-helpers';

// 启用SLA时效管理: on, a new order's clocks start and the sweep warns; off (the default), no clock starts and
// no SLA notice is sent, even for a clock that started while it was on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const clockCount = async (ep: number, orderId: number) =>
  Number(
    (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_sla_clocks where enterprise_id = ${ep} and order_id = ${orderId}`))[0]?.n,
  );
const slaNotices = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from notices where enterprise_id = ${ep} and kind like 'sla.%'`))[0]?.n);

async function withPolicy(tm: Team) {
  const r = await tm.admin.client.call(C.create, { name: '标准SLA', clocks: [{ type: 2, target: 30, unit: 1, warnMinutes: 10 }] });
  expect(r.success).toBe(true);
}
/** A new order (clocks start on creation), with the dispatcher a warning goes to. */
async function newOrder(tm: Team): Promise<number> {
  const id = (await tm.admin.client.call(K.add, { customerId: await newCustomer(tm.admin.client), title: '漏水' })).data.id as number;
  await t.deps.db.execute(sql`update orders set dispatcher_id = ${tm.dispatcher.id} where enterprise_id = ${tm.ep} and id = ${id}`);
  return id;
}

describe('启用SLA时效管理', () => {
  it('off (the default): a policy exists but no clock starts, the order has no due time', async () => {
    const tm = await team(t);
    const setting = await tm.admin.client.call(S.getByCode, { code: 'sla_enabled' });
    expect(setting.data).toEqual({ code: 'sla_enabled', value: '0' });
    await withPolicy(tm);
    const id = await newOrder(tm);
    expect(await clockCount(tm.ep, id)).toBe(0);
    expect((await orderRow(t, tm.ep, id)).due_at).toBeNull();
    expect((await tm.admin.client.call(C.orderClocks, { orderId: id })).data).toEqual([]);
  });

  it('on (saved on the settings page): the clock starts and the order is due', async () => {
    const tm = await team(t);
    const saved = await tm.admin.client.request('POST', S.batchSave.path, [{ code: 'sla_enabled', value: '1' }]);
    expect(saved.success).toBe(true);
    await withPolicy(tm);
    const id = await newOrder(tm);
    expect(await clockCount(tm.ep, id)).toBe(1);
    expect((await orderRow(t, tm.ep, id)).due_at).not.toBeNull();
  });

  it('turned off after a clock started: the sweep sends no warning; turned on again it does', async () => {
    const tm = await team(t);
    await slaOn(t.deps.db, tm.ep);
    await withPolicy(tm);
    const id = await newOrder(tm);
    expect(await clockCount(tm.ep, id)).toBe(1);
    await slaOn(t.deps.db, tm.ep, false);
    // As if 25 minutes had passed: the warning (at 20 minutes) is due.
    await t.deps.db.execute(
      sql`update order_sla_clocks set warn_at = warn_at - interval '25 minutes', deadline_at = deadline_at - interval '25 minutes' where enterprise_id = ${tm.ep} and order_id = ${id}`,
    );
    await sweepSla(t.deps.db);
    expect(await slaNotices(tm.ep)).toBe(0);

    // A second order of the same enterprise, with SLA on again: its warning is sent.
    await slaOn(t.deps.db, tm.ep);
    const next = await newOrder(tm);
    await t.deps.db.execute(
      sql`update order_sla_clocks set warn_at = warn_at - interval '25 minutes', deadline_at = deadline_at - interval '25 minutes' where enterprise_id = ${tm.ep} and order_id = ${next}`,
    );
    await sweepSla(t.deps.db);
    expect(await slaNotices(tm.ep)).toBe(1);
  });

  it('the free plan cannot switch it on', async () => {
    const tm = await team(t, 0);
    const r = await tm.admin.client.request('POST', S.batchSave.path, [{ code: 'sla_enabled', value: '1' }]);
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
  });
});
