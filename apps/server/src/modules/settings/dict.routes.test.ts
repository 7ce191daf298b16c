import { areaContract, DICT_MAX_ITEMS, DICT_TYPES, dictContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { provisionDictionaries } from './dict.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup(o: Parameters<typeof loggedIn>[2] = {}) {
  const s = await loggedIn(t.app, t.deps.db, o);
  await t.deps.db.transaction((tx) => provisionDictionaries(tx, s.enterpriseId));
  return s;
}
const names = (list: { name: string }[]) => list.map((x) => x.name);
const itemId = async (c: Client, type: number, name: string): Promise<number> =>
  (await c.call(C.items, { type })).data.find((x: { name: string }) => x.name === name)!.id;
const count = async (enterpriseId: number, type: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from dict_items where enterprise_id = ${enterpriseId} and type = ${type}`))[0]?.n);

describe('dictionary catalogue and seeding', () => {
  it('covers every dictionary type of part 2 and part 1’s basic info types, each seeded', async () => {
    const names = DICT_TYPES.map((x) => x.name);
    for (const n of [
      '物流公司',
      '销售渠道',
      '上门服务类型',
      '远程服务类型',
      '赔偿服务类型',
      '电话指导服务类型',
      '退换货服务类型',
      '服务方式',
      '店铺',
      '旧件返还地址',
      '发货仓库',
      '责任原因',
      '分析单位',
      '销售单位',
      '使用场所',
      '投诉等级',
      '无法完成原因',
      '结算系数',
      '不通过原因',
      '下次回访原因',
      '服务类型',
      '标签',
      '厂家联系人',
      '厂家电话',
      '费用审核原因',
    ])
      expect(names).toContain(n);
    for (const id of [1, 2, 4, 5, 6, 37, 61]) expect(DICT_TYPES.some((x) => x.type === id)).toBe(true);
    expect(new Set(DICT_TYPES.map((x) => x.type)).size).toBe(DICT_TYPES.length);
    expect(new Set(DICT_TYPES.map((x) => x.code)).size).toBe(DICT_TYPES.length);
    const { client, enterpriseId } = await setup({ roles: [2] });
    const types = (await client.call(C.types)).data;
    expect(types.length).toBe(DICT_TYPES.length);
    expect(types.every((x: { count: number }) => x.count > 0)).toBe(true);
    expect(types.find((x: { code: string }) => x.code === 'sales_channel')).toMatchObject({ type: 102, fixed: true, count: 3 });
    await t.deps.db.transaction((tx) => provisionDictionaries(tx, enterpriseId));
    expect(await count(enterpriseId, 101)).toBe(8);
  });
});

describe('reading dictionaries', () => {
  it('answers enabled items by type, by a comma list of types and by code', async () => {
    const { client } = await setup({ roles: [2] });
    const logistics = await client.call(C.list, { type: 101 });
    expect(names(logistics.data).slice(0, 2)).toEqual(['顺丰速运', '中通快递']);
    expect(logistics.data[0]).toMatchObject({ type: 101, enabled: true, sort: 1 });
    const both = await client.call(C.valueByTypeList, { type: '116,102' });
    expect(both.data.map((x: { type: number; name: string }) => `${x.type}:${x.name}`)).toEqual([
      '102:线下渠道',
      '102:电商渠道',
      '102:经销商渠道',
      '116:一般投诉',
      '116:重要投诉',
      '116:重大投诉',
    ]);
    expect(both.data[0]!.value).toBe('1');
    expect(names((await client.call(C.codeContent, { code: 'complaint_level' })).data)).toEqual(['一般投诉', '重要投诉', '重大投诉']);
    expect(names((await client.call(C.codeContent, { code: '116' })).data)).toHaveLength(3);
  });

  it('refuses unknown types and codes in Chinese', async () => {
    const { client } = await setup();
    expect((await client.call(C.list, { type: 3 })).message).toBe('字典类型：不存在的字典类型');
    expect((await client.call(C.list, {})).code).toBe('VALIDATION');
    expect((await client.call(C.valueByTypeList, { type: '101,999' })).message).toBe('字典类型：不存在的字典类型');
    expect((await client.call(C.codeContent, { code: 'nothing' })).message).toBe('字典编码：不存在的字典编码');
  });

  it('needs a session', async () => {
    const anon = new Client(t.app);
    for (const [ep, q] of [
      [C.list, { type: 101 }],
      [C.valueByTypeList, { type: 101 }],
      [C.codeContent, { code: 'shop' }],
      [C.types, {}],
      [C.items, { type: 101 }],
    ] as const) {
      expect((await anon.call(ep, q)).message).toBe('未登录');
    }
  });
});

describe('dictionary settings page', () => {
  it('adds, edits, disables, sorts and deletes items', async () => {
    const { client, enterpriseId } = await setup();
    const created = await client.call(C.create, { type: 101, name: '极兔速递' });
    expect(created).toMatchObject({ success: true, message: '保存成功' });
    const id = created.data.id;
    expect((await client.call(C.items, { type: 101 })).data.at(-1)).toMatchObject({ id, name: '极兔速递', sort: 9, value: '' });
    expect((await client.call(C.update, { id, name: '极兔快递' })).message).toBe('保存成功');
    const sf = await itemId(client, 101, '顺丰速运');
    expect((await client.call(C.enable, { ids: [sf], enabled: false })).message).toBe('保存成功');
    expect(names((await client.call(C.list, { type: 101 })).data)).not.toContain('顺丰速运');
    expect(names((await client.call(C.items, { type: 101, keyword: '顺丰' })).data)).toEqual(['顺丰速运']);
    expect((await client.call(C.sort, { type: 101, ids: [id, sf] })).message).toBe('保存成功');
    const sorted = (await client.call(C.items, { type: 101 })).data;
    expect(names(sorted).slice(0, 3)).toEqual(['极兔快递', '顺丰速运', '中通快递']);
    expect(sorted.map((x: { sort: number }) => x.sort)).toEqual(sorted.map((_: unknown, i: number) => i + 1));
    expect((await client.call(C.remove, { ids: [id] })).message).toBe('删除成功');
    expect(await count(enterpriseId, 101)).toBe(8);
  });

  it('twenty creates at once near the limit stop at the limit', async () => {
    const { client, enterpriseId } = await setup();
    const have = await count(enterpriseId, 101);
    await t.deps.db.execute(sql`insert into dict_items (enterprise_id, type, name, sort)
      select ${enterpriseId}, 101, '填充' || g, 100 + g from generate_series(1, ${DICT_MAX_ITEMS - 5 - have}) g`);
    const answers = await race(20, (i) => client.call(C.create, { type: 101, name: `并发${i}` }));
    expect(tally(answers).ok).toBe(5);
    expect(await count(enterpriseId, 101)).toBe(DICT_MAX_ITEMS);
  });

  it('checks the value column of types that have one', async () => {
    const { client } = await setup();
    expect((await client.call(C.create, { type: 118, name: '高原地区' })).message).toBe('系数：请填写系数');
    expect((await client.call(C.create, { type: 118, name: '高原地区', value: '12' })).message).toBe('系数：请输入0至10之间的数，最多两位小数');
    expect((await client.call(C.create, { type: 118, name: '高原地区', value: '1.8' })).success).toBe(true);
    const phone = await itemId(client, 124, '售后服务热线');
    expect((await client.call(C.update, { id: phone, name: '售后服务热线', value: '电话' })).message).toBe('电话：请输入正确的电话号码');
    expect((await client.call(C.update, { id: phone, name: '售后服务热线', value: '400-820-8820' })).success).toBe(true);
  });

  it('refuses duplicates, bad input and changes to the built-in sales channels; nothing written', async () => {
    const { client, enterpriseId } = await setup();
    expect((await client.call(C.create, { type: 101, name: '顺丰速运' })).code).toBe('NAME_TAKEN');
    expect((await client.call(C.create, { type: 101, name: ' ' })).message).toBe('名称：请输入名称');
    expect((await client.call(C.create, { type: 101, name: 'x'.repeat(51) })).message).toBe('名称：名称不能超过50个字');
    const zt = await itemId(client, 101, '中通快递');
    expect((await client.call(C.update, { id: zt, name: '圆通速递' })).code).toBe('NAME_TAKEN');
    expect((await client.call(C.remove, { ids: [] })).message).toBe('字典项：请选择需要删除的行');
    expect((await client.call(C.remove, { ids: `${zt},abc` })).message).toBe('字典项：ID格式错误，应为正整数');
    expect(await count(enterpriseId, 101)).toBe(8);
    expect((await client.call(C.create, { type: 102, name: '直播渠道', value: '4' })).code).toBe('DICT_FIXED');
    const offline = await itemId(client, 102, '线下渠道');
    expect((await client.call(C.remove, { ids: [offline] })).message).toBe('该字典为系统内置，不能新增或删除字典项');
    expect((await client.call(C.update, { id: offline, name: '门店渠道', value: '1' })).success).toBe(true);
    expect(await count(enterpriseId, 102)).toBe(3);
  });

  it('answers NOT_FOUND for another enterprise’s items and leaves them unchanged', async () => {
    const a = await setup();
    const b = await setup();
    const foreign = await itemId(a.client, 101, '顺丰速运');
    const own = await itemId(b.client, 101, '顺丰速运');
    expect((await b.client.call(C.update, { id: foreign, name: '改名' })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.remove, { ids: [own, foreign] })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.enable, { ids: [foreign], enabled: false })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.sort, { type: 101, ids: [foreign] })).code).toBe('NOT_FOUND');
    const shop = await itemId(b.client, 109, '官方旗舰店');
    expect((await b.client.call(C.sort, { type: 101, ids: [shop] })).code).toBe('NOT_FOUND');
    const theirs = (await a.client.call(C.items, { type: 101 })).data[0];
    expect(theirs).toMatchObject({ id: foreign, name: '顺丰速运', enabled: true, sort: 1 });
    expect(await count(b.enterpriseId, 101)).toBe(8);
  });

  it('needs a session, the CSRF token and sh_system_setting for changes', async () => {
    const { client, enterpriseId } = await setup();
    const sf = await itemId(client, 101, '顺丰速运');
    const writes = [
      [C.create, { type: 101, name: '新物流' }],
      [C.update, { id: sf, name: '新物流' }],
      [C.remove, { ids: [sf] }],
      [C.sort, { type: 101, ids: [sf] }],
      [C.enable, { ids: [sf], enabled: false }],
    ] as const;
    const staff = await loggedIn(t.app, t.deps.db, { roles: [6], enterpriseId });
    for (const [ep, body] of writes) {
      expect((await new Client(t.app).call(ep, body)).message).toBe('未登录');
      expect((await client.call(ep, body, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
      expect((await staff.client.call(ep, body)).code).toBe('NO_POWER');
    }
    expect((await client.call(C.items, { type: 101 })).data[0]).toMatchObject({ id: sf, name: '顺丰速运', enabled: true });
    expect(await count(enterpriseId, 101)).toBe(8);
  });
});

describe('areas', () => {
  it('answers provinces, then a province’s cities, then a city’s districts', async () => {
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [4] });
    const provinces = (await client.call(areaContract.list)).data;
    expect(provinces.length).toBe(31);
    expect(provinces.find((p: { name: string }) => p.name === '广东省')).toEqual({ code: '44', name: '广东省', leaf: false });
    const cities = (await client.call(areaContract.list, { parentCode: '44' })).data;
    expect(cities.find((c: { name: string }) => c.name === '深圳市')).toEqual({ code: '4403', name: '深圳市', leaf: false });
    const districts = (await client.call(areaContract.list, { parentCode: '4403' })).data;
    expect(districts.find((d: { name: string }) => d.name === '南山区')).toEqual({ code: '440305', name: '南山区', leaf: true });
  });

  it('refuses malformed and unknown codes, and needs a session', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(areaContract.list, { parentCode: '440305' })).message).toBe('上级地区编码：请传入2位省级或4位市级编码');
    expect((await client.call(areaContract.list, { parentCode: '99' })).code).toBe('NOT_FOUND');
    expect((await new Client(t.app).call(areaContract.list)).message).toBe('未登录');
  });
});
