import { cycleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf } from '../customers/test-helpers';
import { cycleSetup, planBody } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('cycle templates', () => {
  it('create, list, edit and delete a template with its frequency, order type, service items and checklist', async () => {
    const s = await cycleSetup(t);
    const [item] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into service_items (enterprise_id, name, price) values (${s.ep}, '保养服务费', 200) returning id`,
    );
    const made = await s.admin.client.send(C.tmplAdd, {
      name: '季度巡检',
      every: 3,
      unit: 4,
      orderTitle: '季度巡检工单',
      serviceItemIds: [Number(item?.id)],
      checklist: ['检查电源', '清理机柜'],
    });
    expect(made).toMatchObject({ success: true, message: '保存成功' });
    const list = await s.admin.client.send(C.tmplList, { name: '季度' });
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({
      name: '季度巡检',
      every: 3,
      unit: 4,
      serviceItemNames: ['保养服务费'],
      checklist: ['检查电源', '清理机柜'],
      planCount: 0,
    });
    const upd = await s.admin.client.send(C.tmplUpdate, { id: made.data.id, name: '半年巡检', every: 6, unit: 4, checklist: [] });
    expect(upd.success).toBe(true);
    expect((await s.admin.client.send(C.tmplDetail, { id: made.data.id })).data).toMatchObject({
      name: '半年巡检',
      every: 6,
      checklist: [],
      serviceItemIds: [],
    });
    expect((await s.admin.client.send(C.tmplOptions, {})).data.map((o) => o.name)).toEqual(['半年巡检', '空调保养']);
    expect((await s.admin.client.send(C.tmplDelete, { id: made.data.id })).message).toBe('删除成功');
    expect((await s.admin.client.send(C.tmplDetail, { id: made.data.id })).code).toBe('NOT_FOUND');
  });

  it('refuses bad input in Chinese, writes nothing, and keeps a template a live plan uses', async () => {
    const s = await cycleSetup(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入模板名称'],
      [{ every: 0 }, '周期不能小于1'],
      [{ unit: 1 }, '周期单位只能是3（天）或4（月）'],
      [{ checklist: [''] }, '检查项不能为空'],
      [{ serviceItemIds: [999999] }, '服务项目不存在'],
      [{ orderTypeId: 999999 }, '工单类型不存在或已停用'],
    ];
    for (const [extra, message] of cases) {
      const r = await s.admin.client.send(C.tmplAdd, { name: '巡检', every: 1, unit: 3, ...extra });
      expect(r.status).toBe(200);
      expect(r.success, message).toBe(false);
      expect(r.message).toContain(message);
    }
    expect(await countOf(t.deps.db, 'cycle_templates', sql`enterprise_id = ${s.ep}`)).toBe(1);
    await s.admin.client.send(C.planAdd, planBody(s));
    expect((await s.admin.client.send(C.tmplDelete, { id: s.templateId })).message).toBe('该模板正被周期计划使用，请先结束这些计划');
  });
});

describe('cycle plans', () => {
  it('create on a product or a contract, list with filters, detail with upcoming dates, edit', async () => {
    const s = await cycleSetup(t);
    const a = await s.admin.client.send(C.planAdd, planBody(s));
    expect(a).toMatchObject({ success: true, message: '保存成功' });
    const b = await s.admin.client.send(
      C.planAdd,
      planBody(s, { name: '合同保养', targetType: 2, installedProductId: null, contractId: s.contractId, startDate: '2026-12-05', dayOfPeriod: 10 }),
    );
    expect(b.success).toBe(true);
    const all = await s.admin.client.send(C.planList, {});
    expect(all.data.count).toBe(2);
    const byContract = await s.admin.client.send(C.planList, { contractId: s.contractId });
    expect(byContract.data.list.map((p) => p.name)).toEqual(['合同保养']);
    expect(byContract.data.list[0]).toMatchObject({ targetType: 2, contractName: '年度维保', customerId: s.customerId, state: 1, templateName: '空调保养' });
    const d = await s.admin.client.send(C.planDetail, { id: a.data.id });
    expect(d.data).toMatchObject({ productName: '中央空调', state: 1, abilities: ['pause', 'end'], startDate: '2026-11-20', dayOfPeriod: 1 });
    // Monthly on day 1 from 2026-11-20: the first date is 2026-12-01 (next month), never the 20th itself.
    expect(d.data.upcoming.every((u) => u.nominal.endsWith('-01'))).toBe(true);
    expect(d.data.upcoming.length).toBe(6);
    const upd = await s.admin.client.send(C.planUpdate, { id: a.data.id, ...planBody(s, { name: '改为购买起算', startType: 2, startDate: null }) });
    expect(upd.success).toBe(true);
    expect((await s.admin.client.send(C.planDetail, { id: a.data.id })).data).toMatchObject({ name: '改为购买起算', startType: 2, startDate: null });
    expect((await s.admin.client.send(C.planList, { state: 2 })).data.count).toBe(0);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const s = await cycleSetup(t);
    const [bare] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into installed_products (enterprise_id, product_id, name, customer_id, qr_code)
        select enterprise_id, product_id, '无日期设备', customer_id, 'qr-bare-' || id from installed_products where id = ${s.productId} returning id`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请输入计划名称'],
      [{ installedProductId: null }, '请选择设备'],
      [{ targetType: 2, contractId: null }, '请选择维保合同'],
      [{ targetType: 2, contractId: s.contractId, startType: 2 }, '维保合同的计划只能按固定日期开始'],
      [{ startDate: null }, '请选择开始日期'],
      [{ startType: 4 }, '开始方式只能是'],
      [{ dayOfPeriod: 32 }, '每月几号应为1至31'],
      [{ endDate: '2026-01-01' }, '结束日期不能早于开始日期'],
      [{ templateId: 999999 }, '周期模板：模板不存在'],
      [{ installedProductId: 999999 }, '设备：设备不存在'],
      [{ installedProductId: Number(bare?.id), startType: 3 }, '该设备未填写安装日期'],
      [{ startDate: '2026-02-30' }, '日期格式应为YYYY-MM-DD'],
      [{ startDate: '0000-01-01' }, '开始日期应在2000年至2099年之间'],
    ];
    for (const [extra, message] of cases) {
      const r = await s.admin.client.send(C.planAdd, planBody(s, extra));
      expect(r.status).toBe(200);
      expect(r.success, message).toBe(false);
      expect(r.message).toContain(message);
    }
    expect(await countOf(t.deps.db, 'cycle_plans', sql`enterprise_id = ${s.ep}`)).toBe(0);
  });

  it('pauses, resumes and ends through changeState with a log; 20 parallel pauses make one change', async () => {
    const s = await cycleSetup(t);
    const id = (await s.admin.client.send(C.planAdd, planBody(s))).data.id;
    const answers = await race(20, () => s.admin.client.send(C.planChangeState, { id, action: 'pause', expected: 1 }));
    const t20 = tally(answers);
    expect(t20.ok).toBe(1);
    // The others saw it change under them, or came second to a plan already paused.
    const losers = ['数据已变更，请刷新后重试', '当前状态不允许该操作'].map((m) => t20[m] ?? 0);
    expect(losers.reduce((a, b) => a + b, 0)).toBe(19);
    expect(await countOf(t.deps.db, 'cycle_plan_logs', sql`enterprise_id = ${s.ep} and plan_id = ${id} and action = 'pause'`)).toBe(1);
    expect((await s.admin.client.send(C.planChangeState, { id, action: 'pause' })).message).toBe('当前状态不允许该操作');
    expect((await s.admin.client.send(C.planChangeState, { id, action: 'resume' })).data).toEqual({ state: 1 });
    expect((await s.admin.client.send(C.planChangeState, { id, action: 'end', note: '设备报废' })).data).toEqual({ state: 3 });
    const d = await s.admin.client.send(C.planDetail, { id });
    expect(d.data).toMatchObject({ state: 3, abilities: [], upcoming: [], waiting: '计划已结束' });
    expect(d.data.logs.map((l) => l.action)).toEqual(['end', 'resume', 'pause', 'create']);
    expect((await s.admin.client.send(C.planUpdate, { id, ...planBody(s) })).message).toBe('计划已结束，不能修改');
    expect((await s.admin.client.send(C.planChangeState, { id, action: 'expire' })).success).toBe(false);
  });

  it('answers 未登录, a bad CSRF token, no power, and the free plan’s lock; another enterprise’s plan is not found and unchanged', async () => {
    const s = await cycleSetup(t);
    const other = await cycleSetup(t);
    const theirs = (await other.admin.client.send(C.planAdd, planBody(other))).data.id;
    expect((await new Client(t.app).send(C.planList, {})).message).toBe('未登录');
    expect((await s.admin.client.send(C.planAdd, planBody(s), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const eng = await makeUser(t.deps.db, s.ep, { roles: [2] });
    const engClient = await new Client(t.app).login(eng.mobile, undefined, s.ep);
    expect((await engClient.send(C.planList, {})).code).toBe('NO_POWER');
    expect((await engClient.send(C.tmplAdd, { name: 'x', every: 1, unit: 3 })).code).toBe('NO_POWER');
    const free = await loggedIn(t.app, t.deps.db, { roles: [3], plan: 0 });
    expect((await free.client.send(C.planList, {})).message).toContain('免费版不支持周期计划');
    expect((await s.admin.client.send(C.planDetail, { id: theirs })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.planUpdate, { id: theirs, ...planBody(s) })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.planChangeState, { id: theirs, action: 'end' })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.tmplUpdate, { id: other.templateId, name: '改名', every: 1, unit: 3 })).code).toBe('NOT_FOUND');
    expect((await s.admin.client.send(C.tmplDelete, { id: other.templateId })).code).toBe('NOT_FOUND');
    // Their template, product or contract in our plan reads as not there.
    expect((await s.admin.client.send(C.planAdd, planBody(s, { templateId: other.templateId }))).message).toContain('模板不存在');
    expect((await s.admin.client.send(C.planAdd, planBody(s, { installedProductId: other.productId }))).message).toContain('设备不存在');
    expect((await s.admin.client.send(C.planAdd, planBody(s, { targetType: 2, contractId: other.contractId }))).message).toContain('合同不存在');
    expect((await other.admin.client.send(C.planDetail, { id: theirs })).data).toMatchObject({ name: '空调月度保养', state: 1 });
    expect((await other.admin.client.send(C.tmplDetail, { id: other.templateId })).data.name).toBe('空调保养');
    expect(await countOf(t.deps.db, 'cycle_plans', sql`enterprise_id = ${s.ep}`)).toBe(0);
  });
});
