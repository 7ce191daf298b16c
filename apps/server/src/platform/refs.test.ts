import { automationContract as AU, DEFAULT_ORDER_PROCESS, processContract as PR, projectContract as PJ, slaContract as SLA } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { type Answer, type Client, loggedIn, makeUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { ensureDefaultTemplate } from '../modules/forms/templates.service';
import { checkIdsIn, LIVE_USER } from './refs';

// A setting stores only ids of its own enterprise. Each setting below is saved by enterprise A naming one
// id of enterprise B: refused in the envelope with a Chinese message, A's stored setting unchanged; A's own ids save.

let t: TestApp;
interface Side {
  client: Client;
  ep: number;
  user: number;
  orderType: number;
  orderTag: number;
  customerTag: number;
  group: number;
}
let a: Side;
let b: Side;

const one = async (q: SQL): Promise<number> => Number((await rows<{ id: number }>(t.deps.db, q))[0]?.id);
async function side(): Promise<Side> {
  const s = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = s.enterpriseId;
  const tag = (code: number) =>
    one(sql`insert into tags (enterprise_id, code, name, color_rgb) values (${ep}, ${code}, ${`标签${code}`}, '#1890ff') returning id`);
  return {
    client: s.client,
    ep,
    user: (await makeUser(t.deps.db, ep, { roles: [2] })).id,
    orderType: (await ensureDefaultTemplate(t.deps.db, ep, 1)).id,
    orderTag: await tag(3),
    customerTag: await tag(4),
    group: await one(sql`insert into service_groups (enterprise_id, name) values (${ep}, '一组') returning id`),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await side();
  b = await side();
});
afterAll(async () => t.close());

/** Everything A has stored in `table`, to compare before and after a refused save. */
const stored = (table: string) => rows(t.deps.db, sql`select * from ${sql.identifier(table)} where enterprise_id = ${a.ep} order by 1, 2`);

function expectRefused(r: Answer, message: string): void {
  expect(r.status).toBe(200);
  expect(r).toMatchObject({ success: false, code: 'VALIDATION', message });
}

/** Each body is refused with its message and leaves `table` as it was. */
async function refusesAll(table: string, save: (body: Record<string, unknown>) => Promise<Answer>, cases: [Record<string, unknown>, string][]): Promise<void> {
  const before = await stored(table);
  for (const [body, message] of cases) expectRefused(await save(body), message);
  expect(await stored(table)).toEqual(before);
}

describe('checkIdsIn', () => {
  it('passes own ids (repeated or none) and refuses any id of another enterprise, a missing one, or one failing the filter', async () => {
    const check = (ids: number[], where?: SQL) => checkIdsIn(t.deps.db, a.ep, 'users', ids, '人员：人员不存在', where);
    await expect(check([])).resolves.toBeUndefined();
    await expect(check([a.user, a.user])).resolves.toBeUndefined();
    await expect(check([a.user, b.user])).rejects.toMatchObject({ code: 'VALIDATION', message: '人员：人员不存在' });
    await expect(check([a.user, 9_000_000_000])).rejects.toMatchObject({ code: 'VALIDATION' });
    await t.deps.db.execute(sql`update users set enabled = false where enterprise_id = ${a.ep} and id = ${a.user}`);
    await expect(check([a.user], LIVE_USER)).rejects.toMatchObject({ code: 'VALIDATION' });
    await t.deps.db.execute(sql`update users set enabled = true where enterprise_id = ${a.ep} and id = ${a.user}`);
  });
});

describe('settings refuse another enterprise’s ids', () => {
  const policy = (o: Record<string, unknown> = {}) => ({ name: '标准SLA', clocks: [{ type: 2, target: 30, unit: 1, warnMinutes: 0 }], ...o });
  const slaCases = (): [Record<string, unknown>, string][] => [
    [policy({ templateIds: [a.orderType, b.orderType] }), '工单类型：所选工单类型不存在或已删除'],
    [policy({ customerTagIds: [b.customerTag] }), '客户标签：所选客户标签不存在或已删除'],
    [policy({ customerTagIds: [a.orderTag] }), '客户标签：所选客户标签不存在或已删除'],
    [policy({ serviceGroupIds: [b.group] }), '服务团队：所选服务团队不存在或已删除'],
  ];

  it('SLA policies: order types, customer tags and service groups', async () => {
    await refusesAll('sla_policies', (body) => a.client.send(SLA.create, body), slaCases());
    const own = policy({ templateIds: [a.orderType], customerTagIds: [a.customerTag], serviceGroupIds: [a.group] });
    const created = await a.client.send(SLA.create, own);
    expect(created).toMatchObject({ success: true });
    const id = created.data.id;
    await refusesAll('sla_policies', (body) => a.client.send(SLA.update, { ...body, id }), slaCases());
    expect((await a.client.send(SLA.detail, { id })).data).toMatchObject({
      templateIds: [a.orderType],
      customerTagIds: [a.customerTag],
      serviceGroupIds: [a.group],
    });
    expect(await a.client.send(SLA.update, { ...own, name: '改名', id })).toMatchObject({ success: true });
  });

  const rule = (o: Record<string, unknown> = {}) => ({
    templateId: a.orderType,
    name: '新单通知',
    trigger: 0,
    actions: [{ type: 'notify', roles: [1] }],
    ...o,
  });
  const timed = (o: Record<string, unknown> = {}) => ({ ...rule(o), trigger: 0, amount: 2, unit: 2, condition: 1 });
  const automationCases = (make: typeof rule): [Record<string, unknown>, string][] => [
    [make({ actions: [{ type: 'notify', userIds: [b.user] }] }), '人员：所选人员不存在或已删除'],
    [make({ actions: [{ type: 'assign', userId: b.user }] }), '人员：所选人员不存在或已删除'],
    [make({ actions: [{ type: 'visit', userId: b.user }] }), '人员：所选人员不存在或已删除'],
    [make({ actions: [{ type: 'copy', userIds: [a.user, b.user] }] }), '人员：所选人员不存在或已删除'],
    [make({ actions: [{ type: 'tag', tagId: b.orderTag }] }), '标签：所选工单标签不存在或已删除'],
    [make({ conditions: { tagIds: [b.orderTag] } }), '标签：所选工单标签不存在或已删除'],
    [make({ conditions: { serviceGroupIds: [b.group] } }), '服务组：所选服务组不存在或已删除'],
  ];

  it('automation rules and timed events: people, order tags and service groups in conditions and actions', async () => {
    for (const [make, add, update, table] of [
      [rule, AU.ruleAdd, AU.ruleUpdate, 'automation_rules'],
      [timed, AU.timedAdd, AU.timedUpdate, 'timed_events'],
    ] as const) {
      await refusesAll(table, (body) => a.client.send(add, body), automationCases(make));
      const own = make({
        conditions: { tagIds: [a.orderTag], serviceGroupIds: [a.group] },
        actions: [
          { type: 'assign', userId: a.user },
          { type: 'tag', tagId: a.orderTag },
        ],
      });
      const created = await a.client.send(add, own);
      expect(created).toMatchObject({ success: true });
      await refusesAll(table, (body) => a.client.send(update, { ...body, id: created.data.id }), automationCases(make));
      expect(await a.client.send(update, { ...own, name: '改名', id: created.data.id })).toMatchObject({ success: true });
    }
  });

  it('the order process: a named approver', async () => {
    const process = (userId: number) => ({ ...DEFAULT_ORDER_PROCESS, completeApproval: true, approvers: { complete: { by: 'user', userId } } });
    await refusesAll('process_versions', (body) => a.client.send(PR.publish, body), [
      [{ tid: a.orderType, process: process(b.user) }, '审核人：人员不存在或已停用'],
    ]);
    expect(await a.client.send(PR.publish, { tid: a.orderType, process: process(a.user) })).toMatchObject({ success: true });
  });

  it('project templates: approvers, managers, and a task template’s people', async () => {
    const tmpl = (o: Record<string, unknown> = {}) => ({ name: '安装项目', stages: [{ name: '勘察' }], ...o });
    const tmplCases = (): [Record<string, unknown>, string][] => [
      [tmpl({ managerIds: [a.user, b.user] }), '项目管理人员：人员不存在或已停用'],
      [tmpl({ createApproval: true, createApproverId: b.user }), '创建审批人：人员不存在或已停用'],
      [tmpl({ finishApproval: true, finishApproverId: b.user }), '完成审批人：人员不存在或已停用'],
    ];
    const templatesBefore = await stored('form_templates');
    await refusesAll('project_tmpl_settings', (body) => a.client.send(PJ.saveProjectProcessTmpl, body), tmplCases());
    expect(await stored('form_templates')).toEqual(templatesBefore);
    const created = await a.client.send(PJ.saveProjectProcessTmpl, tmpl({ managerIds: [a.user] }));
    expect(created).toMatchObject({ success: true });
    const id = created.data.id;
    await refusesAll('project_tmpl_settings', (body) => a.client.send(PJ.saveProjectProcessTmpl, { ...body, id }), tmplCases());
    const stageId = (await a.client.send(PJ.getProjectProcessTmplList, { id })).data.stages[0]?.id;
    const task = (o: Record<string, unknown>) => ({ templateId: id, stageId, name: '现场勘察', durationDays: 1, ...o });
    await refusesAll('project_tmpl_tasks', (body) => a.client.send(PJ.saveTaskTmpl, body), [
      [task({ coordinationUserIds: [b.user] }), '协作人：人员不存在或已停用'],
      [task({ principalId: b.user }), '负责人：人员不存在或已停用'],
      [task({ needApproval: true, approverId: b.user }), '审批人：人员不存在或已停用'],
    ]);
    expect(await a.client.send(PJ.saveTaskTmpl, task({ principalId: a.user, coordinationUserIds: [a.user] }))).toMatchObject({ success: true });
  });
});
