import { z } from 'zod';
import { endpoint, FREE_LOCKED_FEATURES, type FreeFeature, menuContract as M } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../platform/deps';
import { registerEndpoint } from '../../platform/endpoint';
import { loggedIn, makeUser } from '../../test/factories';
import { refreshSeats } from '../org/seats';
import { createTestApp, type TestApp } from '../../test/harness';
import { modules } from '../index';

const PHONE = '400-900-1234';
const FEATURES = Object.keys(FREE_LOCKED_FEATURES) as FreeFeature[];
const lockedRoute = (f: FreeFeature) => endpoint({ method: 'POST', path: `/test/plan/${f}`, plan: f, response: z.string() });
const quotaRoute = endpoint({ method: 'GET', path: '/test/quota', quota: true, response: z.string() });

// Test-only routes through the real endpoint pipeline: one per free-locked feature and one quota route.
modules.push((app: FastifyInstance, deps: Deps) => {
  for (const f of FEATURES) registerEndpoint(app, deps, lockedRoute(f), async () => f);
  registerEndpoint(app, deps, quotaRoute, async () => 'ok');
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CUSTOMER_SERVICE_PHONE: PHONE });
});
afterAll(async () => t.close());

describe('free plan', () => {
  it('refuses every free-locked feature with exactly the spec notice', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    for (const f of FEATURES) {
      const r = await client.call(lockedRoute(f));
      expect(r, f).toMatchObject({ success: false, code: 'PLAN_FREE' });
      expect(r.message).toBe(`免费版不支持${FREE_LOCKED_FEATURES[f]}，建议升级为VIP版本，咨询热线：${PHONE}`);
    }
  });

  it('lets VIP and trial plans through', async () => {
    for (const plan of [1, 2] as const) {
      const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan });
      for (const f of FEATURES) expect((await client.call(lockedRoute(f))).data, `${plan} ${f}`).toBe(f);
    }
  });

  it('checks the session and CSRF before the plan', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await client.call(lockedRoute('tags'), {}, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
  });

  it('never expires a free plan, whatever its end date', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0, expireDays: -10 });
    expect((await client.call(M.listV2)).success).toBe(true);
  });
});

describe('expired plans and users without roles', () => {
  it('answers SERVICE_EXPIRED to a paid or trial plan past epServiceExpireTime', async () => {
    for (const plan of [1, 2] as const) {
      const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan, expireDays: -1 });
      expect((await client.call(M.listV2)).code).toBe('SERVICE_EXPIRED');
      expect((await client.call(lockedRoute('sla'))).code).toBe('SERVICE_EXPIRED');
      expect((await client.get('/v2/sessionUser/info')).success).toBe(true);
    }
  });

  it('answers NO_ROLE to a user without roles', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [] });
    expect((await client.call(M.listV2)).code).toBe('NO_ROLE');
    expect((await client.call(quotaRoute)).code).toBe('NO_ROLE');
  });
});

describe('seats', () => {
  it('refuses quota endpoints with SEAT_EXCEEDED while a paid plan has more users than seats, and disables menu entries', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 1, buyPersonNum: 2 });
    await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    await refreshSeats(t.deps.db, enterpriseId);
    expect((await client.call(quotaRoute)).data).toBe('ok');
    await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    await refreshSeats(t.deps.db, enterpriseId);
    const r = await client.call(quotaRoute);
    expect(r).toMatchObject({ success: false, code: 'SEAT_EXCEEDED', message: '企业用户数超出套餐人数，部分功能已禁用，请前往组织架构调整' });
    const menu = (await client.call(M.listV2)).data;
    const tags = menu.groups
      .flatMap((g: { children: { routerName: string; disabled: boolean }[] }) => g.children)
      .find((e: { routerName: string }) => e.routerName === 'OrderTag');
    expect(tags?.disabled).toBe(true);
    expect((await client.call(M.customList)).success).toBe(true);
  });

  it('does not count seats on the free plan', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0, buyPersonNum: 1 });
    await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    await refreshSeats(t.deps.db, enterpriseId);
    expect((await client.call(quotaRoute)).data).toBe('ok');
  });
});
