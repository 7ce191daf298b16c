import {
  contractContract,
  customerContract,
  customerImportContract,
  customerPartsContract,
  type EndpointDef,
  homeAccountContract,
  productContract,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn, makeUser } from '../../test/factories';
import { itGuardsEveryEndpoint } from '../../test/guards';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL: [string, EndpointDef][] = [
  customerContract,
  customerPartsContract,
  productContract,
  contractContract,
  homeAccountContract,
  customerImportContract,
].flatMap((c) => Object.entries(c) as [string, EndpointDef][]);

describe('guards of every customer-area endpoint', () => {
  itGuardsEveryEndpoint(() => t, ALL);

  it('refuses every free-locked endpoint on the free plan with the spec’s notice', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    const locked = ALL.filter(([, e]) => e.plan);
    expect(locked.length).toBeGreaterThan(20);
    for (const [name, ep] of locked) {
      const r = await client.call(ep, {});
      expect(r.code, name).toBe('PLAN_FREE');
      expect(r.message).toMatch(/^免费版不支持.+，建议升级为VIP版本，咨询热线：400-800-6688$/);
    }
  });
});

describe('hooks into other areas', () => {
  it('a handover moves the leaving salesperson’s customers and grants in the same transaction', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const from = await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    const to = await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    const a = await newCustomer(client, { businessUserId: from.id });
    const b = await newCustomer(client);
    await client.post('/v2/customer/batchAddPermission', { customerIds: [b], userIds: [from.id], permission: 2 });
    const r = await client.put('/user/handover', { fromUserId: from.id, toUserId: to.id });
    expect(r.success).toBe(true);
    const owner = await rows<{ business_user_id: number }>(
      t.deps.db,
      sql`select business_user_id from customers where enterprise_id = ${enterpriseId} and id = ${a}`,
    );
    expect(Number(owner[0]?.business_user_id)).toBe(to.id);
    const grants = await rows<{ user_id: number; permission: number }>(
      t.deps.db,
      sql`select user_id, permission from customer_permissions where enterprise_id = ${enterpriseId}`,
    );
    expect(grants.map((g) => [Number(g.user_id), Number(g.permission)])).toEqual([[to.id, 2]]);
  });

  it('batch tagging (code 4) tags customers the user may edit and refuses others', async () => {
    const { client: boss, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId });
    const [tag] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${enterpriseId}, 4, '重点', '#ff0000') returning id`,
    );
    const mine = await newCustomer(boss, { businessUserId: sales.user.id });
    const theirs = await newCustomer(boss);
    expect((await sales.client.post('/v2/epTag/batchAddTagByObj', { code: 4, tagIds: [tag!.id], objIds: [mine, theirs] })).code).toBe('NOT_FOUND');
    expect((await sales.client.post('/v2/epTag/batchAddTagByObj', { code: 4, tagIds: [tag!.id], objIds: [mine] })).success).toBe(true);
    expect((await boss.call(customerContract.epCustomerList, { tagId: tag!.id })).data.map((c: { id: number }) => c.id)).toEqual([mine]);
  });
});
