import { dispatchContract as D, orderContract } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { logsOf, orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';
import { AppError } from '../../platform/errors';
import { beforeOrderStep } from '../orders/order.state';
import { defaultAssigneeFor } from './assignee';
import { engineerOf, groupOf, productIn, providerOf, templateOf } from './dispatch.fixtures';

let t: TestApp;
let tm: Team;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A fresh team per case: each enterprise's rules are its own. */
const fresh = async () => {
  tm = await team(t);
  return tm;
};
const rule = (body: Record<string, unknown>) => tm.admin.client.send(D.ruleCreate, { name: '规则', ...body });
const who = (orderId: number) => defaultAssigneeFor(t.deps.db, tm.ep, orderId);

interface Case {
  kind: string;
  /** The order the rule should match, and one it should not. */
  orders: (tm: Team) => Promise<{ hit: number; miss: number; condition: Record<string, unknown> }>;
}

const CASES: Case[] = [
  {
    kind: '1 工单类型',
    orders: async (tm) => {
      const hit = await orderIn(t, tm, 1);
      const miss = await orderIn(t, tm, 1);
      return { hit, miss, condition: { kind: 1, templateId: await templateOf(t, tm.ep, hit) } };
    },
  },
  {
    kind: '2 服务区域 (district, city or province code)',
    orders: async (tm) => {
      const hit = await orderIn(t, tm, 1, { province_code: '31', city_code: '3101', district_code: '310115' });
      const miss = await orderIn(t, tm, 1, { province_code: '32', city_code: '3201', district_code: '320102' });
      return { hit, miss, condition: { kind: 2, areaCode: '3101' } };
    },
  },
  {
    kind: '3 服务团队',
    orders: async (tm) => {
      const g = await groupOf(t, tm.ep, '华东组', []);
      const hit = await orderIn(t, tm, 1, { service_group_id: g });
      const miss = await orderIn(t, tm, 1);
      return { hit, miss, condition: { kind: 3, groupId: g } };
    },
  },
  {
    kind: '4 产品分类',
    orders: async (tm) => {
      const hit = await orderIn(t, tm, 1, { installed_product_id: await productIn(t, tm.ep, '空调') });
      const miss = await orderIn(t, tm, 1, { installed_product_id: await productIn(t, tm.ep, '冰箱') });
      return { hit, miss, condition: { kind: 4, category: '空调' } };
    },
  },
];

describe('the rule table: each kind matches its orders and names its target', () => {
  for (const c of CASES) {
    it(`kind ${c.kind}: to a person, the least-loaded of a team, a provider; disabled rules and unmatched orders fall to the default`, async () => {
      await fresh();
      const { hit, miss, condition } = await c.orders(tm);
      const r = await rule({ ...condition, targetType: 1, targetUserId: tm.engineer.id });
      expect(r).toMatchObject({ success: true, message: '保存成功' });
      expect(await who(hit)).toMatchObject({ source: 'rule', ruleId: r.data.id, userId: tm.engineer.id });
      expect(await who(miss)).toMatchObject({ source: 'none', userId: null });

      // A team: its engineer with the fewest open orders (engineer has one open order, engineer2 none).
      await orderIn(t, tm, 3);
      const g = await groupOf(t, tm.ep, `组${c.kind}`, [tm.engineer.id, tm.engineer2.id]);
      await tm.admin.client.send(D.ruleUpdate, { id: r.data.id, name: '规则', ...condition, targetType: 2, targetGroupId: g });
      expect(await who(hit)).toMatchObject({ source: 'rule', userId: tm.engineer2.id });

      const p = await providerOf(t, tm.ep, `服务商${c.kind}`, 3);
      await tm.admin.client.send(D.ruleUpdate, { id: r.data.id, name: '规则', ...condition, targetType: 3, targetProviderId: p });
      expect(await who(hit)).toMatchObject({ source: 'rule', userId: null, providerId: p });

      await tm.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 1, targetUserId: tm.engineer2.id });
      expect(await who(miss)).toMatchObject({ source: 'default', userId: tm.engineer2.id });
      await tm.admin.client.send(D.ruleUpdate, { id: r.data.id, name: '规则', ...condition, targetType: 3, targetProviderId: p, enabled: false });
      expect(await who(hit)).toMatchObject({ source: 'default', userId: tm.engineer2.id });
    });
  }

  it('rules are tried in their order; one whose target cannot take the order (empty team, disabled provider) passes to the next', async () => {
    await fresh();
    const id = await orderIn(t, tm, 1, { province_code: '31', city_code: '3101', district_code: '310115' });
    const empty = await groupOf(t, tm.ep, '空组', []);
    const off = await providerOf(t, tm.ep, '停用服务商', 1, true);
    await rule({ name: '空团队', kind: 2, areaCode: '31', targetType: 2, targetGroupId: empty, sort: 1 });
    await rule({ name: '服务商', kind: 2, areaCode: '310115', targetType: 3, targetProviderId: off, sort: 2 });
    await rule({ name: '兜底', kind: 2, areaCode: '3101', targetType: 1, targetUserId: tm.engineer2.id, sort: 3 });
    expect(await who(id)).toMatchObject({ ruleName: '服务商', providerId: off });
    await t.deps.db.execute(sql`update service_providers set enabled = false where enterprise_id = ${tm.ep} and id = ${off}`);
    expect(await who(id)).toMatchObject({ ruleName: '兜底', userId: tm.engineer2.id });
  });

  it('the default "order’s own team" picks the least-loaded engineer of the order’s group', async () => {
    await fresh();
    const g = await groupOf(t, tm.ep, '本组', [tm.engineer.id, tm.engineer2.id]);
    await orderIn(t, tm, 2, { service_user_id: tm.engineer2.id });
    await orderIn(t, tm, 3, { service_user_id: tm.engineer2.id });
    const id = await orderIn(t, tm, 1, { service_group_id: g });
    await tm.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 4 });
    expect(await who(id)).toMatchObject({ source: 'default', userId: tm.engineer.id });
    expect(await who(await orderIn(t, tm, 1))).toMatchObject({ source: 'none' });
  });
});

describe('automatic dispatch at creation', () => {
  it('a new order goes to the rule’s engineer as a dispatch by the system (logged with no user), with the rule named', async () => {
    await fresh();
    const customer = await newCustomer(tm.admin.client);
    const eng = await engineerOf(t, tm.ep, '自动工程师');
    await rule({ name: '上海浦东', kind: 2, areaCode: '310115', targetType: 1, targetUserId: eng });
    const r = await tm.employee.client.send(orderContract.add, { customerId: customer, title: '自动派单' });
    expect(r.success).toBe(true);
    expect(await orderRow(t, tm.ep, r.data.id)).toMatchObject({ state: 2, service_user_id: eng, dispatcher_id: null });
    const logs = await logsOf(t, tm.ep, r.data.id);
    expect(logs.map((l) => [l.action, l.from_state, l.to_state, l.user_id])).toEqual([
      ['create', null, 1, tm.employee.id],
      ['dispatch', 1, 2, null],
    ]);
    expect(logs[1]?.note).toBe('服务人员：自动工程师；自动派单（规则：上海浦东）');
    const timeline = await tm.admin.client.get('/v2/order/logs', { orderId: r.data.id });
    expect(timeline.data.at(-1)).toMatchObject({ action: 'dispatch', user: null });
  });

  it('with nothing matching, the order waits on the desk untouched (one log row, version 0)', async () => {
    await fresh();
    const customer = await newCustomer(tm.admin.client);
    const r = await tm.employee.client.send(orderContract.add, { customerId: customer, title: '无规则' });
    expect(await orderRow(t, tm.ep, r.data.id)).toMatchObject({ state: 1, service_user_id: null, version: 0 });
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_logs where enterprise_id = ${tm.ep} and order_id = ${r.data.id}`);
    expect(n?.n).toBe(1);
  });

  it('a dispatch-step check that refuses leaves the new order waiting on the desk; its creation still succeeds', async () => {
    await fresh();
    const customer = await newCustomer(tm.admin.client);
    await tm.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 1, targetUserId: tm.engineer.id });
    const off = beforeOrderStep('dispatch', async (h) => {
      if (h.enterpriseId === tm.ep) throw new AppError('VALIDATION', { detail: '派单前须填写故障类型' });
    });
    try {
      const r = await tm.employee.client.send(orderContract.add, { customerId: customer, title: '被拒的自动派单' });
      expect(r.success).toBe(true);
      expect(await orderRow(t, tm.ep, r.data.id)).toMatchObject({ state: 1, service_user_id: null, version: 0 });
      expect((await logsOf(t, tm.ep, r.data.id)).map((l) => l.action)).toEqual(['create']);
    } finally {
      off();
    }
  });

  it('/order/progress/defaultUser answers the same assignee; another enterprise’s order is not found', async () => {
    await fresh();
    const id = await orderIn(t, tm, 1);
    await tm.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 1, targetUserId: tm.engineer.id });
    const a = await tm.dispatcher.client.send(D.defaultUser, { orderId: id });
    expect(a).toMatchObject({ success: true, data: { source: 'default', userId: tm.engineer.id, userName: expect.any(String) } });
    const other = await team(t);
    expect((await other.dispatcher.client.send(D.defaultUser, { orderId: id })).code).toBe('NOT_FOUND');
    expect((await tm.engineer.client.send(D.defaultUser, { orderId: id })).code).toBe('NO_POWER');
    expect((await tm.dispatcher.client.send(D.defaultUser, { orderId: 'x' })).code).toBe('VALIDATION');
  });
});
