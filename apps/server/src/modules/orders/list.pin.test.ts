// The order list's rows and the detail carry the service address's pin and its precision: the phone's map link
// navigates to an exact pin and searches the address near a coarse one.
import { orderActionsContract as A, orderContract as C, orderDetailContract as D, orderListContract as K } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3], plan: 1 });

async function typedOrder(client: Client, customerId: number, title: string, gpsAddr: Record<string, unknown>): Promise<number> {
  const r = await client.send(C.add, { customerId, title, gpsAddr });
  expect(r.success, r.message).toBe(true);
  return Number(r.data.id);
}

type Row = { id: number; latitude: number | null; longitude: number | null; geoPrecision: string | null };
const rowOf = async (client: Client, id: number): Promise<Row | undefined> => {
  const r = await client.send(K.getAllOrderList, { pageSize: 100 });
  expect(r.success, r.message).toBe(true);
  return (r.data.list as Row[]).find((o) => o.id === id);
};

describe('the pin of an order in its list row and detail', () => {
  it('a district-centre pin, an exact one and none are told apart', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const district = await typedOrder(client, customer, '空调不制冷', { detail: '江苏省苏州市吴中区木渎镇金枫路216号' });
    const exact = await typedOrder(client, customer, '热水器检修', { detail: '广州天河珠江新城华夏路8号' });
    expect((await client.send(A.edit, { orderId: exact, gpsAddr: { detail: '华夏路8号', latitude: 23.1189, longitude: 113.3245 } })).success).toBe(true);
    const nowhere = await typedOrder(client, customer, '门锁更换', { detail: 'asdf 1234' });

    const d = await rowOf(client, district);
    expect(d?.geoPrecision).toBe('district');
    expect(d?.latitude).toBeGreaterThan(31);
    expect(d?.longitude).toBeGreaterThan(120);
    expect(await rowOf(client, exact)).toMatchObject({ geoPrecision: 'exact', latitude: 23.1189, longitude: 113.3245 });
    // 'none' (no place found) is no pin at all.
    expect(await rowOf(client, nowhere)).toMatchObject({ geoPrecision: null, latitude: null, longitude: null });

    const detail = await client.send(D.orderDetail, { orderId: exact });
    expect(detail.data.gpsAddr).toMatchObject({ precision: 'exact', latitude: 23.1189, longitude: 113.3245 });
    expect((await client.send(D.orderDetail, { orderId: district })).data.gpsAddr.precision).toBe('district');
    expect((await client.send(D.orderDetail, { orderId: nowhere })).data.gpsAddr.precision).toBeNull();
  });

  it('another enterprise sees neither the row nor the detail', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const id = await typedOrder(client, customer, '空调不制冷', { detail: '江苏省苏州市吴中区木渎镇' });
    const stranger = await admin();
    expect(await rowOf(stranger.client, id)).toBeUndefined();
    const r = await stranger.client.send(D.orderDetail, { orderId: id });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/不存在/);
  });
});
