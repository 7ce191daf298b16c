import { freeNotice, tagsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { tags } from '../../db/schema/index';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { hasAnyTag, registerTagTarget, tagsOf } from './tag-links';
import { provisionTags } from './tags.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A logged-in user in a fresh enterprise that has the default tags. */
async function setup(o: Parameters<typeof loggedIn>[2] = {}) {
  const s = await loggedIn(t.app, t.deps.db, o);
  await t.deps.db.transaction((tx) => provisionTags(tx, s.enterpriseId));
  return s;
}
const tagId = async (c: Client, code: number, name: string): Promise<number> =>
  (await c.call(C.list, { code })).data.find((x: { name: string }) => x.name === name)!.id;
const linkCount = async (enterpriseId: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from tag_links where enterprise_id = ${enterpriseId}`))[0]?.n);

describe('tag management', () => {
  it('lists the default tags of a code in order, with color_rgb', async () => {
    const { client } = await setup();
    const r = await client.call(C.list, { code: 1 });
    expect(r.success).toBe(true);
    expect(r.data.map((x: { name: string }) => x.name)).toEqual(['空闲', '忙碌', '外出服务', '休假']);
    expect(r.data[0]).toMatchObject({ code: 1, color_rgb: '#52c41a' });
    expect(r.data[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await client.call(C.list, { code: 2 })).message).toBe('标签类型：只能是1（人员状态）、3（工单）、4（客户）或6（事件）');
  });

  it('creates, reads, renames and deletes a tag', async () => {
    const { client } = await setup();
    const created = await client.call(C.create, { code: 3, name: '保内', color_rgb: '#13c2c2' });
    expect(created).toMatchObject({ success: true, message: '保存成功' });
    const id = created.data.id;
    expect((await client.call(C.detail, { id })).data).toMatchObject({ id, code: 3, name: '保内', color_rgb: '#13c2c2', sort: 5 });
    expect(await client.call(C.update, { id, name: '保外', color_rgb: 'rgb(1,2,3)' })).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.call(C.detail, { id })).data).toMatchObject({ name: '保外', color_rgb: 'rgb(1,2,3)' });
    const del = await client.request('DELETE', `${C.remove.path}?id=${id}`);
    expect(del).toMatchObject({ success: true, message: '删除成功' });
    expect((await client.call(C.detail, { id })).code).toBe('NOT_FOUND');
  });

  it('deletes several tags by ids in the body', async () => {
    const { client } = await setup();
    const a = await tagId(client, 4, 'VIP客户');
    const b = await tagId(client, 4, '经销商');
    expect((await client.call(C.remove, { ids: [a, b] })).message).toBe('删除成功');
    expect((await client.call(C.list, { code: 4 })).data.map((x: { name: string }) => x.name)).toEqual(['潜在客户']);
    expect((await client.call(C.remove, {})).message).toBe('标签：请选择需要删除的标签');
  });

  it('refuses a duplicate name within a code, but allows it under another code', async () => {
    const { client } = await setup();
    expect(await client.call(C.create, { code: 3, name: '加急', color_rgb: '#000000' })).toMatchObject({
      success: false,
      code: 'NAME_TAKEN',
      message: '名称已存在',
    });
    expect((await client.call(C.create, { code: 6, name: '加急', color_rgb: '#000000' })).success).toBe(true);
    const id = await tagId(client, 3, '返修');
    expect((await client.call(C.update, { id, name: '投诉', color_rgb: '#000000' })).code).toBe('NAME_TAKEN');
    expect((await client.call(C.detail, { id })).data.name).toBe('返修');
  });

  it('refuses bad input with a Chinese message naming the field, and writes nothing', async () => {
    const { client, enterpriseId } = await setup();
    const before = (await client.call(C.list, { code: 3 })).data.length;
    expect((await client.call(C.create, { code: 3, name: '', color_rgb: '#fff' })).message).toBe('标签名称：请输入标签名称');
    expect((await client.call(C.create, { code: 3, name: '好', color_rgb: 'red' })).message).toBe('标签颜色：请选择颜色（如 #1890ff）');
    expect((await client.call(C.create, { code: 3, name: 'x'.repeat(21), color_rgb: '#ffffff' })).message).toBe('标签名称：标签名称不能超过20个字');
    expect((await client.call(C.list, { code: 3 })).data.length).toBe(before);
    expect(enterpriseId).toBeGreaterThan(0);
  });

  it('answers NOT_FOUND for another enterprise’s tag and leaves it unchanged', async () => {
    const a = await setup();
    const b = await setup();
    const id = await tagId(a.client, 3, '加急');
    expect((await b.client.call(C.detail, { id })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.update, { id, name: '改名', color_rgb: '#000000' })).code).toBe('NOT_FOUND');
    const own = await tagId(b.client, 3, '加急');
    expect((await b.client.call(C.remove, { ids: [own, id] })).code).toBe('NOT_FOUND');
    expect((await a.client.call(C.detail, { id })).data.name).toBe('加急');
    expect((await b.client.call(C.detail, { id: own })).success).toBe(true);
  });

  it('needs a session, the CSRF token, the tag power and a paid plan', async () => {
    const anon = new Client(t.app);
    expect((await anon.call(C.list, { code: 3 })).message).toBe('未登录');
    expect((await anon.call(C.create, { code: 3, name: 'a', color_rgb: '#000000' })).message).toBe('未登录');
    const { client } = await setup();
    const noCsrf = await client.call(C.create, { code: 3, name: '无令牌', color_rgb: '#000000' }, { csrf: false });
    expect(noCsrf.message).toBe('操作失败，无效的CsrfToken');
    const dispatcher = await setup({ roles: [1] });
    expect(await dispatcher.client.call(C.create, { code: 3, name: '派单员', color_rgb: '#000000' })).toMatchObject({ success: false, code: 'NO_POWER' });
    const id = await tagId(dispatcher.client, 3, '加急');
    expect((await dispatcher.client.call(C.remove, { ids: [id] })).code).toBe('NO_POWER');
    const free = await setup({ plan: 0 });
    const r = await free.client.call(C.create, { code: 3, name: '免费', color_rgb: '#000000' });
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE', message: freeNotice('tags') });
    expect((await client.call(C.list, { code: 3 })).data.map((x: { name: string }) => x.name)).not.toContain('无令牌');
  });
});

describe('tags on records', () => {
  // Orders do not exist yet: a stand-in check accepts ids below 1000, as the orders module's check would accept its own orders.
  registerTagTarget(3, async (_ex, _user, ids) => ids.filter((id) => id < 1000));

  it('links tags to records once, lists them per record, filters by them and unlinks', async () => {
    const { client, enterpriseId } = await setup();
    const urgent = await tagId(client, 3, '加急');
    const repair = await tagId(client, 3, '返修');
    expect(await client.call(C.batchAdd, { code: 3, tagIds: [urgent, repair], objIds: [11, 12] })).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.call(C.batchAdd, { code: 3, tagIds: [urgent], objIds: '11,13' })).success).toBe(true);
    expect(await linkCount(enterpriseId)).toBe(5);
    const by = await tagsOf(t.deps.db, enterpriseId, 3, [11, 12, 13, 14]);
    expect(by.get(11)?.map((x) => x.name)).toEqual(['加急', '返修']);
    expect(by.get(13)?.map((x) => x.name)).toEqual(['加急']);
    expect(by.has(14)).toBe(false);
    const filtered = await rows<{ id: number }>(
      t.deps.db,
      sql`select id from unnest(array[11,12,13,14]::bigint[]) as id where ${hasAnyTag(enterpriseId, 3, [repair], sql`id`)} order by id`,
    );
    expect(filtered.map((r) => Number(r.id))).toEqual([11, 12]);
    expect((await client.call(C.batchRemove, { code: 3, tagIds: [urgent], objIds: [11, 12, 13] })).message).toBe('删除成功');
    expect(await linkCount(enterpriseId)).toBe(2);
  });

  it('deleting a tag removes its links', async () => {
    const { client, enterpriseId } = await setup();
    const urgent = await tagId(client, 3, '加急');
    await client.call(C.batchAdd, { code: 3, tagIds: [urgent], objIds: [1, 2] });
    await client.call(C.remove, { id: urgent });
    expect(await linkCount(enterpriseId)).toBe(0);
  });

  it('refuses tags of another enterprise or another code, and records the module does not know; nothing written', async () => {
    const a = await setup();
    const b = await setup();
    const foreign = await tagId(a.client, 3, '加急');
    const own = await tagId(b.client, 3, '加急');
    const status = await tagId(b.client, 1, '空闲');
    const customerTag = await tagId(b.client, 4, 'VIP客户');
    expect((await b.client.call(C.batchAdd, { code: 3, tagIds: [own, foreign], objIds: [1] })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.batchAdd, { code: 3, tagIds: [customerTag], objIds: [1] })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.batchAdd, { code: 3, tagIds: [own], objIds: [1, 5000] })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.batchAdd, { code: 1, tagIds: [status], objIds: [1] })).message).toBe('标签类型：只能是3（工单）、4（客户）或6（事件）');
    expect((await b.client.call(C.batchAdd, { code: 3, tagIds: [], objIds: [1] })).message).toBe('标签：请至少选择一项');
    expect(await linkCount(b.enterpriseId)).toBe(0);
    await a.client.call(C.batchAdd, { code: 3, tagIds: [foreign], objIds: [7] });
    expect((await b.client.call(C.batchRemove, { code: 3, tagIds: [foreign], objIds: [7] })).code).toBe('NOT_FOUND');
    expect(await linkCount(a.enterpriseId)).toBe(1);
  });

  it('needs a session, the CSRF token and a paid plan', async () => {
    const body = { code: 3, tagIds: [1], objIds: [1] };
    expect((await new Client(t.app).call(C.batchAdd, body)).message).toBe('未登录');
    expect((await new Client(t.app).call(C.batchRemove, body)).message).toBe('未登录');
    const { client, enterpriseId } = await setup();
    const urgent = await tagId(client, 3, '加急');
    expect((await client.call(C.batchAdd, { ...body, tagIds: [urgent] }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(C.batchRemove, { ...body, tagIds: [urgent] }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect(await linkCount(enterpriseId)).toBe(0);
    const free = await setup({ plan: 0 });
    expect((await free.client.call(C.batchAdd, body)).message).toBe(freeNotice('tags'));
    expect((await free.client.call(C.batchRemove, body)).message).toBe(freeNotice('tags'));
  });
});

describe('user availability status', () => {
  it('sets the caller’s status and answers it with the list to choose from', async () => {
    const { client } = await setup({ roles: [2] });
    const before = await client.call(C.getUserStateLabel);
    expect(before.data.current).toBeNull();
    expect(before.data.list.map((x: { name: string }) => x.name)).toEqual(['空闲', '忙碌', '外出服务', '休假']);
    const busy = before.data.list[1]!;
    expect(await client.call(C.updateUserStateTag, { tagId: busy.id })).toMatchObject({ success: true, message: '修改状态成功' });
    expect((await client.call(C.getUserStateLabel)).data.current).toEqual({ id: busy.id, name: '忙碌', color_rgb: '#fa8c16' });
  });

  it('clears the status when its tag is deleted', async () => {
    const { client } = await setup();
    const busy = await tagId(client, 1, '忙碌');
    await client.call(C.updateUserStateTag, { tagId: busy });
    await client.call(C.remove, { id: busy });
    const [u] = await rows<{ s: number | null }>(t.deps.db, sql`select status_tag_id as s from users where status_tag_id = ${busy}`);
    expect(u).toBeUndefined();
    expect((await client.call(C.getUserStateLabel)).data.current).toBeNull();
  });

  it('accepts only a status tag of the caller’s own enterprise', async () => {
    const a = await setup();
    const b = await setup();
    const mine = await tagId(b.client, 1, '空闲');
    await b.client.call(C.updateUserStateTag, { tagId: mine });
    const foreign = await tagId(a.client, 1, '忙碌');
    expect((await b.client.call(C.updateUserStateTag, { tagId: foreign })).code).toBe('NOT_FOUND');
    const orderTag = await tagId(b.client, 3, '加急');
    expect((await b.client.call(C.updateUserStateTag, { tagId: orderTag })).code).toBe('NOT_FOUND');
    expect((await b.client.call(C.updateUserStateTag, { tagId: 'x' })).message).toMatch(/^状态：/);
    expect((await b.client.call(C.getUserStateLabel)).data.current?.name).toBe('空闲');
  });

  it('changes only the caller’s own status', async () => {
    const a = await setup();
    const other = await makeUser(t.deps.db, a.enterpriseId, { roles: [2] });
    const busy = await tagId(a.client, 1, '忙碌');
    await a.client.call(C.updateUserStateTag, { tagId: busy });
    const [o] = await rows<{ s: number | null }>(
      t.deps.db,
      sql`select status_tag_id as s from users where enterprise_id = ${a.enterpriseId} and id = ${other.id}`,
    );
    expect(o?.s).toBeNull();
  });

  it('needs a session and the CSRF token; the free plan is refused with the notice', async () => {
    expect((await new Client(t.app).call(C.getUserStateLabel)).message).toBe('未登录');
    expect((await new Client(t.app).call(C.updateUserStateTag, { tagId: 1 })).message).toBe('未登录');
    const { client } = await setup();
    const busy = await tagId(client, 1, '忙碌');
    expect((await client.call(C.updateUserStateTag, { tagId: busy }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.call(C.getUserStateLabel)).data.current).toBeNull();
    const free = await setup({ plan: 0 });
    const freeBusy = await tagId(free.client, 1, '忙碌');
    const r = await free.client.call(C.updateUserStateTag, { tagId: freeBusy });
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE', message: freeNotice('statusSetting') });
    expect((await free.client.call(C.getUserStateLabel)).data.current).toBeNull();
  });

  it('every role holds the status power, so a user without roles is the one refused', async () => {
    const { client } = await setup({ roles: [] });
    expect((await client.call(C.updateUserStateTag, { tagId: 1 })).code).toBe('NO_ROLE');
  });
});

describe('provisioning', () => {
  it('is idempotent', async () => {
    const { enterpriseId } = await setup();
    await t.deps.db.transaction((tx) => provisionTags(tx, enterpriseId));
    const [r] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${tags} where enterprise_id = ${enterpriseId}`);
    expect(Number(r?.n)).toBe(14);
  });
});
