import { customerContract as C, productContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer, newModel } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });
const installedOf = (ep: number) => countOf(t.deps.db, 'installed_products', sql`enterprise_id = ${ep}`);

describe('product catalogue (/allProduct)', () => {
  it('saves, lists, filters, reads and deletes models', async () => {
    const { client } = await admin();
    const r = await client.call(P.productSave, {
      name: '商用中央空调',
      brand: '格力',
      model: 'GMV-H450',
      category: '暖通空调',
      warrantyPeriod: 2,
      warrantyUnit: 3,
      warrantyStartType: 3,
    });
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    await newModel(client, { name: '净水器', category: '净水设备' });
    expect((await client.call(P.productList, { keyword: '格力' })).data).toMatchObject({ count: 2 });
    expect((await client.call(P.productList, { keyword: 'h450' })).data.list.map((m: { id: number }) => m.id)).toEqual([r.data.id]);
    expect((await client.call(P.productList, { category: '净水设备' })).data.count).toBe(1);
    expect((await client.call(P.productCategories)).data).toEqual(['净水设备', '暖通空调']);
    expect((await client.call(P.productDetail, { id: r.data.id })).data).toMatchObject({
      name: '商用中央空调',
      warrantyPeriod: 2,
      warrantyUnit: 3,
      images: [],
      installedCount: 0,
    });
    expect((await client.call(P.productSimpleList, { keyword: '空调' })).data).toEqual([
      { id: r.data.id, name: '商用中央空调', brand: '格力', model: 'GMV-H450', category: '暖通空调' },
    ]);
    expect((await client.call(P.productDelete, { ids: [r.data.id] })).message).toBe('删除成功');
    expect((await client.call(P.productDetail, { id: r.data.id })).code).toBe('NOT_FOUND');
  });

  it('refuses bad input, foreign files, CSRF, power and another enterprise; a model in use cannot be deleted', async () => {
    const { client, enterpriseId } = await admin();
    expect((await client.call(P.productSave, { name: '', warrantyUnit: 2 })).message).toBe('产品名称：请输入产品名称');
    expect((await client.call(P.productSave, { name: 'x', warrantyUnit: 9 })).message).toBe('保修期单位：保修期单位不正确');
    expect((await client.call(P.productSave, { name: 'x', images: [999999] })).message).toBe('文件不存在或已被删除');
    expect((await client.call(P.productSave, { name: 'x' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect(await countOf(t.deps.db, 'product_models', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
    const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await worker.client.call(P.productList, {})).code).toBe('NO_POWER');
    const m = await newModel(client);
    await client.call(P.productionSave, { productId: m, serialNumber: 'SN-IN-USE' });
    const used = await client.call(P.productDelete, { ids: [m] });
    expect(used.code).toBe('PRODUCT_IN_USE');
    const other = await admin();
    expect((await other.client.call(P.productDetail, { id: m })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.productSave, { id: m, name: '改' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.productDelete, { ids: [m] })).code).toBe('NOT_FOUND');
    expect((await client.call(P.productDetail, { id: m })).data.name).not.toBe('改');
  });
});

describe('installed products (/v2/customer/production/*)', () => {
  it('registers a product with warranty from its model; a period change recomputes it', async () => {
    const { client } = await admin();
    const customer = await newCustomer(client);
    const [address] = (await client.call(C.detail, { id: customer })).data.addresses;
    const install = await newModel(client, { warrantyPeriod: 1, warrantyUnit: 3, warrantyStartType: 3 });
    const purchase = await newModel(client, { warrantyPeriod: 6, warrantyUnit: 2, warrantyStartType: 2 });
    const a = await client.call(P.productionSave, {
      productId: install,
      serialNumber: 'SN-A',
      customerId: customer,
      addressId: address!.id,
      purchaseDate: '2024-01-10',
      installDate: '2024-03-01',
    });
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = await client.call(P.productionSave, { productId: purchase, serialNumber: 'SN-B', purchaseDate: '2024-01-10', installDate: '2024-03-01' });
    const da = (await client.call(P.productionDetail, { customerProductionId: a.data.id })).data;
    expect(da).toMatchObject({ warrantyEnd: '2025-02-28', warrantyStartType: 3, customerName: expect.any(String), address: address?.fullAddress, status: 1 });
    expect(da.qrLink).toBe(`/productManage/qr/${da.qrCode}`);
    expect((await client.call(P.productionDetail, { customerProductionId: b.data.id })).data.warrantyEnd).toBe('2024-07-09');
    await client.call(P.productSave, { id: install, name: '改了保修期', warrantyPeriod: 10, warrantyUnit: 3, warrantyStartType: 2 });
    expect((await client.call(P.productionDetail, { customerProductionId: a.data.id })).data.warrantyEnd).toBe('2034-01-09');
    const list = await client.call(P.productionList, { customerId: customer });
    expect(list.data).toMatchObject({ count: 1, list: [{ id: a.data.id, serialNumber: 'SN-A' }] });
    expect((await client.call(P.productionList, { warrantyState: 2 })).data.list.map((x: { id: number }) => x.id)).toEqual([b.data.id]);
    expect((await client.call(P.productionList, { warrantyState: 1 })).data.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    expect((await client.call(P.productionList, { keyword: 'SN-B' })).data.count).toBe(1);
    expect((await client.call(C.detail, { id: customer })).data.productCount).toBe(1);
  });

  it('refuses a duplicate serial number and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const m = await newModel(client);
    expect((await client.call(P.productionSave, { productId: m, serialNumber: 'SN-1' })).success).toBe(true);
    const dup = await client.call(P.productionSave, { productId: m, serialNumber: 'SN-1' });
    expect(dup).toMatchObject({ success: false, code: 'SERIAL_TAKEN', message: '该序列号已被使用，请更换' });
    expect(await installedOf(enterpriseId)).toBe(1);
    // The same serial number in another enterprise is fine.
    const other = await admin();
    const m2 = await newModel(other.client);
    expect((await other.client.call(P.productionSave, { productId: m2, serialNumber: 'SN-1' })).success).toBe(true);
  });

  it('opens a product by its QR code and serves the code as PNG and SVG', async () => {
    const { client } = await admin();
    const m = await newModel(client);
    const { data } = await client.call(P.productionSave, { productId: m, serialNumber: 'SN-QR' });
    const { qrCode } = (await client.call(P.productionDetail, { customerProductionId: data.id })).data;
    expect((await client.call(P.productionByCode, { code: qrCode })).data).toMatchObject({ id: data.id, serialNumber: 'SN-QR' });
    const png = await t.app.inject({ method: 'GET', url: `/api/v2/customer/production/qrcode?id=${data.id}`, headers: { cookie: client.cookie } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const svg = await t.app.inject({ method: 'GET', url: `/api/v2/customer/production/qrcode?id=${data.id}&type=svg`, headers: { cookie: client.cookie } });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const other = await admin();
    expect((await other.client.call(P.productionByCode, { code: qrCode })).code).toBe('NOT_FOUND');
    const foreign = await t.app.inject({ method: 'GET', url: `/api/v2/customer/production/qrcode?id=${data.id}`, headers: { cookie: other.client.cookie } });
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await new Client(t.app).call(P.productionQrcode, { id: data.id })).message).toBe('未登录');
  });

  it('refuses an address of another customer, CSRF, power, the free plan and another enterprise', async () => {
    const { client, enterpriseId } = await admin();
    const m = await newModel(client);
    const c1 = await newCustomer(client);
    const c2 = await newCustomer(client);
    const [addr2] = (await client.call(C.detail, { id: c2 })).data.addresses;
    expect((await client.call(P.productionSave, { productId: m, customerId: c1, addressId: addr2!.id })).message).toBe('地址：该地址不属于所选客户');
    expect((await client.call(P.productionSave, { productId: m, installDate: '2024-13' })).message).toBe('安装日期：日期格式应为YYYY-MM-DD');
    expect((await client.call(P.productionSave, { productId: m }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect(await installedOf(enterpriseId)).toBe(0);
    const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await worker.client.call(P.productionList, {})).code).toBe('NO_POWER');
    const free = await admin({ plan: 0 });
    expect((await free.client.call(P.productionList, {})).message).toBe('免费版不支持产品管理，建议升级为VIP版本，咨询热线：400-800-6688');
    const { data } = await client.call(P.productionSave, { productId: m, serialNumber: 'SN-X', customerId: c1 });
    const other = await admin();
    const m2 = await newModel(other.client);
    expect((await other.client.call(P.productionDetail, { customerProductionId: data.id })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.productionSave, { id: data.id, productId: m2, serialNumber: '改' })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.productionSave, { productId: m2, customerId: c1 })).code).toBe('NOT_FOUND');
    expect((await other.client.call(P.productionDelete, { ids: [data.id] })).code).toBe('NOT_FOUND');
    expect((await client.call(P.productionDetail, { customerProductionId: data.id })).data.serialNumber).toBe('SN-X');
    expect((await client.call(P.productionDelete, { ids: [data.id] })).message).toBe('删除成功');
    expect(await installedOf(enterpriseId)).toBe(0);
  });

  it('a salesperson sees only products of own customers (and ones they registered without a customer)', async () => {
    const { client: boss, enterpriseId } = await admin();
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId });
    const m = await newModel(boss);
    const mine = await newCustomer(boss, { businessUserId: sales.user.id });
    const theirs = await newCustomer(boss);
    const p1 = (await boss.call(P.productionSave, { productId: m, customerId: mine })).data.id;
    const p2 = (await boss.call(P.productionSave, { productId: m, customerId: theirs })).data.id;
    const p3 = (await sales.client.call(P.productionSave, { productId: m })).data.id;
    const ids = (await sales.client.call(P.productionList, {})).data.list.map((x: { id: number }) => x.id);
    expect(ids.sort()).toEqual([p1, p3].sort());
    expect((await sales.client.call(P.productionDetail, { customerProductionId: p2 })).code).toBe('NOT_FOUND');
    const [{ n }] = (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from installed_products where enterprise_id = ${enterpriseId}`)) as [
      { n: number },
    ];
    expect(n).toBe(3);
  });
});
