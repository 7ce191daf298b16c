import { contractContract as K, customerContract as C, productContract as P } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newModel } from './test-helpers';

/** A taken number is reported as taken, never with the record that holds it. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function twoSalespeople() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const login = async () => {
    const u = await makeUser(t.deps.db, admin.enterpriseId, { roles: [5] });
    return new Client(t.app).login(u.mobile, TEST_PASSWORD, admin.enterpriseId);
  };
  return { admin: admin.client, a: await login(), b: await login() };
}

describe('taken numbers', () => {
  it("tells a salesperson only that another salesperson's customer code is taken", async () => {
    const { a, b } = await twoSalespeople();
    const id = await newCustomer(a, { code: 'A-SECRET-001' });
    expect((await b.call(C.detail, { id })).code).toBe('NOT_FOUND');
    const r = await b.call(C.addCustomer, { name: '乙的客户', code: 'A-SECRET-001', linkPerson: { name: '李四', phone: '13800001234' } });
    expect(r).toMatchObject({ success: false, code: 'CUSTOMER_CODE_TAKEN', message: '该客户编号已被使用，请更换' });
    expect(r.message).not.toContain('SECRET');
  });

  it("tells a salesperson only that another salesperson's contract number is taken", async () => {
    const { a, b } = await twoSalespeople();
    const mine = await a.call(K.saleSave, { contractNo: 'HT-SECRET-9', name: '甲的合同', customerId: await newCustomer(a), signDate: '2024-05-02' });
    expect(mine.success).toBe(true);
    const r = await b.call(K.saleSave, { contractNo: 'HT-SECRET-9', name: '乙的合同', customerId: await newCustomer(b), signDate: '2024-05-02' });
    expect(r).toMatchObject({ success: false, code: 'CONTRACT_NO_TAKEN', message: '该合同编号已被使用，请更换' });
  });

  it('reports a taken serial number without repeating it', async () => {
    const { admin } = await twoSalespeople();
    const m = await newModel(admin);
    expect((await admin.call(P.productionSave, { productId: m, serialNumber: 'SN-SECRET' })).success).toBe(true);
    const r = await admin.call(P.productionSave, { productId: m, serialNumber: 'SN-SECRET' });
    expect(r).toMatchObject({ success: false, code: 'SERIAL_TAKEN', message: '该序列号已被使用，请更换' });
  });
});
