import { customerContract, eventContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
const names = (r: { data: { name: string }[] }) => r.data.map((c) => c.name);

describe('GET /v2/event/customerOptions (新建事件’s customer picker)', () => {
  it('an ordinary employee (role 4), who has no customer list, finds and picks a customer and starts an event for it', async () => {
    const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const ep = admin.enterpriseId;
    const id = await newCustomer(admin.client, { name: '上海恒瑞物业管理有限公司' });
    await newCustomer(admin.client, { name: '杭州西湖酒店' });
    const employee = await as(ep, 4);
    // The customer list is not his page: the old picker's call fails for him, which the picker showed as nothing.
    expect((await employee.client.send(customerContract.getCustomerList, { keyword: '恒瑞' })).code).toBe('NO_POWER');

    const found = await employee.client.send(K.customerOptions, { keyword: '恒瑞' });
    expect(found.success, found.message).toBe(true);
    expect(names(found)).toEqual(['上海恒瑞物业管理有限公司']);
    expect(found.data[0]).toMatchObject({ id, linkperson: expect.any(String), phone: expect.any(String) });
    expect(names(await employee.client.send(K.customerOptions, { ids: [id] }))).toEqual(['上海恒瑞物业管理有限公司']);
    expect(names(await employee.client.send(K.customerOptions, {})).sort()).toEqual(['上海恒瑞物业管理有限公司', '杭州西湖酒店'].sort());

    const ev = await employee.client.send(K.add, { title: '大堂空调漏水', customerId: id });
    expect(ev.success, ev.message).toBe(true);
    const [row] = await rows<{ customer_id: number; created_by: number }>(
      t.deps.db,
      sql`select customer_id, created_by from events where enterprise_id = ${ep} and id = ${ev.data.id}`,
    );
    expect({ customer: Number(row?.customer_id), by: Number(row?.created_by) }).toEqual({ customer: id, by: employee.id });
  });

  it('needs the 新建事件 power and a session; another enterprise’s customers are neither found nor given by id; bad input is refused', async () => {
    const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const theirs = await newCustomer(other.client, { name: '别家公司客户' });
    const employee = await as(admin.enterpriseId, 4);
    expect((await new Client(t.app).send(K.customerOptions, {})).message).toBe('未登录');
    for (const role of [2, 8, 9]) expect((await (await as(admin.enterpriseId, role)).client.send(K.customerOptions, {})).code, `role ${role}`).toBe('NO_POWER');
    expect((await employee.client.send(K.customerOptions, { ids: [theirs] })).data).toEqual([]);
    expect((await employee.client.send(K.customerOptions, { keyword: '别家公司' })).data).toEqual([]);
    // Nor can an event be started for it.
    const ev = await employee.client.send(K.add, { title: '越权', customerId: theirs });
    expect(ev).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const bad = await employee.client.call(K.customerOptions, { keyword: 'x'.repeat(101) });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(bad.message).toContain('关键字');
  });
});
