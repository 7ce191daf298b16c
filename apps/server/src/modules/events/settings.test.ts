import { EVENT_ACTIONS, eventSettingContract as S } from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const templateOf = async (c: Client, path = '/v2/eventTemp/list') => (await c.get(path)).data.list[0].id as number;
const newEvent = async (c: Client) => (await c.post('/v2/event/add', { title: '网络中断' })).data.id as number;

describe('event template settings (/v2/eventTemp/setting)', () => {
  it('allows every action and any principal until saved; saved, it refuses the switched-off actions and principals of other roles', async () => {
    const { client, enterpriseId } = await admin();
    const tmpId = await templateOf(client);
    expect((await client.call(S.setting, { tmpId })).data).toEqual({ tmpId, actions: [...EVENT_ACTIONS], principalRoles: [] });

    const clerk = await makeUser(t.deps.db, enterpriseId, { roles: [4] });
    const engineer = await makeUser(t.deps.db, enterpriseId, { roles: [2] });
    const before = await newEvent(client);
    expect((await client.post('/v2/event/assign', { id: before, principalId: clerk.id })).success).toBe(true);

    // assign and claim stay even when left out
    expect(await client.call(S.saveSetting, { tmpId, actions: ['start', 'complete', 'close'], principalRoles: [2] })).toMatchObject({
      success: true,
      message: '保存成功',
    });
    expect((await client.call(S.setting, { tmpId })).data).toEqual({ tmpId, actions: ['assign', 'claim', 'start', 'complete', 'close'], principalRoles: [2] });

    const id = await newEvent(client);
    expect(await client.post('/v2/event/assign', { id, principalId: clerk.id })).toMatchObject({ success: false, message: '负责人须为服务人员' });
    expect((await client.post('/v2/event/assign', { id, principalId: engineer.id })).success).toBe(true);
    const eng = await new Client(t.app).login(engineer.mobile, TEST_PASSWORD, enterpriseId);
    expect((await eng.post('/v2/event/start', { id })).success).toBe(true);
    const d = await eng.get(`/v2/event/detailed?id=${id}`);
    expect(d.data.abilities).toContain('complete');
    expect(d.data.abilities).not.toContain('escalate');
    expect(d.data.abilities).not.toContain('pause');
    expect(await eng.post('/v2/event/pause', { id, reason: '等配件' })).toMatchObject({ success: false, message: '该事件模板未启用此操作' });
    expect((await eng.get(`/v2/event/detailed?id=${id}`)).data.state).toBe(3);
  });

  it('refuses another enterprise’s template, an order type, bad roles and a role without the power', async () => {
    const a = await admin();
    const b = await admin();
    const foreign = await templateOf(b.client);
    expect(await a.client.call(S.setting, { tmpId: foreign })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await a.client.call(S.saveSetting, { tmpId: foreign, actions: [], principalRoles: [] })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await b.client.call(S.setting, { tmpId: foreign })).data.actions).toEqual([...EVENT_ACTIONS]);
    const orderType = await templateOf(a.client, '/v2/temp/list');
    expect(await a.client.call(S.setting, { tmpId: orderType })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const mine = await templateOf(a.client);
    const bad = await a.client.call(S.saveSetting, { tmpId: mine, actions: ['fly'], principalRoles: [11] });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
    const staff = await makeUser(t.deps.db, a.enterpriseId, { roles: [2] });
    const c = await new Client(t.app).login(staff.mobile, TEST_PASSWORD, a.enterpriseId);
    expect(await c.call(S.saveSetting, { tmpId: mine, actions: [], principalRoles: [] })).toMatchObject({ success: false, code: 'NO_POWER' });
  });
});
