import { dispatchContract as D, teamContract as T } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { orderIn, type Team, team } from '../orders/actions.fixtures';
import { groupOf, providerOf, templateOf } from './dispatch.fixtures';

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
});
afterAll(async () => t.close());

const rulesOf = (ep: number) => countOf(t.deps.db, 'dispatch_rules', sql`enterprise_id = ${ep}`);

describe('dispatch rules (/v2/dispatchRule)', () => {
  it('creates, lists in order with names, updates (keeping only the kind’s condition and the type’s target) and deletes', async () => {
    const g = await groupOf(t, tm.ep, '规则组', [tm.engineer.id]);
    const a = await tm.admin.client.send(D.ruleCreate, {
      name: '浦东',
      kind: 2,
      areaCode: '310115',
      templateId: null,
      targetType: 1,
      targetUserId: tm.engineer.id,
      sort: 2,
    });
    const b = await tm.admin.client.send(D.ruleCreate, {
      name: '团队',
      kind: 3,
      groupId: g,
      targetType: 2,
      targetGroupId: g,
      targetUserId: tm.engineer.id,
      sort: 1,
    });
    expect([a.success, b.success]).toEqual([true, true]);
    const list = await tm.admin.client.send(D.ruleList);
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['团队', '浦东']);
    expect(list.data[0]).toMatchObject({ kind: 3, groupName: '规则组', targetType: 2, targetGroupName: '规则组', targetUserId: null });
    expect(list.data[1]).toMatchObject({ areaCode: '310115', areaName: '上海市浦东新区', targetUserName: expect.any(String) });
    const tpl = await templateOf(t, tm.ep, await orderIn(t, tm, 1));
    const u = await tm.admin.client.send(D.ruleUpdate, {
      id: a.data.id,
      name: '按类型',
      kind: 1,
      templateId: tpl,
      areaCode: '310115',
      targetType: 1,
      targetUserId: tm.engineer2.id,
    });
    expect(u).toMatchObject({ success: true, message: '保存成功' });
    expect((await tm.admin.client.send(D.ruleList)).data.find((r: { id: number }) => r.id === a.data.id)).toMatchObject({
      kind: 1,
      templateId: tpl,
      areaCode: null,
    });
    expect(await tm.admin.client.send(D.ruleDelete, { ids: [a.data.id, b.data.id] })).toMatchObject({ success: true, message: '删除成功' });
    expect(await rulesOf(tm.ep)).toBe(0);
  });

  it('refuses the anonymous, a missing CSRF token, no power, bad input and another enterprise’s ids, writing nothing', async () => {
    const ok = { name: '规则', kind: 2, areaCode: '31', targetType: 1, targetUserId: tm.engineer.id };
    const mine = await tm.admin.client.send(D.ruleCreate, ok);
    const before = await rulesOf(tm.ep);
    expect((await new Client(t.app).send(D.ruleCreate, ok)).message).toBe('未登录');
    expect((await tm.admin.client.send(D.ruleCreate, ok, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await tm.dispatcher.client.send(D.ruleCreate, ok)).code).toBe('NO_POWER');
    expect((await tm.dispatcher.client.send(D.ruleList)).code).toBe('NO_POWER');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, areaCode: '上海' })).message).toBe('服务区域：服务区域应为省、市或区县的行政区划代码');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, areaCode: '99' })).message).toBe('服务区域：服务区域不存在');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, areaCode: null })).message).toBe(
      '规则类型：请填写规则的匹配条件（工单类型、服务区域、服务团队或产品分类）',
    );
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, targetUserId: null })).message).toBe('派单对象：请选择派给的服务人员、服务团队或服务商');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, kind: 7 })).message).toBe('规则类型：规则类型不正确');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, name: '' })).message).toBe('规则名称：请输入规则名称');
    // Another enterprise's person, team or provider is not a target here.
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, targetUserId: other.engineer.id })).message).toBe('服务人员：人员不存在、已停用或不是服务人员');
    const theirGroup = await groupOf(t, other.ep, '他组', []);
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, targetType: 2, targetGroupId: theirGroup })).message).toBe('派给团队：服务团队不存在');
    const theirProvider = await providerOf(t, other.ep, '他家服务商');
    expect((await tm.admin.client.send(D.ruleCreate, { ...ok, targetType: 3, targetProviderId: theirProvider })).message).toBe(
      '服务商：服务商不存在、已停用或不可接单',
    );
    expect(await rulesOf(tm.ep)).toBe(before);
    // Their rule: not found to us, unchanged.
    expect((await other.admin.client.send(D.ruleUpdate, { id: mine.data.id, ...ok, name: '改' })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.send(D.ruleDelete, { ids: [mine.data.id] })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.send(D.ruleList)).data.find((r: { id: number }) => r.id === mine.data.id)?.name).toBe('规则');
    expect(await rulesOf(tm.ep)).toBe(before);
  });
});

describe('default dispatch (/v2/processSet/getDefaultDispatch, updateDefaultDispatch)', () => {
  it('answers the default (off) until saved, then what was saved with names; needs the rule page’s power', async () => {
    const fresh = await team(t);
    expect((await fresh.admin.client.send(D.getDefaultDispatch)).data).toMatchObject({ enabled: false, targetType: 4 });
    const g = await groupOf(t, fresh.ep, '默认组', []);
    expect(await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 2, targetGroupId: g })).toMatchObject({
      success: true,
      message: '保存成功',
    });
    expect((await fresh.admin.client.send(D.getDefaultDispatch)).data).toMatchObject({
      enabled: true,
      targetType: 2,
      targetGroupId: g,
      targetGroupName: '默认组',
    });
    expect((await fresh.dispatcher.client.send(D.getDefaultDispatch)).code).toBe('NO_POWER');
    expect((await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 1 })).message).toBe(
      '派单对象：请选择派给的服务人员、服务团队或服务商',
    );
    expect((await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 1, targetUserId: other.engineer.id })).message).toBe(
      '服务人员：人员不存在、已停用或不是服务人员',
    );
    expect((await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: 'x', targetType: 1 })).code).toBe('VALIDATION');
    expect((await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: false, targetType: 4 }, { csrf: false })).message).toBe(
      '操作失败，无效的CsrfToken',
    );
    expect((await new Client(t.app).send(D.getDefaultDispatch)).message).toBe('未登录');
    expect((await fresh.admin.client.send(D.getDefaultDispatch)).data).toMatchObject({ enabled: true, targetGroupId: g });
  });
});

describe('deleting the default dispatch’s team', () => {
  it('refuses while the default sends orders to it; once the default is off the team goes and the setting forgets it', async () => {
    const fresh = await team(t);
    const g = await groupOf(t, fresh.ep, '默认组', []);
    await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: true, targetType: 2, targetGroupId: g });
    expect(await fresh.admin.client.send(T.groupDelete, { id: g })).toMatchObject({
      success: false,
      code: 'GROUP_DEFAULT_DISPATCH',
      message: '该服务团队是默认派单对象，请先修改默认派单设置后再删除',
    });
    await fresh.admin.client.send(D.updateDefaultDispatch, { enabled: false, targetType: 2, targetGroupId: g });
    expect(await fresh.admin.client.send(T.groupDelete, { id: g })).toMatchObject({ success: true, message: '删除成功' });
    expect((await fresh.admin.client.send(D.getDefaultDispatch)).data).toMatchObject({ enabled: false, targetType: 2, targetGroupId: null });
  });
});
