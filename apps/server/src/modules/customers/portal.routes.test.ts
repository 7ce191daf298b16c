import { homeAccountContract as H } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { verifyPassword } from '../../platform/crypto';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });
const stored = async (ep: number, id: number) =>
  (
    await rows<{ password_hash: string; enabled: boolean; mobile: string }>(
      t.deps.db,
      sql`select password_hash, enabled, mobile from home_accounts where enterprise_id = ${ep} and id = ${id}`,
    )
  )[0];

describe('portal accounts (/homeAccount/*)', () => {
  it('creates an account with a hashed password, apart from staff users; disables, resets and deletes it', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const r = await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000', password: 'portal123' });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    const row = await stored(enterpriseId, r.data.id);
    expect(row?.password_hash).not.toContain('portal123');
    expect(await verifyPassword(row?.password_hash, 'portal123')).toBe(true);
    const staff = await rows(t.deps.db, sql`select id from users where enterprise_id = ${enterpriseId} and mobile = '13800138000'`);
    expect(staff).toHaveLength(0);
    expect((await client.call(H.list, { keyword: '张三' })).data).toMatchObject({ count: 1, list: [{ id: r.data.id, enabled: true, customerId: customer }] });
    expect((await client.call(H.setEnabled, { ids: [r.data.id], enabled: false })).message).toBe('修改状态成功');
    expect((await stored(enterpriseId, r.data.id))?.enabled).toBe(false);
    expect((await client.call(H.list, { enabled: '1' })).data.count).toBe(0);
    expect((await client.call(H.resetPassword, { id: r.data.id, password: 'newpass99' })).message).toBe('密码重置成功');
    expect(await verifyPassword((await stored(enterpriseId, r.data.id))?.password_hash, 'newpass99')).toBe(true);
    expect((await client.call(H.save, { customerId: customer, name: '李四', mobile: '13800138000', password: 'portal123' })).message).toBe(
      '该手机号已在本企业中存在',
    );
    expect((await client.call(H.remove, { ids: [r.data.id] })).message).toBe('删除成功');
    expect(await stored(enterpriseId, r.data.id)).toBeUndefined();
  });

  it('refuses weak passwords, CSRF, power, the free plan and another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    expect((await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000' })).message).toBe('密码：请输入密码');
    expect((await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000', password: '123' })).message).toBe('密码：密码至少8位');
    expect((await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000', password: 'iloveyou' })).code).toBe('PASSWORD_COMMON');
    expect((await client.call(H.save, { customerId: customer, name: '张三', mobile: '138', password: 'portal123' })).message).toBe(
      '手机号：请输入正确的11位手机号',
    );
    expect((await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000', password: 'portal123' }, { csrf: false })).message).toBe(
      '操作失败，无效的CsrfToken',
    );
    expect((await client.call(H.list, {})).data.count).toBe(0);
    expect((await new Client(t.app).call(H.list, {})).message).toBe('未登录');
    const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId });
    expect((await dispatcher.client.call(H.list, {})).code).toBe('NO_POWER');
    const free = await admin({ plan: 0 });
    expect((await free.client.call(H.list, {})).message).toBe('免费版不支持客户门户账号，建议升级为VIP版本，咨询热线：400-800-6688');
    const { data } = await client.call(H.save, { customerId: customer, name: '张三', mobile: '13800138000', password: 'portal123' });
    const other = await admin();
    expect((await other.client.call(H.setEnabled, { ids: [data.id], enabled: false })).code).toBe('NOT_FOUND');
    expect((await other.client.call(H.resetPassword, { id: data.id, password: 'hacked99' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(H.remove, { ids: [data.id] })).code).toBe('NOT_FOUND');
    expect((await other.client.call(H.save, { customerId: customer, name: 'x', mobile: '13900000000', password: 'portal123' })).code).toBe('NOT_FOUND');
    const row = await stored(enterpriseId, data.id);
    expect(row?.enabled).toBe(true);
    expect(await verifyPassword(row?.password_hash, 'portal123')).toBe(true);
  });
});
