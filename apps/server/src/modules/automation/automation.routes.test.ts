import { automationContract as C, DEFAULT_NOTICE_TEMPLATE, freeNotice } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { notify, orderTag, orderType } from './automation.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function admin(plan: 0 | 1 | 2 = 1) {
  const a = await loggedIn(t.app, t.deps.db, { roles: [3], plan });
  return { ...a, ep: a.enterpriseId, tpl: await orderType(t, a.enterpriseId) };
}
const rule = (templateId: number, o: Record<string, unknown> = {}) => ({ templateId, name: '新单通知', trigger: 0, actions: [notify({ roles: [1] })], ...o });
const timed = (templateId: number, o: Record<string, unknown> = {}) => ({
  templateId,
  name: '两小时未派单',
  trigger: 0,
  amount: 2,
  unit: 2,
  condition: 1,
  actions: [notify({ personTypes: [2] })],
  ...o,
});
const count = (table: string, ep: number) => countOf(t.deps.db, table, sql`enterprise_id = ${ep}`);

describe('automation rules', () => {
  it('adds, lists, updates and deletes a rule of an order type', async () => {
    const { client, ep, tpl } = await admin();
    const tag = await orderTag(t, ep);
    const add = await client.send(C.ruleAdd, rule(tpl, { conditions: { priorities: [2, 3], tagIds: [tag] } }));
    expect(add).toMatchObject({ success: true, message: '保存成功' });
    const list = await client.send(C.ruleList, { templateId: tpl });
    expect(list.data).toEqual([
      expect.objectContaining({
        id: add.data.id,
        name: '新单通知',
        trigger: 0,
        enabled: true,
        conditions: { priorities: [2, 3], tagIds: [tag], serviceGroupIds: [], fields: [] },
        actions: [notify({ roles: [1] })],
      }),
    ]);
    expect(
      await client.send(C.ruleUpdate, { ...rule(tpl, { name: '改名', enabled: false, actions: [{ type: 'tag', tagId: tag }] }), id: add.data.id }),
    ).toMatchObject({ success: true });
    expect((await client.send(C.ruleList, { templateId: tpl })).data[0]).toMatchObject({
      name: '改名',
      enabled: false,
      actions: [{ type: 'tag', tagId: tag }],
    });
    expect(await client.send(C.ruleDelete, { id: add.data.id })).toMatchObject({ success: true, message: '删除成功' });
    expect(await count('automation_rules', ep)).toBe(0);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const { client, ep, tpl } = await admin();
    const bad: [Record<string, unknown>, string][] = [
      [rule(tpl, { trigger: 8 }), '触发时机'],
      [rule(tpl, { actions: [] }), '请至少添加一个动作'],
      [rule(tpl, { name: '' }), '请输入名称'],
      [rule(tpl, { actions: [{ type: 'webhook', url: 'ftp://x' }] }), 'http://'],
      [rule(tpl, { actions: [{ type: 'explode' }] }), '类型'],
      [rule(tpl, { actions: [{ type: 'tag', tagId: 999999 }] }), '标签'],
      [rule(tpl, { actions: [notify({ userIds: [999999] })] }), '人员'],
      [rule(tpl, { actions: [notify({ channels: ['fax'] })] }), '通知方式'],
    ];
    for (const [body, text] of bad) {
      const r = await client.send(C.ruleAdd, body);
      expect(r, JSON.stringify(body)).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(r.message).toContain(text);
    }
    expect(await count('automation_rules', ep)).toBe(0);
  });

  it('answers not found for another enterprise’s order type or rule, and changes nothing', async () => {
    const a = await admin();
    const b = await admin();
    const { data } = await a.client.send(C.ruleAdd, rule(a.tpl));
    expect(await b.client.send(C.ruleAdd, rule(a.tpl))).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await b.client.send(C.ruleList, { templateId: a.tpl })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await b.client.send(C.ruleUpdate, { ...rule(b.tpl, { name: '偷改' }), id: data.id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await b.client.send(C.ruleDelete, { id: data.id })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await a.client.send(C.ruleList, { templateId: a.tpl })).data).toEqual([expect.objectContaining({ name: '新单通知' })]);
  });

  it('locks automatic copy on the free plan', async () => {
    const { client, ep, tpl, user } = await admin(0);
    const r = await client.send(C.ruleAdd, rule(tpl, { actions: [{ type: 'copy', userIds: [user.id] }] }));
    expect(r).toMatchObject({ success: false, message: freeNotice('autoCopy') });
    expect(await count('automation_rules', ep)).toBe(0);
    expect(await client.send(C.ruleAdd, rule(tpl))).toMatchObject({ success: true });
  });
});

describe('timed events', () => {
  it('adds, lists, updates and deletes, and refuses an unknown trigger, unit or condition', async () => {
    const { client, ep, tpl } = await admin();
    const add = await client.send(C.timedAdd, timed(tpl));
    expect(add).toMatchObject({ success: true });
    expect((await client.send(C.timedList, { templateId: tpl })).data).toEqual([expect.objectContaining({ trigger: 0, amount: 2, unit: 2, condition: 1 })]);
    expect(await client.send(C.timedUpdate, { ...timed(tpl, { trigger: 13, amount: 3, unit: 3, condition: 9 }), id: add.data.id })).toMatchObject({
      success: true,
    });
    expect((await client.send(C.timedList, { templateId: tpl })).data[0]).toMatchObject({ trigger: 13, amount: 3, unit: 3, condition: 9 });
    for (const [o, text] of [
      [{ trigger: 14 }, '计时起点'],
      [{ unit: 4 }, '时间单位'],
      [{ condition: 10 }, '未完成条件'],
      [{ amount: 0 }, '时长'],
    ] as const) {
      const r = await client.send(C.timedAdd, timed(tpl, o));
      expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(r.message).toContain(text);
    }
    expect(await count('timed_events', ep)).toBe(1);
    expect(await client.send(C.timedDelete, { id: add.data.id })).toMatchObject({ success: true });
    expect(await count('timed_events', ep)).toBe(0);
  });
});

describe('notification settings and the robot', () => {
  it('answers defaults for every event, saves channels and templates per event', async () => {
    const { client } = await admin();
    const q = await client.send(C.queryNotify);
    expect(q.data).toHaveLength(10);
    expect(q.data[0]).toEqual({ event: 0, name: '创建后', channels: ['notice'], template: DEFAULT_NOTICE_TEMPLATE });
    const save = await client.send(C.updateNotify, { list: [{ event: 1, channels: ['notice', 'robot'], template: '派单：{工单编号}' }] });
    expect(save).toMatchObject({ success: true, message: '保存成功' });
    expect((await client.send(C.queryNotify)).data[1]).toEqual({ event: 1, name: '派单后', channels: ['notice', 'robot'], template: '派单：{工单编号}' });
    const dup = await client.send(C.updateNotify, { list: [{ event: 2 }, { event: 2 }] });
    expect(dup).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await client.send(C.updateNotify, { list: [{ event: 10 }] })).toMatchObject({ success: false, code: 'VALIDATION' });
  });

  it('keeps the robot per enterprise and never answers its secret', async () => {
    const a = await admin();
    const b = await admin();
    expect((await a.client.send(C.robotGet)).data).toEqual({ robotType: 1, robotUrl: '', hasSecret: false });
    expect(
      await a.client.send(C.robotSet, { robotType: 2, robotUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', robotSecret: 's3' }),
    ).toMatchObject({ success: true });
    expect((await a.client.send(C.robotGet)).data).toEqual({
      robotType: 2,
      robotUrl: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k',
      hasSecret: true,
    });
    await a.client.send(C.robotSet, { robotType: 1, robotUrl: 'https://oapi.dingtalk.com/robot/send?access_token=t', keepSecret: true });
    expect((await a.client.send(C.robotGet)).data).toMatchObject({ robotType: 1, hasSecret: true });
    expect((await b.client.send(C.robotGet)).data).toEqual({ robotType: 1, robotUrl: '', hasSecret: false });
    expect(await a.client.send(C.robotSet, { robotType: 3, robotUrl: '' })).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await a.client.send(C.robotSet, { robotType: 1, robotUrl: 'javascript:alert(1)' })).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await b.client.send(C.robotTest)).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('the usual refusals', () => {
  it('refuses anonymous callers, a missing CSRF token and a user without the setting power', async () => {
    const { client, ep, tpl } = await admin();
    const anon = new Client(t.app);
    const employee = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId: ep });
    const inputs: Record<string, Record<string, unknown>> = {
      ruleList: { templateId: tpl },
      ruleAdd: rule(tpl),
      ruleUpdate: { ...rule(tpl), id: 1 },
      ruleDelete: { id: 1 },
      timedList: { templateId: tpl },
      timedAdd: timed(tpl),
      timedUpdate: { ...timed(tpl), id: 1 },
      timedDelete: { id: 1 },
      deliveries: {},
      resend: { id: 1 },
      queryNotify: {},
      updateNotify: { list: [{ event: 0 }] },
      robotGet: {},
      robotSet: { robotType: 1, robotUrl: '' },
      robotTest: {},
    };
    for (const [k, ep_] of Object.entries(C)) {
      const input = inputs[k];
      expect((await anon.send(ep_, input)).message, k).toBe('未登录');
      expect((await employee.client.send(ep_, input)).code, k).toBe('NO_POWER');
      if (ep_.method !== 'GET') expect((await client.send(ep_, input, { csrf: false })).message, k).toBe('操作失败，无效的CsrfToken');
    }
    expect(await count('automation_rules', ep)).toBe(0);
    expect(await count('notify_robots', ep)).toBe(0);
  });

  it('answers not found when re-sending another enterprise’s delivery', async () => {
    const a = await admin();
    const b = await admin();
    const [d] = await t.deps.db
      .execute(sql`insert into webhook_deliveries (enterprise_id, url, body, status) values (${a.ep}, 'http://127.0.0.1:9/x', '{}', 3) returning id`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    expect(await b.client.send(C.resend, { id: Number(d?.id) })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await a.client.send(C.deliveries, {})).data).toMatchObject({ count: 1, list: [{ status: 3 }] });
    expect((await b.client.send(C.deliveries, {})).data).toEqual({ count: 0, list: [] });
  });
});
