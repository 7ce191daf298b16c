import { orgContract as C, teamContract as T } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { nextMobile } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { adminAndWorker, usersOf } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const messageOf = async (ep: number) =>
  (await rows<{ m: string | null }>(t.deps.db, sql`select version_message as m from enterprises where id = ${ep}`))[0]?.m ?? null;

describe('seat quota', () => {
  it('stores the version message when enabled staff exceed the seats, refuses adding more, and clears it once they fit', async () => {
    // Two seats, two staff already (admin and worker).
    const o = await adminAndWorker(t, { plan: 1, buyPersonNum: 2 });
    const third = await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '第三人', roles: [2] });
    expect(third.success).toBe(true);
    expect(await messageOf(o.enterpriseId)).toBe(
      '企业启用人数（3人）已超出套餐购买人数（2人），部分功能已禁用，请前往组织架构停用或删除人员，或联系客服增购人数',
    );
    expect((await o.admin.get('/v2/sessionUser/info')).data).toMatchObject({ seatsExceeded: true });

    // While exceeded: no further staff, and quota-bound pages (service groups) refuse writes; the organisation stays usable.
    const before = await usersOf(t.deps.db, o.enterpriseId);
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '第四人' })).code).toBe('SEAT_EXCEEDED');
    expect(await usersOf(t.deps.db, o.enterpriseId)).toBe(before);
    expect((await o.admin.call(T.groupCreate, { name: '超额时建组' })).message).toBe('企业用户数超出套餐人数，部分功能已禁用，请前往组织架构调整');
    expect((await o.admin.call(C.userList, {})).success).toBe(true);
    expect((await o.admin.call(C.deptCreate, { name: '照样能建部门' })).success).toBe(true);

    // Disabling one brings the count back within the seats.
    expect((await o.admin.call(C.userEnabled, { id: third.data.id, enabled: false })).success).toBe(true);
    expect(await messageOf(o.enterpriseId)).toBeNull();
    // Re-enabling crosses the line again (allowed), and deleting fixes it.
    expect((await o.admin.call(C.userEnabled, { id: third.data.id, enabled: true })).success).toBe(true);
    expect(await messageOf(o.enterpriseId)).not.toBeNull();
    expect((await o.admin.call(C.userDelete, { id: third.data.id })).success).toBe(true);
    expect(await messageOf(o.enterpriseId)).toBeNull();
  });

  it('does not count outsourced users', async () => {
    const o = await adminAndWorker(t, { plan: 1, buyPersonNum: 2 });
    const p = (await o.admin.call(T.providerCreate, { name: '外包商' })).data.id;
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '外包', userType: 1, providerId: p })).success).toBe(true);
    expect(await messageOf(o.enterpriseId)).toBeNull();
  });

  it('never applies to the free plan', async () => {
    const o = await adminAndWorker(t, { plan: 0, buyPersonNum: 1 });
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '免费多一人' })).success).toBe(true);
    expect((await o.admin.call(C.userCreate, { mobile: nextMobile(), name: '免费再一人' })).success).toBe(true);
    expect(await messageOf(o.enterpriseId)).toBeNull();
  });
});
