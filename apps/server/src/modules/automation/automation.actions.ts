import {
  type Channel,
  DEFAULT_NOTICE_TEMPLATE,
  type OrderFacts,
  PERSON_TYPES,
  type PersonType,
  type RuleAction,
  renderTemplate,
  slaTypeName,
} from '@sk/shared';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { enqueue, registerJobHandler } from '../../platform/jobs';
import { service } from '../../platform/deps';
import type { SmsSender } from '../../platform/sms';
import { moveOrder } from '../orders/index';
import { lockLiveOrder } from '../pool/index';
import { enterPool } from '../pool/index';
import { addDelivery, robotBody } from './automation.deliver';
import { notifySettingsOf, robotOf } from './automation.service';
import type { SystemActor } from '../../platform/actor';
import type { OrderRecordWith } from '../orders/index';
import { addCopyPerson, addOrderTag, customerAndZone, insertNotice, orderHelpers, orderTagIds, runningClocks, usersByIdsOrRoles } from './actions.repo';

/** An order as rules read it: its whole row (`select *`, or the state helper's row of `orders`). */
export type Row = OrderRecordWith;
/** The state helper's row (untyped, any table's) is an order here. */
export const orderRow = (row: Record<string, unknown>): Row => row as Row;
export const SMS_JOB = 'automation.sms';

/** The order as rules see it, with its tags. */
export async function factsOf(ex: Executor, ep: number, order: Row): Promise<OrderFacts> {
  return {
    templateId: order.template_id,
    priority: order.priority,
    serviceGroupId: order.service_group_id,
    tagIds: await orderTagIds(ex, ep, order.id),
    ext: (order.ext as Record<string, unknown>) ?? {},
  };
}

export const orderLink = (id: unknown) => `/allOrder/orderDetail/${id}`;

const fmt = (v: unknown, tz: string): string => {
  if (v == null) return '';
  const d = new Date(v as string);
  return new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'short' }).format(d);
};

/**
 * The {SLA预警} variable: each running SLA clock of the order, the most urgent first — "接单时限已超时（截止…）",
 * "完成时限即将超时（截止…）" once it reached its warning time, else "…截止…"; "无" when the order has no running clock.
 */
export async function slaWarningOf(ex: Executor, ep: number, orderId: unknown, tz: string, now = new Date()): Promise<string> {
  const clocks = await runningClocks(ex, ep, orderId);
  if (!clocks.length) return '无';
  return clocks
    .map((c) => {
      const name = slaTypeName(c.type);
      const due = fmt(c.deadline_at, tz);
      if (c.breached_at || new Date(String(c.deadline_at)) <= now) return `${name}已超时（截止${due}）`;
      if (c.warn_at && new Date(c.warn_at) <= now) return `${name}即将超时（截止${due}）`;
      return `${name}截止${due}`;
    })
    .join('；');
}

/** The template variables of an order. */
async function valuesOf(ex: Executor, ep: number, o: Row, event: string) {
  const c = await customerAndZone(ex, ep, o.customer_id);
  return {
    orderNo: String(o.order_no ?? ''),
    title: String(o.title ?? ''),
    appointmentTime: fmt(o.appointment_at, c?.tz ?? 'Asia/Shanghai'),
    customer: c?.name ?? '',
    contact: String(o.custom_link_person ?? ''),
    phone: String(o.custom_phone ?? ''),
    address: String(o.full_address ?? ''),
    url: orderLink(o.id),
    slaWarning: await slaWarningOf(ex, ep, o.id, c?.tz ?? 'Asia/Shanghai'),
    event,
  };
}

/** Users named by an action: people by id, by their part on the order, by role. */
async function recipients(ex: Executor, ep: number, o: Row, a: Extract<RuleAction, { type: 'notify' }>): Promise<{ id: number; mobile: string }[]> {
  const ids = new Set<number>(a.userIds);
  for (const p of a.personTypes) {
    const col = PERSON_TYPES[p as PersonType].column;
    if (col && o[col] != null) ids.add(Number(o[col]));
  }
  if (a.personTypes.includes(4)) {
    for (const id of await orderHelpers(ex, ep, o.id)) ids.add(id);
  }
  return usersByIdsOrRoles(ex, ep, [...ids], a.roles);
}

export interface RunContext {
  tx: Tx;
  enterpriseId: number;
  order: Row;
  /** Notification event (NOTIFY_EVENTS) and its name, for the template and the settings. */
  event: number;
  eventName: string;
  ruleId: number;
  /** The rule's author: the actor of the order actions it performs. */
  actorId: number;
  /** Makes each notice of one firing once (a retried job writes nothing twice). */
  dedupe: string;
}

async function notify(c: RunContext, a: Extract<RuleAction, { type: 'notify' }>): Promise<void> {
  const ep = c.enterpriseId;
  const setting = (await notifySettingsOf(c.tx, ep)).find((s) => s.event === c.event);
  const channels = new Set<Channel>((a.channels.length ? a.channels : (setting?.channels ?? ['notice'])) as Channel[]);
  const text = renderTemplate(a.template || setting?.template || DEFAULT_NOTICE_TEMPLATE, await valuesOf(c.tx, ep, c.order, c.eventName));
  const title = `工单${c.eventName}提醒：${c.order.order_no}`;
  const people = await recipients(c.tx, ep, c.order, a);
  if (channels.has('notice')) {
    for (const u of people) await insertNotice(c.tx, ep, { userId: u.id, title, content: text, link: orderLink(c.order.id), dedupe: c.dedupe });
  }
  if (channels.has('sms'))
    for (const u of people) await enqueue(c.tx, { kind: SMS_JOB, enterpriseId: ep, payload: { mobile: u.mobile, text }, uniqueKey: `${c.dedupe}:sms:${u.id}` });
  if (channels.has('robot')) {
    const robot = await robotOf(c.tx, ep);
    if (robot.robotUrl)
      await addDelivery(c.tx, {
        enterpriseId: ep,
        kind: 2,
        orderId: c.order.id,
        ruleId: c.ruleId,
        url: robot.robotUrl,
        secret: robot.robotSecret,
        robotType: robot.robotType,
        body: robotBody(robot.robotType, title, text),
      });
  }
}

const adminViewer = (c: RunContext): SystemActor => ({ id: c.actorId, enterpriseId: c.enterpriseId, sysrole: 3, admin: true, providerId: null, powers: [] });

/** An order action the machine may refuse now (the order moved on): skipped, the rest of the rule still runs. */
async function orderAction(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
  }
}

/** Performs a rule's actions in the transaction; HTTP and SMS leave as jobs that run after it commits. */
export async function performActions(c: RunContext, actions: RuleAction[]): Promise<void> {
  const ep = c.enterpriseId;
  const id = c.order.id;
  for (const a of actions) {
    switch (a.type) {
      case 'notify':
        await notify(c, a);
        break;
      case 'copy':
        for (const u of a.userIds) await addCopyPerson(c.tx, ep, id, u);
        break;
      case 'tag':
        await addOrderTag(c.tx, ep, id, a.tagId);
        break;
      case 'assign':
        // Already theirs: dispatching again would trigger "after dispatch" rules again (a loop).
        if (c.order.service_user_id === a.userId) break;
        await orderAction(() => moveOrder(c.tx, adminViewer(c), id, 'dispatch', { patch: { service_user_id: a.userId }, note: '自动化规则指派' }));
        break;
      case 'visit':
        await orderAction(() => moveOrder(c.tx, adminViewer(c), id, 'edit', { patch: { return_visitor_id: a.userId }, note: '自动化规则创建回访任务' }));
        break;
      case 'pool': {
        // The pool's own entry (only an unassigned 待派单 order, with the pool switched on); the row as earlier actions left it.
        const row = await lockLiveOrder(c.tx, ep, id);
        if (row) await enterPool(c.tx, ep, row, { skills: [], ruleId: null, note: '自动化规则放入工单池' });
        break;
      }
      case 'webhook':
        await addDelivery(c.tx, {
          enterpriseId: ep,
          kind: 1,
          orderId: id,
          ruleId: c.ruleId,
          url: a.url,
          secret: a.secret,
          body: {
            event: c.event,
            eventName: c.eventName,
            ruleId: c.ruleId,
            orderId: id,
            orderNo: c.order.order_no,
            title: c.order.title,
            state: c.order.state,
            time: new Date().toISOString(),
          },
        });
        break;
    }
  }
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireAutomationActions(): void {
  registerJobHandler(SMS_JOB, async (job, deps) => {
    await service<SmsSender>(deps, 'sms').send(String(job.payload.mobile), String(job.payload.text), '');
  });
}
