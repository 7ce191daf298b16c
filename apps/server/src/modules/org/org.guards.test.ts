import { type EndpointDef, orgContract, teamContract } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { adminAndWorker, expectGuards } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('org endpoints refuse callers before doing anything', () => {
  const all: Record<string, EndpointDef> = { ...orgContract, ...teamContract };
  for (const [key, ep] of Object.entries(all)) {
    it(`${key}: ${ep.method} ${ep.path} — not logged in, no CSRF, no power`, async () => {
      const { admin, worker } = await adminAndWorker(t);
      await expectGuards(new Client(t.app), admin, worker, ep);
    });
  }

  it('org writes need org_manage and only role 3 holds it; a refusal is audited', async () => {
    const { worker, enterpriseId, workerId } = await adminAndWorker(t);
    const writes = Object.values(all).filter((e) => e.method !== 'GET');
    for (const ep of writes.filter((e) => e.path !== '/stand/user' || e.method !== 'PUT')) {
      if (ep.path === '/stand/user/password') continue;
      expect(ep.power, ep.path).toBe('org_manage');
    }
    // Editing someone else through PUT /stand/user is checked in the handler.
    const r = await worker.put('/stand/user', { id: workerId + 1000, name: '改名' });
    expect(r.code).toBe('NO_POWER');
    const log = await rows(t.deps.db, sql`select detail from security_log where enterprise_id = ${enterpriseId} and action = 'power_denied'`);
    expect(log.length).toBeGreaterThan(0);
  });

  it('no org endpoint is free-locked: organisation management works on the free plan', async () => {
    for (const ep of Object.values(all)) expect(ep.plan, ep.path).toBeUndefined();
    const { admin } = await adminAndWorker(t, { plan: 0 });
    expect((await admin.post('/stand/dept', { name: '免费部门' })).success).toBe(true);
  });
});
