// A portal user changes his own password: the staff rules, the old one proved (and limited as logins are), his other
// portal sessions end, the current one stays; another account is untouched.
import { portalContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn, STRONG_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { newCustomer } from '../customers/test-helpers';
import { makeAccount, PortalClient } from './portal.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW = 'Harbor-Violet-73';
const hashOf = async (ep: number, id: number) =>
  (await rows<{ h: string }>(t.deps.db, sql`select password_hash as h from home_accounts where enterprise_id = ${ep} and id = ${id}`))[0]?.h;

describe('portal password change', () => {
  it('refuses a wrong old password, a short or common new one in Chinese, changing nothing', async () => {
    const staff = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const acc = await makeAccount(t.deps.db, staff.enterpriseId, await newCustomer(staff.client));
    const c = await new PortalClient(t.app).login(acc.mobile);
    const before = await hashOf(staff.enterpriseId, acc.id);
    expect(await c.send(P.password, { oldPassword: 'not-my-password-9', newPassword: NEW })).toMatchObject({ success: false, message: '原密码错误' });
    const short = await c.send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: 'abc' });
    expect(short.success).toBe(false);
    expect(short.message).toMatch(/新密码/);
    expect(await c.send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: 'password123' })).toMatchObject({
      success: false,
      message: '密码过于常见，请换一个',
    });
    // Without the portal's CSRF header, or without a portal session: refused.
    expect((await c.send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: NEW }, { csrf: false })).code).toBe('CSRF_INVALID');
    expect((await new PortalClient(t.app).send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: NEW })).code).toBe('NOT_LOGGED_IN');
    expect(await hashOf(staff.enterpriseId, acc.id)).toBe(before);
  });

  it('changes it: the other sessions end, this one stays; the new password logs in, the old does not; another account untouched', async () => {
    const staff = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const customer = await newCustomer(staff.client);
    const acc = await makeAccount(t.deps.db, staff.enterpriseId, customer);
    const neighbour = await makeAccount(t.deps.db, staff.enterpriseId, customer);
    const phone = await new PortalClient(t.app).login(acc.mobile);
    const laptop = await new PortalClient(t.app).login(acc.mobile);
    const theirs = await new PortalClient(t.app).login(neighbour.mobile);
    const theirHash = await hashOf(staff.enterpriseId, neighbour.id);

    const r = await phone.send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: NEW });
    expect(r).toMatchObject({ success: true, message: '密码已修改，其他设备已退出登录' });
    expect((await phone.send(P.me)).success).toBe(true);
    expect((await laptop.send(P.me)).code).toBe('NOT_LOGGED_IN');
    expect((await theirs.send(P.me)).success).toBe(true);
    expect(await hashOf(staff.enterpriseId, neighbour.id)).toBe(theirHash);
    expect((await new PortalClient(t.app).send(P.login, { mobile: acc.mobile, password: STRONG_PASSWORD })).code).toBe('LOGIN_FAILED');
    expect((await new PortalClient(t.app).send(P.login, { mobile: acc.mobile, password: NEW })).success).toBe(true);
  });

  it('wrong old passwords are limited as logins are (then 原密码错误次数过多)', async () => {
    const staff = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const acc = await makeAccount(t.deps.db, staff.enterpriseId, await newCustomer(staff.client));
    const c = await new PortalClient(t.app).login(acc.mobile);
    const wrong = await race(6, () => c.send(P.password, { oldPassword: 'not-my-password-9', newPassword: NEW }));
    expect(wrong.every((w) => !w.success)).toBe(true);
    const locked = await c.send(P.password, { oldPassword: STRONG_PASSWORD, newPassword: NEW });
    expect(locked.code).toBe('PASSWORD_LOCKED');
  });
});
