import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const planCount = async (ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from return_visit_plans where enterprise_id = ${ep}`))[0]?.n);

async function setup() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  const visitor = await makeUser(t.deps.db, ep, { roles: [7], name: '周回访' });
  const visitor2 = await makeUser(t.deps.db, ep, { roles: [7], name: '吴回访' });
  const engineer = await makeUser(t.deps.db, ep, { roles: [2] });
  const [tpl] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '安装单') returning id`,
  );
  return { admin, ep, visitor, visitor2, engineer, templateId: Number(tpl?.id) };
}

const body = (s: Awaited<ReturnType<typeof setup>>, extra: Record<string, unknown> = {}) => ({
  name: '安装回访',
  templateIds: [s.templateId],
  delayMinutes: 60,
  samplePercent: 50,
  minIntervalDays: 30,
  dimensions: [0, 1, 2, 3],
  visitorMode: 1,
  visitorIds: [s.visitor.id, s.visitor2.id],
  ...extra,
});

describe('return-visit plans', () => {
  it('create, list, edit and delete a plan with its records, delay, sampling, interval, questions and visitors', async () => {
    const s = await setup();
    const made = await s.admin.client.send(C.planCreate, body(s));
    expect(made).toMatchObject({ success: true, message: '保存成功' });
    const id = made.data.id;
    const list = await s.admin.client.send(C.planList, {});
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      id,
      name: '安装回访',
      templateNames: ['安装单'],
      delayMinutes: 60,
      samplePercent: 50,
      minIntervalDays: 30,
      visitorNames: ['周回访', '吴回访'],
      visitorMode: 1,
      enabled: true,
    });
    const upd = await s.admin.client.send(C.planUpdate, { id, ...body(s, { name: '回访池计划', visitorMode: 2, visitorIds: [], samplePercent: 100 }) });
    expect(upd.success).toBe(true);
    expect((await s.admin.client.send(C.planDetail, { id })).data).toMatchObject({ name: '回访池计划', visitorMode: 2, visitorIds: [], samplePercent: 100 });
    expect((await s.admin.client.send(C.planRemove, { id })).message).toBe('删除成功');
    expect((await s.admin.client.send(C.planDetail, { id })).code).toBe('NOT_FOUND');
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ samplePercent: 0 }, '抽样比例'],
      [{ samplePercent: 101 }, '抽样比例'],
      [{ name: '' }, '请输入计划名称'],
      [{ delayMinutes: -1 }, '完成后延迟'],
      [{ visitorIds: [s.engineer.id] }, '只能选择在职的回访客服'],
      [{ visitorIds: [] }, '轮流分配时请至少选择一名回访客服'],
      [{ visitType: 201 }, '服务单回访暂未开放'],
      [{ visitType: 6 }, '事件模板不存在或已被删除'],
      [{ dimensions: [7] }, '评价维度只能是0至3'],
    ];
    for (const [extra, message] of cases) {
      const r = await s.admin.client.send(C.planCreate, body(s, extra));
      expect(r.status).toBe(200);
      expect(r.success).toBe(false);
      expect(r.message).toContain(message);
    }
    expect(await planCount(s.ep)).toBe(0);
  });

  it('answers 未登录, a bad CSRF token, and no power; another enterprise’s plan is not found and unchanged', async () => {
    const s = await setup();
    const other = await setup();
    const theirs = (await other.admin.client.send(C.planCreate, body(other))).data.id;
    expect((await new Client(t.app).send(C.planList, {})).message).toBe('未登录');
    expect((await s.admin.client.send(C.planCreate, body(s), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const eng = await new Client(t.app).login(s.engineer.mobile, undefined, s.ep);
    expect((await eng.send(C.planList, {})).message).toBe('您没有该功能的操作权限');
    expect((await eng.send(C.planCreate, body(s))).code).toBe('NO_POWER');
    expect((await s.admin.client.send(C.planDetail, { id: theirs })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.planUpdate, { id: theirs, ...body(s, { name: '改名' }) })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.planRemove, { id: theirs })).code).toBe('NOT_FOUND');
    expect((await other.admin.client.send(C.planDetail, { id: theirs })).data).toMatchObject({ name: '安装回访', enabled: true });
    // A visitor or order type of another enterprise is refused like an unknown id.
    expect((await s.admin.client.send(C.planCreate, body(s, { templateIds: [other.templateId] }))).message).toContain('工单类型不存在');
    expect((await s.admin.client.send(C.planCreate, body(s, { visitorIds: [other.visitor.id] }))).message).toContain('回访客服');
    expect(await planCount(s.ep)).toBe(0);
  });
});
