import { type EndpointDef, FREE_LOCKED_FEATURES, type FreeFeature, formsContract, moneyItemContract, preferencesContract } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

/** Every call of the module, checked for the guards the endpoint layer must apply before any handler runs. */
const ALL: [string, EndpointDef][] = [
  ...Object.entries(formsContract),
  ...Object.entries(preferencesContract),
  ...Object.entries(moneyItemContract).map(([k, v]) => [`money.${k}`, v] as [string, EndpointDef]),
];

let t: TestApp;
let admin: Client;
let serviceman: Client;
let freeAdmin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await loggedIn(t.app, t.deps.db, { roles: [3] })).client;
  serviceman = (await loggedIn(t.app, t.deps.db, { roles: [2] })).client;
  freeAdmin = (await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 })).client;
});
afterAll(async () => t.close());

describe.each(ALL)('%s', (_name, ep) => {
  it('refuses a caller who is not logged in', async () => {
    expect(await new Client(t.app).call(ep, {})).toMatchObject({ success: false, message: '未登录' });
  });

  if (ep.method !== 'GET') {
    it('refuses a change without the CSRF token', async () => {
      expect(await admin.call(ep, {}, { csrf: false })).toMatchObject({ success: false, message: '操作失败，无效的CsrfToken' });
    });
  }

  if (ep.power) {
    it('refuses a role without the power', async () => {
      expect(await serviceman.call(ep, {})).toMatchObject({ success: false, code: 'NO_POWER' });
    });
  }

  if (ep.plan) {
    it('is locked on the free plan', async () => {
      const r = await freeAdmin.call(ep, {});
      expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
      expect(r.message).toContain(`免费版不支持${FREE_LOCKED_FEATURES[ep.plan as FreeFeature]}`);
    });
  }
});

describe('open reads', () => {
  it('lets any role read the forms it fills in, and a free plan use the designer', async () => {
    expect((await serviceman.get('/detailcontrol/forminfo', { type: 1 })).success).toBe(true);
    expect((await serviceman.get('/orderTypeTemplate/list')).success).toBe(true);
    expect((await freeAdmin.get('/detailControl/detail', { type: 2 })).success).toBe(true);
  });
});
