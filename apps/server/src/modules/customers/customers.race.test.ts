// Deleting a customer (or a catalogue product) while others add records to it, on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { raceLost } from '../../platform/errors';
import type { Answer, Client } from '../../test/factories';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { newCustomer, newModel } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ROUNDS = 10;
const GONE = ['数据不存在或已被删除', '数据已变更，请刷新后重试'];

/** Additions to one customer: contacts, addresses, installed products and both kinds of contract. */
function addTo(client: Client, customerId: number, productId: number, i: number): Promise<Answer> {
  switch (i % 5) {
    case 0:
      return client.post('/customer/linkperson/save', { customerId, name: `联系人${i}`, phone: `1370000${String(i).padStart(4, '0')}` });
    case 1:
      return client.post('/customer/address/save', { customerId, detail: `地址${i}` });
    case 2:
      return client.post('/v2/customer/production/save', { productId, customerId });
    case 3:
      return client.post('/contract/sale/save', { name: `合同${i}`, customerId, signDate: '2024-05-01' });
    default:
      return client.post('/contract/maintain/save', { name: `保修${i}`, customerId, startDate: '2024-05-01', endDate: '2025-04-30', amount: 100 });
  }
}

describe('customer delete racing additions', () => {
  it(`${ROUNDS} rounds of one delete against 10 additions: no 500, and either the delete or the additions win cleanly`, async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const productId = await newModel(client);
    for (let round = 0; round < ROUNDS; round++) {
      const customerId = await newCustomer(client, { address: null });
      const out = await race(11, (i) => (i === 5 ? client.del('/customer/deleteCustomer', { id: customerId }) : addTo(client, customerId, productId, i)));
      const del = out[5] as Answer;
      const [left] = await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from customers where enterprise_id = ${enterpriseId} and id = ${customerId}`,
      );
      if (del.success) {
        expect(left?.n).toBe(0);
        // Whatever was added before the delete went with it; whatever came after was refused cleanly.
        for (const a of out.filter((_, i) => i !== 5 && !_.success)) expect(GONE).toContain(a.message);
      } else {
        expect(del.message).toMatch(/存在合同，不能删除/);
        expect(left?.n).toBe(1);
      }
    }
  });
});

describe('catalogue delete racing product creation', () => {
  it(`${ROUNDS} rounds of one delete against installed products and contract lines using it: no 500`, async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const customerId = await newCustomer(client, { address: null });
    for (let round = 0; round < ROUNDS; round++) {
      const productId = await newModel(client);
      const out = await race(9, (i) => {
        if (i === 4) return client.del('/allProduct/delete', { ids: [productId] });
        if (i % 2) return client.post('/v2/customer/production/save', { productId, customerId });
        return client.post('/contract/sale/save', {
          name: `合同${round}-${i}`,
          customerId,
          signDate: '2024-05-01',
          products: [{ productId, quantity: 1, price: 10 }],
        });
      });
      const del = out[4] as Answer;
      const [left] = await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from product_models where enterprise_id = ${enterpriseId} and id = ${productId}`,
      );
      expect(left?.n).toBe(del.success ? 0 : 1);
      if (!del.success) expect(del.message).toMatch(/已有设备档案或合同，不能删除/);
      for (const a of out.filter((x, i) => i !== 4 && !x.success)) expect(a.message).toMatch(/产品不存在或已被删除|数据已变更，请刷新后重试/);
    }
  });
});

describe('a race no lock foresaw', () => {
  it('a foreign-key error from the database is recognised as a lost race (answered 数据已变更，请刷新后重试)', async () => {
    const { enterpriseId } = await loggedIn(t.app, t.deps.db);
    const orphan = sql`insert into customer_contacts (enterprise_id, customer_id, name, phone) values (${enterpriseId}, -1, '孤儿', '13700000000')`;
    const err = await t.deps.db.execute(orphan).catch((e) => e);
    expect(raceLost(err)).toBe(true);
    expect(raceLost(new Error('other'))).toBe(false);
  });
});
