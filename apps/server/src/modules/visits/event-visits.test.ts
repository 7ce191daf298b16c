// Event visits (type 6): an event closed under a plan's event template gets a task by the same sweep, exactly once;
// service-order (201) plans are refused for now (repair-sent 53: quality/repair.routes.test.ts).
import { eventContract as E, visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { provisionDictionaries } from '../settings/dict.service';
import { runVisitSweep } from './tasks.job';
import { productOf } from '../quality/test-helpers';
import { insertPlan } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const later = (ms: number) => new Date(Date.now() + ms);
const count = async (table: string, ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${ep}`))[0]?.n);
const tasksOfEvent = (ep: number, id: number) =>
  rows<Record<string, unknown>>(t.deps.db, sql`select * from return_visit_tasks where enterprise_id = ${ep} and visit_type = 6 and record_id = ${id}`);

async function setup(plan: Record<string, unknown> = {}) {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  await provisionDictionaries(t.deps.db, ep);
  const visitorUser = await makeUser(t.deps.db, ep, { roles: [7] });
  const visitor = { ...visitorUser, client: await new Client(t.app).login(visitorUser.mobile, undefined, ep) };
  const principal = await makeUser(t.deps.db, ep, { roles: [1] });
  const newEvent = async (title = '打印机卡纸') => {
    const r = await admin.client.post('/v2/event/add', { title, customPhone: '13912345678' });
    expect(r.message).toBe('创建成功');
    const id = Number(r.data.id);
    await t.deps.db.execute(sql`update events set principal_id = ${principal.id} where enterprise_id = ${ep} and id = ${id}`);
    return id;
  };
  const first = await newEvent();
  const [tpl] = await rows<{ template_id: number }>(t.deps.db, sql`select template_id from events where enterprise_id = ${ep} and id = ${first}`);
  const templateId = Number(tpl?.template_id);
  const planId = await insertPlan(t.deps.db, ep, { visit_type: 6, template_ids: [templateId], visitor_ids: [visitor.id, principal.id], ...plan });
  const close = (id: number) => admin.client.send(E.close, { id, reason: '已处理' });
  return { admin, ep, visitor, principal, newEvent, first, templateId, planId, close };
}

describe('event visits (type 6)', () => {
  it('makes one task for an event closed under the plan’s template, after the delay, with the event’s summary on the task page; not passed opens a complaint on the event', async () => {
    const s = await setup({ delay_minutes: 30 });
    expect((await s.close(s.first)).success).toBe(true);
    expect(await runVisitSweep(t.deps.db, later(10 * 60_000), s.ep)).toEqual([]);
    const made = await runVisitSweep(t.deps.db, later(31 * 60_000), s.ep);
    expect(made).toHaveLength(1);
    const [task] = await tasksOfEvent(s.ep, s.first);
    // The principal is the event's "engineer": never its visitor, though he is named in the plan.
    expect(task).toMatchObject({ state: 1, plan_id: s.planId, order_id: null, engineer_id: s.principal.id, visitor_id: s.visitor.id });
    expect(String(task?.order_no)).toMatch(/^SJ\d{8}-\d{4}$/);
    expect(await runVisitSweep(t.deps.db, later(2 * 3600_000), s.ep)).toEqual([]);

    const id = Number(task?.id);
    const list = await s.visitor.client.send(C.myList, {});
    expect(list.data.list.map((r) => [r.id, r.visitType, r.orderId, r.recordId])).toEqual([[id, 6, null, s.first]]);
    const d = await s.visitor.client.send(C.visitOrderDetail, { taskId: id });
    expect(d.data.order).toMatchObject({ kind: 'event', id: s.first, title: '打印机卡纸', state: 7, orderNo: task?.order_no, contactPhone: '13912345678' });
    expect(d.data.history.map((h) => h.action)).toContain('关闭');
    expect((await s.visitor.client.send(C.detail, { taskId: id })).data).toMatchObject({ visitType: 6, contactPhone: '13912345678' });

    // Not passed: the reason is recorded; an event has no order to follow up, so no order is written, but a complaint
    // opens on the event with its customer, contact, product and principal.
    const [cu] = await rows<{ id: number }>(t.deps.db, sql`insert into customers (enterprise_id, name) values (${s.ep}, '事件客户') returning id`);
    const unit = await productOf(t.deps.db, s.ep, '打印机', 'SN-EV-1');
    await t.deps.db.execute(sql`update events set customer_id = ${cu?.id}, installed_product_id = ${unit.productId}, custom_linkperson = '赵女士'
      where enterprise_id = ${s.ep} and id = ${s.first}`);
    const orders = await count('orders', s.ep);
    const r = await s.visitor.client.send(C.submit, { taskId: id, state: 2, reason: '问题未解决', scores: {}, comment: '打印仍卡纸' });
    expect(r.data).toEqual({ state: 2, followUpOrderId: null });
    expect(await count('orders', s.ep)).toBe(orders);
    const complaints = await rows<Record<string, unknown>>(t.deps.db, sql`select * from complaints where enterprise_id = ${s.ep}`);
    expect(complaints).toHaveLength(1);
    expect(complaints[0]).toMatchObject({
      source_type: 3,
      visit_task_id: id,
      event_id: s.first,
      order_id: null,
      customer_id: Number(cu?.id),
      customer_name: '事件客户',
      installed_product_id: unit.productId,
      product_model_id: unit.modelId,
      serial_number: 'SN-EV-1',
      engineer_id: s.principal.id,
      complainant: '赵女士',
      phone: '13912345678',
      title: '回访不通过：打印机卡纸',
      content: '不通过原因：问题未解决；回访备注：打印仍卡纸',
      created_by: s.visitor.id,
    });

    // Another enterprise's visitor: not found.
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await other.client.send(C.visitOrderDetail, { taskId: id })).code).toBe('NOT_FOUND');
  });

  it('makes exactly one task when 10 closes land at once', async () => {
    const s = await setup({ delay_minutes: 0 });
    expect(tally(await race(10, () => s.close(s.first))).ok).toBe(1);
    const sweeps = await Promise.all(Array.from({ length: 3 }, () => runVisitSweep(t.deps.db, later(1000), s.ep)));
    expect(sweeps.flat()).toHaveLength(1);
    expect(await tasksOfEvent(s.ep, s.first)).toHaveLength(1);
  });

  it('waits for the next close of a reopened event, and makes none for another template or an order plan', async () => {
    const s = await setup({ delay_minutes: 60 });
    expect((await s.close(s.first)).success).toBe(true);
    expect((await s.admin.client.send(E.reopen, { id: s.first })).success).toBe(true);
    expect(await runVisitSweep(t.deps.db, later(2 * 3600_000), s.ep)).toEqual([]);
    expect(await tasksOfEvent(s.ep, s.first)).toHaveLength(0);

    // An event of another template, and an order-visit plan over every type: neither covers it.
    const [tpl] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into form_templates (enterprise_id, form_kind, name) values (${s.ep}, 6, '投诉事件') returning id`,
    );
    await insertPlan(t.deps.db, s.ep, { visit_type: 1, visitor_ids: [s.visitor.id] });
    const other = await s.newEvent('另一个模板');
    await t.deps.db.execute(sql`update events set template_id = ${tpl?.id} where enterprise_id = ${s.ep} and id = ${other}`);
    expect((await s.close(other)).success).toBe(true);
    expect(await runVisitSweep(t.deps.db, later(3 * 3600_000), s.ep)).toEqual([]);
    expect(await tasksOfEvent(s.ep, other)).toHaveLength(0);

    // The reopened event closed again: its task comes from this close.
    expect((await s.close(s.first)).success).toBe(true);
    expect(await runVisitSweep(t.deps.db, later(3 * 3600_000), s.ep)).toHaveLength(1);
    expect(await tasksOfEvent(s.ep, s.first)).toHaveLength(1);
  });
});

describe('plans of each visit type', () => {
  it('takes event templates for an event plan, refuses order types there, and refuses service-order plans in Chinese', async () => {
    const s = await setup();
    const before = await count('return_visit_plans', s.ep);
    const [orderTpl] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into form_templates (enterprise_id, form_kind, name) values (${s.ep}, 1, '安装单') returning id`,
    );
    const body = { name: '事件回访', delayMinutes: 0, samplePercent: 100, minIntervalDays: 0, visitorMode: 1, visitorIds: [s.visitor.id] };
    for (const visitType of [201]) {
      const r = await s.admin.client.send(C.planCreate, { ...body, visitType, templateIds: [] } as never);
      expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
      expect(r.message).toContain('服务单回访暂未开放');
    }
    expect((await s.admin.client.send(C.planCreate, { ...body, visitType: 7 } as never)).message).toContain('回访类型只能是1');
    expect((await s.admin.client.send(C.planCreate, { ...body, visitType: 6, templateIds: [Number(orderTpl?.id)] })).message).toContain(
      '事件模板不存在或已被删除',
    );
    expect((await s.admin.client.send(C.planCreate, { ...body, visitType: 1, templateIds: [s.templateId] })).message).toContain('工单类型不存在或已被删除');
    expect(await count('return_visit_plans', s.ep)).toBe(before);
    const ok = await s.admin.client.send(C.planCreate, { ...body, visitType: 6, templateIds: [s.templateId] });
    expect(ok.success).toBe(true);
    expect((await s.admin.client.send(C.planDetail, { id: ok.data.id })).data).toMatchObject({ visitType: 6, templateIds: [s.templateId] });
  });
});
