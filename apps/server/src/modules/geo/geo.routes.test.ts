import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderActionsContract as A, orderContract as K, scheduleContract as S, SECRET_MASK, settingsContract as ST } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { DEMO_STEPS as demoSteps } from '../../demo/steps';
import { drainJobs } from '../../platform/jobs';
import { runProvision } from '../../platform/provision';
import { loggedIn, makeEnterprise, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { backfillBatch, routingFor } from './geo.service';

/** A local AMap: key 'amap-key' answers a house-number pin; any other key its INVALID_USER_KEY error. */
let fake: Server;
const asked: URL[] = [];
let t: TestApp;
beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.searchParams.get('key') !== 'amap-key') res.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY', infocode: '10001' }));
    else res.end(JSON.stringify({ status: '1', info: 'OK', count: '1', geocodes: [{ location: '120.601234,31.254321', level: '门牌号' }] }));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  t = await createTestApp({ GEO_AMAP_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v3/geocode/geo` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => fake.close(() => r()));
});

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3], plan: 1 });
type Geo = { latitude: number | null; longitude: number | null; geo_precision: string | null; full_address: string | null };
const geoOf = async (table: string, ep: number, id: number) =>
  (
    await rows<Geo>(
      t.deps.db,
      sql`select latitude, longitude, geo_precision, full_address from ${sql.identifier(table)} where enterprise_id = ${ep} and id = ${id}`,
    )
  )[0] as Geo;
const near = (g: Geo, lng: number, lat: number, km = 25) =>
  expect(Math.hypot(((g.longitude ?? 0) - lng) * 96, ((g.latitude ?? 0) - lat) * 111)).toBeLessThan(km);

async function typedOrder(client: Awaited<ReturnType<typeof admin>>['client'], customerId: number, gpsAddr: Record<string, unknown>) {
  const r = await client.send(K.add, { customerId, title: '空调不制冷', gpsAddr });
  expect(r.success, r.message).toBe(true);
  return Number(r.data.id);
}

describe('addresses get coordinates when saved', () => {
  it('a customer’s address and an order typed with a pasted address (no area picked) are placed at their district', async () => {
    const { client, enterpriseId: ep } = await admin();
    const customer = await newCustomer(client); // 上海市浦东新区张江路…
    const [addr] = await rows<{ id: number }>(t.deps.db, sql`select id from customer_addresses where enterprise_id = ${ep} and customer_id = ${customer}`);
    const a = await geoOf('customer_addresses', ep, Number(addr?.id));
    expect(a.geo_precision).toBe('district');
    near(a, 121.57, 31.24);

    const id = await typedOrder(client, customer, { detail: '江苏省苏州市吴中区木渎镇金枫路216号' });
    const o = await geoOf('orders', ep, id);
    expect(o.geo_precision).toBe('district');
    near(o, 120.63, 31.26);

    // The customer's default address copied onto an order keeps its precision.
    const byDefault = await client.send(K.add, { customerId: customer, title: '保养' });
    expect(await geoOf('orders', ep, Number(byDefault.data.id))).toMatchObject({ geo_precision: 'district', latitude: a.latitude, longitude: a.longitude });
  });

  it('an edited address moves the pin; coordinates given with it (picked on a map) are exact', async () => {
    const { client, enterpriseId: ep } = await admin();
    const customer = await newCustomer(client);
    const id = await typedOrder(client, customer, { provinceCode: '11', cityCode: '1101', districtCode: '110105', detail: '北辰东路8号' });
    near(await geoOf('orders', ep, id), 116.49, 39.92);
    expect((await client.send(A.edit, { orderId: id, gpsAddr: { detail: '广州天河珠江新城华夏路8号' } })).success).toBe(true);
    const moved = await geoOf('orders', ep, id);
    expect(moved.geo_precision).toBe('district');
    near(moved, 113.36, 23.12);
    expect((await client.send(A.edit, { orderId: id, gpsAddr: { detail: '华夏路8号', latitude: 23.1189, longitude: 113.3245 } })).success).toBe(true);
    expect(await geoOf('orders', ep, id)).toMatchObject({ geo_precision: 'exact', latitude: 23.1189, longitude: 113.3245 });
  });

  it('an address that names no place gets no pin and is not retried', async () => {
    const { client, enterpriseId: ep } = await admin();
    const customer = await newCustomer(client);
    const id = await typedOrder(client, customer, { detail: 'asdf 1234' });
    expect(await geoOf('orders', ep, id)).toMatchObject({ geo_precision: 'none', latitude: null, longitude: null });
    const map = await client.call(S.map, { unassigned: false });
    expect(map.data.orders.map((o: { id: number }) => o.id)).not.toContain(id);
  });
});

describe('the map and the nearest engineers', () => {
  it('show the enterprise’s own orders with their precision and distances; another enterprise gets nothing', async () => {
    const { client, enterpriseId: ep } = await admin();
    const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: ep });
    const customer = await newCustomer(client);
    const id = await typedOrder(client, customer, { detail: '江苏省苏州市吴中区木渎镇' });
    await engineer.client.send(S.reportPosition, { latitude: 31.3, longitude: 120.6 });

    const map = await client.call(S.map, { unassigned: false });
    expect(map.data.orders.find((o: { id: number }) => o.id === id)).toMatchObject({ precision: 'district' });
    expect(map.data.engineers.map((e: { userId: number }) => e.userId)).toContain(engineer.user.id);
    const nearest = await client.call(S.nearest, { orderId: id });
    const d = nearest.data.find((e: { userId: number }) => e.userId === engineer.user.id)?.distance;
    expect(d).toBeGreaterThan(1000);
    expect(d).toBeLessThan(20_000);

    const stranger = await admin();
    const theirs = await stranger.client.call(S.map, { unassigned: false });
    expect(theirs.data.orders).toEqual([]);
    expect(theirs.data.engineers).toEqual([]);
    expect((await stranger.client.call(S.nearest, { orderId: id })).message).toMatch(/不存在/);
    // Their edit of our order finds nothing and moves nothing.
    const before = await geoOf('orders', ep, id);
    expect((await stranger.client.send(A.edit, { orderId: id, gpsAddr: { detail: '北京市海淀区' } })).success).toBe(false);
    expect(await geoOf('orders', ep, id)).toEqual(before);
  });

  it('a demo enterprise shows orders and engineers on both maps, with distances', async () => {
    const ep = await makeEnterprise(t.deps.db, { name: '演示企业' });
    for (let r = 1; r <= 10; r++) await makeUser(t.deps.db, ep, { roles: [r], admin: r === 3 });
    await runProvision(t.deps.db, ep, 'manufacturing');
    for (const step of demoSteps) await t.deps.db.transaction((tx) => step.run(tx, ep));
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3], enterpriseId: ep });
    const all = await client.call(S.map, { unassigned: false });
    expect(all.data.orders.length).toBeGreaterThan(5);
    expect(all.data.engineers.length).toBeGreaterThan(0);
    expect(all.data.orders.every((o: { precision: string | null }) => o.precision !== null)).toBe(true);
    const waiting = await client.call(S.map, { unassigned: true });
    expect(waiting.data.orders.length).toBeGreaterThan(0);
    const nearest = await client.call(S.nearest, { orderId: waiting.data.orders[0]!.id });
    expect(nearest.data.some((e: { distance: number | null }) => e.distance !== null)).toBe(true);
  });
});

describe('the backfill', () => {
  it('fills rows saved without coordinates, in batches, once even when run in parallel', async () => {
    const { client, enterpriseId: ep } = await admin();
    const customer = await newCustomer(client);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await typedOrder(client, customer, { detail: `浙江省杭州市西湖区文三路${i}号` }));
    // As an older save path or a bulk import leaves them.
    await t.deps.db.execute(
      sql`update orders set latitude = null, longitude = null, geo_precision = null where enterprise_id = ${ep} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    const counts = await Promise.all(Array.from({ length: 4 }, () => t.deps.db.transaction((tx) => backfillBatch(tx, 5))));
    let total = counts.reduce((a, b) => a + b, 0);
    while (true) {
      const n = await t.deps.db.transaction((tx) => backfillBatch(tx, 5));
      if (n === 0) break;
      total += n;
    }
    const filled = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and geo_precision = 'district' and id = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    expect(filled[0]?.n).toBe(12);
    expect(total).toBeGreaterThanOrEqual(12);
  });
});

describe('an online provider, chosen and keyed per enterprise', () => {
  it('keeps the key secret, refines pins after commit, and falls back to the offline pin when the provider fails', async () => {
    const { client, enterpriseId: ep } = await admin();
    const saved = await client.send(ST.batchSave, [
      { code: 'geo_provider', value: '高德' },
      { code: 'geo_key', value: 'amap-key' },
    ]);
    expect(saved.success, saved.message).toBe(true);
    expect((await client.call(ST.getByCode, { code: 'geo_key' })).data.value).toBe(SECRET_MASK);
    const listed = (await client.call(ST.list)).data.find((s: { code: string }) => s.code === 'geo_key');
    expect(listed).toMatchObject({ type: 'secret', value: SECRET_MASK });
    const [stored] = await rows<{ value: string }>(t.deps.db, sql`select value from system_settings where enterprise_id = ${ep} and code = 'geo_key'`);
    expect(stored?.value).not.toContain('amap-key');
    // Saving the mask back keeps the key.
    expect((await client.send(ST.batchSave, [{ code: 'geo_key', value: SECRET_MASK }])).success).toBe(true);

    const customer = await newCustomer(client);
    const id = await typedOrder(client, customer, { detail: '江苏省苏州市吴中区木渎镇金枫路216号' });
    expect((await geoOf('orders', ep, id)).geo_precision).toBe('district'); // offline, at once
    await drainJobs(t.deps);
    expect(await geoOf('orders', ep, id)).toMatchObject({ geo_precision: 'exact', longitude: 120.601234, latitude: 31.254321 });
    expect(asked.some((u) => u.searchParams.get('address')?.includes('吴中区木渎镇金枫路216号'))).toBe(true);

    // A wrong key: the provider's error is logged, the offline pin stays, nothing answers 500.
    expect((await client.send(ST.batchSave, [{ code: 'geo_key', value: 'wrong-key' }])).success).toBe(true);
    const id2 = await typedOrder(client, customer, { detail: '北京市海淀区中关村大街15号' });
    await drainJobs(t.deps);
    const kept = await geoOf('orders', ep, id2);
    expect(kept.geo_precision).toBe('district');
    near(kept, 116.3, 39.96);
  });

  it('routes by the provider the enterprise geocodes with, with its key; none without a key or a provider', async () => {
    const { client, enterpriseId: ep } = await admin();
    expect(await routingFor(t.deps.db, t.deps.config, ep)).toBeNull();
    for (const [name, label] of [
      ['腾讯', '腾讯路径规划'],
      ['百度', '百度路径规划'],
      ['高德', '高德路径规划'],
    ] as const) {
      const saved = await client.send(ST.batchSave, [
        { code: 'geo_provider', value: name },
        { code: 'geo_key', value: `${name}-key` },
      ]);
      expect(saved.success, saved.message).toBe(true);
      expect((await routingFor(t.deps.db, t.deps.config, ep))?.label).toBe(label);
    }
    expect((await client.send(ST.batchSave, [{ code: 'geo_key', value: '' }])).success).toBe(true);
    expect(await routingFor(t.deps.db, t.deps.config, ep)).toBeNull();
  });

  it('refuses a key with spaces, in Chinese, and writes nothing', async () => {
    const { client, enterpriseId: ep } = await admin();
    const r = await client.send(ST.batchSave, [
      { code: 'geo_provider', value: '腾讯' },
      { code: 'geo_key', value: 'a b' },
    ]);
    expect(r).toMatchObject({ success: false, message: expect.stringContaining('不能包含空格') });
    expect(await rows(t.deps.db, sql`select 1 from system_settings where enterprise_id = ${ep} and code like 'geo_%'`)).toEqual([]);
  });
});
