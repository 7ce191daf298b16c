import { customerContract as C, customerPartsContract as P, settingsContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf } from './test-helpers';

// 客户电话不可重复 (on by default): a second customer with a phone another customer has is refused on save, two
// parallel saves of one phone leave one customer; off, the save goes through and the answer (and phoneCheck) warn.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TAKEN = '客户电话13912340000已被其他客户使用（系统设置：客户电话不可重复）';
const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const body = (name: string, phone = '13912340000') => ({ name, linkPerson: { name: `${name}联系人`, phone } });
const customersWith = (ep: number, phone: string) => countOf(t.deps.db, 'customers', sql`enterprise_id = ${ep} and phone = ${phone}`);
async function unique(c: Client, on: boolean) {
  expect((await c.request('POST', S.batchSave.path, [{ code: 'customer_phone_unique', value: on ? '1' : '0' }])).success).toBe(true);
}

describe('客户电话不可重复', () => {
  it('on: the second customer with the phone is refused in Chinese and not written; another phone is fine', async () => {
    const { client, enterpriseId } = await admin();
    expect(await client.send(C.addCustomer, body('甲公司'))).toMatchObject({ success: true, message: '保存成功' });
    const second = await client.send(C.addCustomer, body('乙公司'));
    expect(second).toMatchObject({ success: false, code: 'CUSTOMER_PHONE_TAKEN', message: TAKEN });
    expect(await customersWith(enterpriseId, '13912340000')).toBe(1);
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId} and name = '乙公司'`)).toBe(0);
    expect((await client.send(C.addCustomer, body('乙公司', '13912340001'))).success).toBe(true);
    expect((await client.send(C.phoneCheck, { phone: '13912340000' })).data).toEqual({ taken: true, unique: true });
    expect((await client.send(C.phoneCheck, { phone: '13912349999' })).data).toEqual({ taken: false, unique: true });
  });

  it('on: a contact made primary with another customer’s phone is refused, the customer keeps its phone', async () => {
    const { client, enterpriseId } = await admin();
    await client.send(C.addCustomer, body('甲公司'));
    const b = (await client.send(C.addCustomer, body('乙公司', '13912340001'))).data.id;
    const r = await client.send(P.linkPersonSave, { customerId: b, name: '王五', phone: '13912340000', isPrimary: true });
    expect(r).toMatchObject({ success: false, code: 'CUSTOMER_PHONE_TAKEN' });
    expect(await customersWith(enterpriseId, '13912340001')).toBe(1);
    expect(await countOf(t.deps.db, 'customer_contacts', sql`enterprise_id = ${enterpriseId} and customer_id = ${b}`)).toBe(1);
    // Not primary: a second contact may share the phone (the customer's phone is its primary contact's).
    expect((await client.send(P.linkPersonSave, { customerId: b, name: '王五', phone: '13912340000' })).success).toBe(true);
  });

  it('on: 10 parallel creates with one phone leave exactly one customer', async () => {
    const { client, enterpriseId } = await admin();
    const answers = await race(10, (i) => client.send(C.addCustomer, body(`并发客户${i}`)));
    expect(tally(answers)).toEqual({ ok: 1, [TAKEN]: 9 });
    expect(await customersWith(enterpriseId, '13912340000')).toBe(1);
  });

  it('off: three customers with one phone are saved, each answer after the first warns, phoneCheck says taken', async () => {
    const { client, enterpriseId } = await admin();
    await unique(client, false);
    expect((await client.send(C.addCustomer, body('甲公司'))).message).toBe('保存成功');
    for (const name of ['乙公司', '丙公司']) {
      expect(await client.send(C.addCustomer, body(name))).toMatchObject({ success: true, message: '保存成功，注意：该电话已有其他客户使用' });
    }
    expect(await customersWith(enterpriseId, '13912340000')).toBe(3);
    expect((await client.send(C.phoneCheck, { phone: '13912340000' })).data).toEqual({ taken: true, unique: false });
    // Turned on again, the customers already sharing it stay, a fourth is refused.
    await unique(client, true);
    expect((await client.send(C.addCustomer, body('丁公司'))).message).toBe(TAKEN);
  });

  it('scoped to the enterprise: another enterprise may use the phone, phoneCheck does not see it; refusals for the anonymous, CSRF, bad input', async () => {
    const a = await admin();
    const b = await admin();
    await a.client.send(C.addCustomer, body('甲公司'));
    expect((await b.client.send(C.phoneCheck, { phone: '13912340000' })).data).toEqual({ taken: false, unique: true });
    expect((await b.client.send(C.addCustomer, body('甲公司'))).success).toBe(true);
    expect((await new Client(t.app).send(C.phoneCheck, { phone: '13912340000' })).message).toBe('未登录');
    expect((await b.client.send(C.addCustomer, body('乙公司', '13912345555'), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect(await b.client.send(C.phoneCheck, { phone: 'abc' })).toMatchObject({ success: false, code: 'VALIDATION' });
    const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: a.enterpriseId });
    expect((await engineer.client.send(C.phoneCheck, { phone: '13912340000' })).code).toBe('NO_POWER');
  });
});
