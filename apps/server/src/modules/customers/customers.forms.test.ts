import { customerContract as C, fieldInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { saveField, updateField } from '../forms/fields.service';
import { seedDemoCustomers } from './demo';
import { countOf, newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const customersOf = (ep: number) => countOf(t.deps.db, 'customers', sql`enterprise_id = ${ep}`);

describe('custom fields (form kind 2)', () => {
  it('validates ext against the current version, and a customer keeps showing with the version it was saved with', async () => {
    const { client, enterpriseId, user } = await admin();
    const ref = { enterpriseId, userId: user.id, kind: 2 as const };
    const { id: fieldId } = await saveField(t.deps.db, ref, fieldInput.parse({ name: '设备数量', type: 2, required: true }));
    const missing = await client.call(C.addCustomer, { name: '己公司', linkPerson: { name: '张三', phone: '13800138000' }, ext: {} });
    expect(missing.code).toBe('VALIDATION');
    expect(missing.message).toContain('设备数量');
    expect(await customersOf(enterpriseId)).toBe(0);
    const id = await newCustomer(client, { ext: { [fieldId]: 12 } });
    await updateField(t.deps.db, ref, fieldId, fieldInput.parse({ name: '台数', type: 2, required: true }));
    const d = (await client.call(C.detail, { id })).data;
    expect(d.ext).toEqual({ [fieldId]: 12 });
    expect(d.extFields).toEqual([expect.objectContaining({ id: fieldId, tfname: '设备数量' })]);
    const fields = (await client.call(C.customerExtField)).data;
    expect(fields.templateVersionId).not.toBe(d.templateVersionId);
    expect(fields.fields.map((f) => f.name)).toEqual(['台数']);
  });
});

describe('demo data', () => {
  it('seeds about thirty customers with contacts, addresses, models, installed products and contracts', async () => {
    const { client, enterpriseId } = await admin();
    await makeUser(t.deps.db, enterpriseId, { roles: [5] });
    await t.deps.db.transaction((tx) => seedDemoCustomers(tx, enterpriseId));
    expect((await client.call(C.customerListCount, {})).data).toBe(30);
    expect(await countOf(t.deps.db, 'customer_addresses', sql`enterprise_id = ${enterpriseId} and is_default`)).toBe(30);
    expect(await countOf(t.deps.db, 'installed_products', sql`enterprise_id = ${enterpriseId} and warranty_end is not null`)).toBe(40);
    expect((await client.call(C.epCustomerList, { name: '星河' })).data[0]).toMatchObject({
      linkperson: '张伟',
      address: '上海市浦东新区张江路88号星河大厦5楼',
    });
  });
});
