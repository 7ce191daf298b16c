import { orderContract as O, orderCreateContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally, behindLock } from '../../test/race';
import { countOf, newCustomer } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = (plan: 0 | 1 = 1) => loggedIn(t.app, t.deps.db, { roles: [3], plan });
const itemsOf = (ep: number) => countOf(t.deps.db, 'service_items', sql`enterprise_id = ${ep}`);
const typesOf = (ep: number) => countOf(t.deps.db, 'service_item_types', sql`enterprise_id = ${ep}`);

describe('service-item catalogue (/v2/serverItem/*)', () => {
  it('creates types and items, lists them by type and name in their order, edits and deletes them', async () => {
    const { client, enterpriseId } = await admin();
    const repair = (await client.send(K.itemTypeSave, { name: '维修类' })).data.id;
    const install = (await client.send(K.itemTypeSave, { name: '安装类', sort: 1 })).data.id;
    const a = await client.send(K.itemSave, { name: '上门检测', price: 80, unit: '次', typeId: repair, sort: 2 });
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = (await client.send(K.itemSave, { name: '更换压缩机', price: '650.5', typeId: repair, sort: 1 })).data.id;
    await client.send(K.itemSave, { name: '空调安装', price: 200, typeId: install });
    await client.send(K.itemSave, { name: '清洗保养', price: 0 });

    const all = await client.send(K.itemList, { pageIndex: 0, pageSize: 9999 });
    expect(all.data.count).toBe(4);
    const byType = await client.send(K.itemList, { typeId: repair });
    expect(byType.data.list.map((i: { name: string }) => i.name)).toEqual(['更换压缩机', '上门检测']);
    expect(byType.data.list[0]).toMatchObject({ price: 650.5, typeName: '维修类', unit: '' });
    expect((await client.send(K.itemList, { name: '安装' })).data.list).toMatchObject([{ name: '空调安装', typeId: install }]);
    expect((await client.send(K.itemTypeList)).data).toMatchObject([
      { name: '维修类', itemCount: 2 },
      { name: '安装类', itemCount: 1 },
    ]);

    expect((await client.send(K.itemSave, { id: b, name: '更换压缩机（含工时）', price: 700, typeId: install })).success).toBe(true);
    expect((await client.send(K.itemList, { typeId: install })).data.count).toBe(2);
    expect((await client.send(K.itemDelete, { ids: [b] })).message).toBe('删除成功');
    expect(await itemsOf(enterpriseId)).toBe(3);
    expect((await client.send(K.itemTypeDelete, { id: install })).message).toBe('分类“安装类”下还有1个服务项目，不能删除');
    expect(await typesOf(enterpriseId)).toBe(2);
  });

  it('refuses taken names, an unknown type, and deleting an item an order uses, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const item = (await client.send(K.itemSave, { name: '上门检测', price: 80 })).data.id;
    expect((await client.send(K.itemSave, { name: '上门检测', price: 90 })).message).toBe('名称已存在');
    await client.send(K.itemTypeSave, { name: '维修类' });
    expect((await client.send(K.itemTypeSave, { name: '维修类' })).message).toBe('名称已存在');
    expect((await client.send(K.itemSave, { name: '新项目', price: 1, typeId: 999999999 })).message).toBe('服务项目分类：分类不存在或已被删除');
    const customer = await newCustomer(client);
    expect((await client.send(O.add, { customerId: customer, title: '检测', serviceId: [item] })).success).toBe(true);
    expect((await client.send(K.itemDelete, { ids: [item] })).message).toBe('服务项目“上门检测”已被工单使用，不能删除');
    // An edit changes the catalogue, never the order's line (name and price as created).
    await client.send(K.itemSave, { id: item, name: '上门检测（新）', price: 100 });
    const [line] = await rows<{ name: string; price: string }>(
      t.deps.db,
      sql`select name, price from order_service_items where enterprise_id = ${enterpriseId}`,
    );
    expect(line).toMatchObject({ name: '上门检测', price: '80.00' });
    expect(await itemsOf(enterpriseId)).toBe(1);
    expect(await typesOf(enterpriseId)).toBe(1);
  });

  it('a delete that waited for an order taking the item says the order uses it (not a conflict)', async () => {
    const { client, enterpriseId } = await admin();
    const item = (await client.send(K.itemSave, { name: '上门检测', price: 80 })).data.id;
    const customer = await newCustomer(client);
    const order = (await client.send(O.add, { customerId: customer, title: '检测' })).data.id;
    // The order's new line holds the item (its foreign key's share lock) until it commits.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
        values (${enterpriseId}, ${order}, ${item}, '上门检测', 80, 1, 80)`);
      },
      () => client.send(K.itemDelete, { ids: [item] }),
    );
    expect(del.message).toBe('服务项目“上门检测”已被工单使用，不能删除');
    expect(await itemsOf(enterpriseId)).toBe(1);
  });

  it('answers bad input in Chinese and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const cases: [typeof K.itemSave | typeof K.itemTypeSave, Record<string, unknown>, string][] = [
      [K.itemSave, { price: 1 }, '请输入服务项目名称'],
      [K.itemSave, { name: 'x'.repeat(51), price: 1 }, '服务项目名称不能超过50个字'],
      [K.itemSave, { name: '检测', price: -1 }, '价格不能小于0'],
      [K.itemSave, { name: '检测', price: 1.234 }, '价格最多两位小数'],
      [K.itemSave, { name: '检测', price: '很贵' }, '价格'],
      [K.itemSave, { name: '检测', price: 1, sort: -5 }, '排序不能小于0'],
      [K.itemTypeSave, { name: '' }, '请输入分类名称'],
    ];
    for (const [ep, body, text] of cases) {
      const r = await client.send(ep, body);
      expect(r.status).toBe(200);
      expect(r.success).toBe(false);
      expect(r.message).toContain(text);
    }
    const list = await client.send(K.itemList, { pageSize: 10000 });
    expect(list).toMatchObject({ success: false, message: expect.stringContaining('每页最多9999条') });
    expect((await client.send(K.itemList, { typeId: 'abc' })).success).toBe(false);
    expect(await itemsOf(enterpriseId)).toBe(0);
    expect(await typesOf(enterpriseId)).toBe(0);
  });

  it('refuses the anonymous, a missing CSRF token and a role without the power; reading is for every user', async () => {
    const { client, enterpriseId } = await admin();
    const anon = new Client(t.app);
    expect((await anon.send(K.itemList)).message).toBe('未登录');
    expect((await anon.send(K.itemSave, { name: '检测', price: 1 })).message).toBe('未登录');
    expect((await client.send(K.itemSave, { name: '检测', price: 1 }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    for (const [ep, body] of [
      [K.itemSave, { name: '检测', price: 1 }],
      [K.itemDelete, { ids: [1] }],
      [K.itemTypeSave, { name: '维修类' }],
      [K.itemTypeDelete, { id: 1 }],
    ] as const) {
      expect((await engineer.client.send(ep, body)).code).toBe('NO_POWER');
    }
    expect(await itemsOf(enterpriseId)).toBe(0);
    await client.send(K.itemSave, { name: '检测', price: 1 });
    expect((await engineer.client.send(K.itemList)).data.count).toBe(1);
  });

  it('keeps enterprises apart: another enterprise’s ids are not found and stay unchanged', async () => {
    const mine = await admin();
    const other = await admin();
    const theirType = (await other.client.send(K.itemTypeSave, { name: '维修类' })).data.id;
    const theirs = (await other.client.send(K.itemSave, { name: '检测', price: 5, typeId: theirType })).data.id;
    expect((await mine.client.send(K.itemList)).data.count).toBe(0);
    expect((await mine.client.send(K.itemSave, { id: theirs, name: '改名', price: 1 })).code).toBe('NOT_FOUND');
    expect((await mine.client.send(K.itemDelete, { ids: [theirs] })).code).toBe('NOT_FOUND');
    expect((await mine.client.send(K.itemTypeSave, { id: theirType, name: '改名' })).code).toBe('NOT_FOUND');
    expect((await mine.client.send(K.itemTypeDelete, { id: theirType })).code).toBe('NOT_FOUND');
    expect((await mine.client.send(K.itemSave, { name: '借用分类', price: 1, typeId: theirType })).message).toBe('服务项目分类：分类不存在或已被删除');
    const customer = await newCustomer(mine.client);
    expect((await mine.client.send(O.add, { customerId: customer, title: '越权', serviceId: [theirs] })).message).toBe('服务项目：服务项目不存在或已被删除');
    const [row] = await rows<{ name: string }>(t.deps.db, sql`select name from service_items where enterprise_id = ${other.enterpriseId} and id = ${theirs}`);
    expect(row?.name).toBe('检测');
    expect(await itemsOf(mine.enterpriseId)).toBe(0);
    expect(await typesOf(other.enterpriseId)).toBe(1);
  });

  it('is not locked on the free plan (the spec locks neither creating orders nor the catalogue), pages stop at 100 there', async () => {
    const { client } = await admin(0);
    expect((await client.send(K.itemSave, { name: '检测', price: 1 })).success).toBe(true);
    expect((await client.send(K.itemList, { pageSize: 100 })).data.count).toBe(1);
    expect((await client.send(K.itemList, { pageSize: 9999 })).message).toBe('每页条数：免费版每页最多显示100条');
  });

  it('gives one of two parallel saves of the same name the name, the other a clear message', async () => {
    const { client, enterpriseId } = await admin();
    expect(tally(await race(8, () => client.send(K.itemSave, { name: '同名项目', price: 1 })))).toEqual({ ok: 1, 名称已存在: 7 });
    expect(await itemsOf(enterpriseId)).toBe(1);
  });

  it('lets only one of several parallel saves take the last place of the 9999-item catalogue', async () => {
    const { client, enterpriseId } = await admin();
    await t.deps.db.execute(sql`insert into service_items (enterprise_id, name, price) select ${enterpriseId}, '批量' || g, 1 from generate_series(1, 9998) g`);
    const answers = await race(6, (i) => client.send(K.itemSave, { name: `最后一个${i}`, price: 1 }));
    expect(tally(answers)).toEqual({ ok: 1, '数量已达上限（9999个）': 5 });
    expect(await itemsOf(enterpriseId)).toBe(9999);
  });
});
