// A plan naming its engineer: checked on save (an engineer of the enterprise, enabled), shown in the list, and its
// generated orders dispatched to him through the dispatch path (state, log, notice) on both generation paths;
// without one, or when he can no longer take it, the enterprise's dispatch rules decide.
import { cycleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { afterCommitSettled } from '../../db/after-commit';
import { loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { generateCycleOrders } from './generate';
import { cycleSetup, planBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const at = (day: string) => new Date(`${day}T02:00:00Z`);
const orderOf = async (ep: number, planId: number) => {
  const [o] = await rows<{ id: number; state: number; service_user_id: number | null }>(
    t.deps.db,
    sql`select o.id, o.state, o.service_user_id from cycle_plan_orders k join orders o on o.enterprise_id = k.enterprise_id and o.id = k.order_id
      where k.enterprise_id = ${ep} and k.plan_id = ${planId}`,
  );
  return o;
};

describe('a cycle plan naming its engineer', () => {
  it('refuses another enterprise’s user, a non-engineer and a disabled engineer in Chinese; lists the engineer', async () => {
    const s = await cycleSetup(t);
    const other = await loggedIn(t.app, t.deps.db, { roles: [2] });
    const clerk = await makeUser(t.deps.db, s.ep, { roles: [1] });
    const off = await makeUser(t.deps.db, s.ep, { roles: [2], enabled: false });
    const eng = await makeUser(t.deps.db, s.ep, { roles: [2], name: '保养王师傅' });
    const before = await countOf(t.deps.db, 'cycle_plans', sql`enterprise_id = ${s.ep}`);
    for (const [id, message] of [
      [other.user.id, '指定工程师：工程师不存在'],
      [clerk.id, '指定工程师：工程师不存在'],
      [off.id, '指定工程师：该工程师已停用，请选择其他工程师'],
    ] as const) {
      const r = await s.admin.client.send(C.planAdd, planBody(s, { engineerId: id }));
      expect(r).toMatchObject({ success: false, message });
    }
    expect(await countOf(t.deps.db, 'cycle_plans', sql`enterprise_id = ${s.ep}`)).toBe(before);

    const made = await s.admin.client.send(C.planAdd, planBody(s, { engineerId: eng.id }));
    expect(made.success).toBe(true);
    const list = await s.admin.client.send(C.planList, {});
    expect(list.data.list[0]).toMatchObject({ engineerId: eng.id, engineerName: '保养王师傅' });
    // Edit: cleared, then refused for the other enterprise's user (the plan keeps none).
    const id = made.data.id;
    expect((await s.admin.client.send(C.planUpdate, { id, ...planBody(s, { engineerId: null }) })).success).toBe(true);
    expect(await s.admin.client.send(C.planUpdate, { id, ...planBody(s, { engineerId: other.user.id }) })).toMatchObject({ success: false });
    expect((await s.admin.client.send(C.planDetail, { id })).data.engineerId).toBeNull();
  });

  it('dispatches the generated orders to him on both paths (log, notice); without him, or disabled since, the rules decide', async () => {
    const s = await cycleSetup(t);
    const eng = await makeUser(t.deps.db, s.ep, { roles: [2], name: '指定工程师甲' });
    const fallback = await makeUser(t.deps.db, s.ep, { roles: [2], name: '默认工程师乙' });
    await t.deps.db.execute(sql`insert into dispatch_settings (enterprise_id, enabled, target_type, target_user_id) values (${s.ep}, true, 1, ${fallback.id})`);
    const add = async (extra: Record<string, unknown>) => {
      const r = await s.admin.client.send(C.planAdd, planBody(s, extra));
      if (!r.success) throw new Error(r.message);
      return r.data.id as number;
    };
    const named = await add({ name: '指定', engineerId: eng.id, startDate: '2026-11-23', dayOfPeriod: 24 });
    const namedOne = await add({ name: '指定逐张', engineerId: eng.id, startDate: '2026-11-23', dayOfPeriod: 25 });
    const ruled = await add({ name: '按规则', startDate: '2026-11-23', dayOfPeriod: 26 });
    const disabled = await add({ name: '已停用', engineerId: eng.id, startDate: '2026-11-23', dayOfPeriod: 27 });

    await generateCycleOrders(t.deps.db, { now: at('2026-11-23'), enterpriseId: s.ep, planIds: [named, ruled] });
    await generateCycleOrders(t.deps.db, { now: at('2026-11-23'), enterpriseId: s.ep, planIds: [namedOne], oneByOne: true });
    // The assignment notice is written after commit, detached from the call (a request's client waits for it).
    await afterCommitSettled();
    for (const id of [named, namedOne]) {
      const o = await orderOf(s.ep, id);
      expect(o).toMatchObject({ state: 2, service_user_id: eng.id });
      const logs = await rows<{ action: string; note: string }>(
        t.deps.db,
        sql`select action, note from order_logs where enterprise_id = ${s.ep} and order_id = ${o?.id} order by id`,
      );
      expect(logs.map((l) => l.action)).toEqual(['create', 'dispatch']);
      expect(logs[1]?.note).toContain('周期计划指定工程师');
      expect(await countOf(t.deps.db, 'notices', sql`enterprise_id = ${s.ep} and user_id = ${eng.id} and link = ${`/allOrder/orderDetail/${o?.id}`}`)).toBe(1);
    }
    expect(await orderOf(s.ep, ruled)).toMatchObject({ state: 2, service_user_id: fallback.id });

    // Disabled after the plan was saved: the order goes by the rules instead of failing.
    await t.deps.db.execute(sql`update users set enabled = false where enterprise_id = ${s.ep} and id = ${eng.id}`);
    await generateCycleOrders(t.deps.db, { now: at('2026-11-23'), enterpriseId: s.ep, planIds: [disabled] });
    expect(await orderOf(s.ep, disabled)).toMatchObject({ state: 2, service_user_id: fallback.id });
  });
});
