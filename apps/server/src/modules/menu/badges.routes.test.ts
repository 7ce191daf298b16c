import { BADGE_COUNT_PATHS, badgeCountContract as B } from '@sk/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { type BadgeCountCtx, registerBadgeCount, saveBadgeCounts, unregisterBadgeCount } from './badges';

let t: TestApp;
let restoreCounts: () => void;
beforeAll(async () => {
  t = await createTestApp();
  restoreCounts = saveBadgeCounts();
  // The areas' real counts (orders) plug in at import; these tests use their own.
  for (const p of BADGE_COUNT_PATHS) unregisterBadgeCount(p);
});
// The next file in this worker gets the real counts back.
afterAll(async () => {
  restoreCounts();
  await t.close();
});
afterEach(() => {
  for (const p of BADGE_COUNT_PATHS) unregisterBadgeCount(p);
});

describe('badge count paths', () => {
  it('answers 0 on every listed path until an area plugs in its count', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    for (const path of BADGE_COUNT_PATHS) {
      const r = await client.get(path, { dataType: 1 });
      expect(r, path).toMatchObject({ success: true, data: 0 });
    }
  });

  it('answers 未登录 without a session', async () => {
    for (const path of BADGE_COUNT_PATHS) expect((await new Client(t.app).get(path)).message).toBe('未登录');
    expect((await new Client(t.app).call(B.mobileCount)).message).toBe('未登录');
    expect((await new Client(t.app).call(B.waitToDoList)).message).toBe('未登录');
  });

  it('calls a plugged-in count with the session enterprise and the raw query', async () => {
    const seen: BadgeCountCtx[] = [];
    registerBadgeCount('/v2/order/getOrderListCount', async (ctx) => {
      seen.push(ctx);
      return ctx.query.orderDue === '0' ? 7 : 42;
    });
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [1] });
    expect((await client.get('/v2/order/getOrderListCount', { orderDue: 0 })).data).toBe(7);
    expect((await client.get('/v2/order/getOrderListCount', { title: '空调' })).data).toBe(42);
    expect(seen.map((c) => c.user.enterpriseId)).toEqual([enterpriseId, enterpriseId]);
    expect(seen[1]?.query).toMatchObject({ title: '空调' });
  });

  it('answers 0 for badge queries on the free plan without asking the area, but passes real list counts through', async () => {
    let calls = 0;
    registerBadgeCount('/v2/order/getOrderListCount', async () => {
      calls++;
      return 5;
    });
    registerBadgeCount('/order/unDeliverOrderListCount', async () => 9);
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await client.get('/v2/order/getOrderListCount', { orderDue: 0 })).data).toBe(0);
    expect((await client.get('/v2/order/getOrderListCount', { is_grab: 1 })).data).toBe(0);
    expect((await client.get('/order/unDeliverOrderListCount')).data).toBe(0);
    expect(calls).toBe(0);
    expect((await client.get('/v2/order/getOrderListCount', { title: '空调' })).data).toBe(5);
    expect(calls).toBe(1);
  });

  it('refuses a user without roles and an overdue plan', async () => {
    expect((await (await loggedIn(t.app, t.deps.db, { roles: [] })).client.get('/order/unDeliverOrderListCount')).code).toBe('NO_ROLE');
    expect((await (await loggedIn(t.app, t.deps.db, { expireDays: -1 })).client.get('/order/unDeliverOrderListCount')).code).toBe('SERVICE_EXPIRED');
  });
});

describe('GET /v2/menu/mobile/getCount and /waitToDoList', () => {
  it('counts every badge of the user’s own menu, with the spec’s queries', async () => {
    registerBadgeCount('/order/unDeliverOrderListCount', async () => 3);
    registerBadgeCount('/v2/order/getOrderListCount', async (ctx) => (ctx.query.is_grab === '1' ? 2 : 0));
    registerBadgeCount('/spare/data/personalApprovalList', async () => 4);
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [1] });
    const counts = (await client.call(B.mobileCount)).data;
    expect(counts).toMatchObject({ AssignOrder: 3, OrderHighSeas: 2, DueOrder: 0, AcceptanceOrder: 0 });
    // A dispatcher's menu has no spare applications, so that badge is not counted for them.
    expect(counts).not.toHaveProperty('SparePartsSalesman');
    const todo = (await client.call(B.waitToDoList)).data;
    expect(todo).toEqual([
      { routerName: 'AssignOrder', name: '待派单工单', path: '/assignOrder', badge: '/order/unDeliverOrderListCount', count: 3 },
      { routerName: 'OrderHighSeas', name: '工单公海', path: '/orderHighSeas', badge: '/v2/order/getOrderListCount?is_grab=1', count: 2 },
    ]);
  });

  it('answers nothing on the free plan', async () => {
    registerBadgeCount('/order/unDeliverOrderListCount', async () => 3);
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await client.call(B.mobileCount)).data).toEqual({});
    expect((await client.call(B.waitToDoList)).data).toEqual([]);
  });
});
