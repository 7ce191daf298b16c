import { createEventBody, createOrderBody, EVENT_KIND, type EventAction } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../db/client';
import { type DemoStep, DEMO_ENTERPRISES } from '../platform/demo/data';
import { minutesSince, shift, type Trail } from '../platform/demo/time';
import { type Actor, actorOf } from '../platform/actor';
import { sessionUserOf } from '../platform/session';
import { currentVersionOf } from '../modules/forms/index';
import { demoEngineers } from '../modules/org/index';
import { dispatch } from '../modules/orders/index';
import { createOrder } from '../modules/orders/index';
import { orderTrail } from '../modules/orders/index';
import { createEvent } from '../modules/events/index';
import { moveEvent } from '../modules/events/index';

/**
 * The service desk's month (docs/decisions.md, "Demo"): a dozen events of the demo customers taken by 孙受理 — new ones
 * waiting in the pool, assigned, in progress, escalated, paused, completed, closed — and one turned into a work
 * order. Each is made and moved through the events' services and moved back to its days (db/seed.time.ts).
 */

/** Who acts: the desk (孙受理), the dispatcher (张派单) or the n-th demo engineer. */
type Who = 'desk' | 'dispatcher' | number;
type Step = [action: EventAction | 'toOrder', by: Who, afterMinutes: number, o?: { principal?: Who; reason?: string }];

const EVENTS: { daysAgo: number; hour: number; title: string; desc: string; customer: number; priority: 1 | 2 | 3; steps: Step[] }[] = [
  {
    daysAgo: 27,
    hour: 10,
    title: '咨询空调维保合同续签流程',
    desc: '客户询问维保合同到期后的续签方式和价格',
    customer: 0,
    priority: 1,
    steps: [['close', 'desk', 25, { reason: '已电话答复客户，发送续签报价单' }]],
  },
  {
    daysAgo: 22,
    hour: 14,
    title: '投诉：维修后空调仍有异响',
    desc: '上周维修的外机仍有异响，客户要求回访',
    customer: 3,
    priority: 2,
    steps: [
      ['assign', 'dispatcher', 20, { principal: 'dispatcher' }],
      ['start', 'dispatcher', 30],
      ['complete', 'dispatcher', 26 * 60],
    ],
  },
  {
    daysAgo: 18,
    hour: 9,
    title: '发电机组保养周期咨询',
    desc: '客户希望了解备用发电机的保养周期和项目',
    customer: 8,
    priority: 1,
    steps: [
      ['assign', 'dispatcher', 15, { principal: 3 }],
      ['start', 3, 45],
      ['complete', 3, 90],
    ],
  },
  {
    daysAgo: 14,
    hour: 11,
    title: '电梯运行抖动，要求加急处理',
    desc: '3号梯上行时明显抖动，物业担心安全',
    customer: 29,
    priority: 3,
    steps: [
      ['assign', 'dispatcher', 10, { principal: 2 }],
      ['start', 2, 30],
      ['escalate', 2, 240, { principal: 'dispatcher', reason: '需厂家技术支持，已联系厂家工程师' }],
    ],
  },
  {
    daysAgo: 9,
    hour: 15,
    title: '净水设备漏水报警，客户要求上门',
    desc: '漏水保护触发，设备停机，需要上门检查',
    customer: 1,
    priority: 2,
    steps: [
      ['assign', 'dispatcher', 10, { principal: 'desk' }],
      ['start', 'desk', 15],
      ['toOrder', 'desk', 20],
    ],
  },
  {
    daysAgo: 6,
    hour: 13,
    title: '空压机房温度过高',
    desc: '夏季机房温度超过40℃，空压机频繁报警',
    customer: 23,
    priority: 2,
    steps: [
      ['assign', 'dispatcher', 30, { principal: 3 }],
      ['start', 3, 60],
      ['pause', 3, 120, { reason: '等待客户完成机房通风改造' }],
    ],
  },
  {
    daysAgo: 4,
    hour: 16,
    title: '冷柜门封条老化咨询',
    desc: '客户询问门封条更换费用',
    customer: 15,
    priority: 1,
    steps: [['close', 'desk', 40, { reason: '重复事件，已在前一事件中答复' }]],
  },
  {
    daysAgo: 3,
    hour: 10,
    title: '中央空调控制面板失灵',
    desc: '集控面板无法开关机，需远程指导或上门',
    customer: 16,
    priority: 2,
    steps: [
      ['assign', 'dispatcher', 20, { principal: 0 }],
      ['start', 0, 50],
    ],
  },
  {
    daysAgo: 2,
    hour: 9,
    title: '电梯按钮失灵',
    desc: '5楼外呼按钮无反应',
    customer: 5,
    priority: 2,
    steps: [['assign', 'dispatcher', 25, { principal: 5 }]],
  },
  {
    daysAgo: 1,
    hour: 15,
    title: '发票邮寄地址变更',
    desc: '客户财务要求将发票寄往新地址',
    customer: 10,
    priority: 1,
    steps: [['assign', 'dispatcher', 15, { principal: 'desk' }]],
  },
  { daysAgo: 0, hour: 8, title: '数据中心精密空调告警', desc: '2号机房精密空调高温告警', customer: 25, priority: 3, steps: [] },
  { daysAgo: 0, hour: 9, title: '食堂冷库有异味', desc: '冷库内有异味，怀疑制冷效果下降', customer: 28, priority: 1, steps: [] },
];

const eventTrail = (id: number): Trail => [
  { table: 'events', where: sql`id = ${id}` },
  { table: 'event_logs', where: sql`event_id = ${id}` },
  { table: 'event_sla_clocks', where: sql`event_id = ${id}` },
];

/** Values for a template's required fields: its first option, or a short text. */
async function requiredExt(tx: Tx, enterpriseId: number, kind: Parameters<typeof currentVersionOf>[2], text: string): Promise<Record<string, unknown>> {
  const cur = await currentVersionOf(tx, enterpriseId, kind);
  const ext: Record<string, unknown> = {};
  for (const f of cur.fields as { id: number; type: number; required?: boolean; options?: string[] }[]) {
    if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : text;
  }
  return ext;
}

async function seedDemoEvents(tx: Tx, enterpriseId: number): Promise<void> {
  const [e] = await rows<{ name: string }>(tx, sql`select name from enterprises where id = ${enterpriseId}`);
  const engineers = await demoEngineers(tx, enterpriseId);
  if (e?.name !== DEMO_ENTERPRISES[0]?.name || engineers.length === 0) return;
  const db = tx as unknown as Db;
  const idOf = async (r: number) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`select id::int from users where enterprise_id = ${enterpriseId} and sysrole = ${r} and user_type = 0 and deleted_at is null order by id limit 1`,
      )
    )[0]?.id;
  const viewers = new Map<Who, Actor>();
  for (const [who, id] of [['desk', await idOf(6)], ['dispatcher', await idOf(1)], ...engineers.map((x, i) => [i, x.id] as const)] as [
    Who,
    number | undefined,
  ][]) {
    const u = id == null ? null : await sessionUserOf(tx, enterpriseId, id);
    if (u) viewers.set(who, actorOf(u));
  }
  const desk = viewers.get('desk');
  const dispatcher = viewers.get('dispatcher');
  if (!desk || !dispatcher) return;
  const customers = await rows<{ id: number }>(tx, sql`select id::int from customers where enterprise_id = ${enterpriseId} order by id`);
  const orderExt = await requiredExt(tx, enterpriseId, 1, '现场检查');
  const items = await rows<{ id: number }>(tx, sql`select id::int from service_items where enterprise_id = ${enterpriseId} and name = '上门检测'`);

  for (const ev of EVENTS) {
    const customerId = customers[ev.customer % Math.max(customers.length, 1)]?.id;
    const ext = await requiredExt(tx, enterpriseId, EVENT_KIND, ev.desc);
    const made = await createEvent(db, desk, createEventBody.parse({ customerId, title: ev.title, description: ev.desc, priority: ev.priority, ext }));
    const trail = eventTrail(made.id);
    const ago = minutesSince(ev.daysAgo, ev.hour, (made.id * 11) % 50, desk.timeZone, 40);
    let used = 0;
    for (const [action, by, after, o] of ev.steps) {
      const gap = Math.max(1, Math.min(after, ago - used - 1));
      await shift(tx, enterpriseId, trail, -gap);
      used += gap;
      const v = viewers.get(by) ?? desk;
      if (action === 'toOrder') {
        // Association type 1 → 2: a work order made from the event, dispatched to the region's engineer.
        const order = await createOrder(
          db,
          v,
          createOrderBody.parse({
            customerId,
            title: ev.title,
            detailDesc: ev.desc,
            priority: ev.priority,
            eventId: made.id,
            serviceId: items.map((x) => x.id),
            ext: orderExt,
          }),
          v,
        );
        trail.push(...orderTrail(order.id));
        const engineer = viewers.get(1);
        await shift(tx, enterpriseId, trail, -15);
        used += 15;
        if (engineer) await dispatch(db, dispatcher, { orderId: order.id, serviceUserId: engineer.id, note: '事件转工单，请尽快上门' });
        continue;
      }
      const principal = o?.principal == null ? undefined : viewers.get(o.principal)?.id;
      await moveEvent(db, v, made.id, action, { principalId: principal, reason: o?.reason ?? null });
    }
    await shift(tx, enterpriseId, trail, -(ago - used));
  }
}

export const eventsDemoStep: DemoStep = { name: 'events.demo', after: ['customers', 'org.demo', 'orders.serviceItems', 'orders.month'], run: seedDemoEvents };
