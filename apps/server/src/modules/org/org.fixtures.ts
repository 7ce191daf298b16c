// Test helpers for the org module's route tests.
import type { EndpointDef } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows } from '../../db/client';
import type { Db } from '../../db/client';
import { type Client, loggedIn } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/** An administrator (role 3) of a fresh enterprise, and a service person (role 2) of the same one. */
export async function adminAndWorker(t: TestApp, o: { plan?: 0 | 1 | 2; buyPersonNum?: number } = {}) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3], ...o });
  const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: admin.enterpriseId });
  return { admin: admin.client, worker: worker.client, enterpriseId: admin.enterpriseId, adminId: admin.user.id, workerId: worker.user.id };
}

/** The path with `:ids` filled. */
export const pathOf = (ep: EndpointDef): string => ep.path.replace(':ids', '1');

/** Every endpoint refuses an anonymous caller, a non-GET without CSRF, and a caller without its power. */
export async function expectGuards(anon: Client, user: Client, lacksPower: Client, ep: EndpointDef): Promise<void> {
  const path = pathOf(ep);
  const r1 = await anon.request(ep.method, path, ep.method === 'GET' ? undefined : {});
  expect(r1.message, `${ep.path} anon`).toBe('未登录');
  if (ep.method !== 'GET') {
    const r2 = await user.request(ep.method, path, {}, { csrf: false });
    expect(r2.message, `${ep.path} csrf`).toBe('操作失败，无效的CsrfToken');
  }
  if (ep.power) {
    const r3 = await lacksPower.request(ep.method, path, ep.method === 'GET' ? undefined : {});
    expect(r3.code, `${ep.path} power`).toBe('NO_POWER');
  }
}

export async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [r] = await rows<{ n: number }>(db, query);
  return r?.n ?? 0;
}

export const usersOf = (db: Db, enterpriseId: number) => count(db, sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId}`);
