import {
  DEFAULT_NOTICE_TEMPLATE,
  type DeliveryRow,
  freeNotice,
  NOTIFY_EVENT_IDS,
  NOTIFY_EVENTS,
  type NotifyEventSetting,
  type RobotSetting,
  type RuleAction,
  type RuleInput,
  type RuleRow,
  type TimedEventInput,
  type TimedEventRow,
} from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { type Actor, paidPlan, type UserActor } from '../../platform/actor';
import { AppError, invalid } from '../../platform/errors';
import { enqueue } from '../../platform/jobs';
import { listPage } from '../../platform/list';
import { DELIVER_JOB } from './automation.deliver';
import {
  checkRefIds,
  deleteItemRow,
  deliveryCount,
  deliveryPage,
  insertItem,
  itemRows,
  type Kind,
  rearmDelivery,
  type Robot,
  robotOf,
  savedNotifySettings,
  templateExists,
  updateItemRow,
  upsertNotifySetting,
  upsertRobot,
} from './automation.repo';

export { type Robot, robotOf };

/** The order type must be this enterprise's; another's answers not found. */
async function checkTemplate(ex: Executor, ep: number, templateId: number): Promise<void> {
  if (!(await templateExists(ex, ep, templateId))) throw new AppError('NOT_FOUND');
}

/** People, tags and groups an action or condition names must be this enterprise's. */
async function checkRefs(ex: Executor, u: UserActor, input: RuleInput | TimedEventInput): Promise<void> {
  const users = new Set<number>();
  const tags = new Set<number>(input.conditions.tagIds);
  for (const a of input.actions as RuleAction[]) {
    if (a.type === 'notify' || a.type === 'copy') for (const id of a.userIds) users.add(id);
    if (a.type === 'assign' || a.type === 'visit') users.add(a.userId);
    if (a.type === 'tag') tags.add(a.tagId);
    if (a.type === 'copy' && !paidPlan(u)) throw new AppError('PLAN_FREE', {}, freeNotice('autoCopy'));
  }
  await checkRefIds(ex, u.enterpriseId, users, tags, input.conditions.serviceGroupIds);
}

/** Adds (no id) or updates a rule or timed event; its references are checked in the same transaction. */
export async function saveItem(db: Db, u: UserActor, kind: Kind, input: RuleInput | TimedEventInput, id?: number): Promise<number> {
  return db.transaction(async (tx) => {
    await checkTemplate(tx, u.enterpriseId, input.templateId);
    await checkRefs(tx, u, input);
    return id == null ? insertItem(tx, u, kind, input) : updateItem(tx, u.enterpriseId, kind, input, id);
  });
}

async function updateItem(ex: Executor, ep: number, kind: Kind, input: RuleInput | TimedEventInput, id: number): Promise<number> {
  if (!(await updateItemRow(ex, ep, kind, input, id))) throw new AppError('NOT_FOUND');
  return id;
}

export async function deleteItem(db: Db, ep: number, kind: Kind, id: number): Promise<void> {
  if (!(await deleteItemRow(db, ep, kind, id))) throw new AppError('NOT_FOUND');
}

export async function listItems(db: Db, u: Actor, kind: 'rule', templateId: number): Promise<RuleRow[]>;
export async function listItems(db: Db, u: Actor, kind: 'timed', templateId: number): Promise<TimedEventRow[]>;
export async function listItems(db: Db, u: Actor, kind: Kind, templateId: number): Promise<(RuleRow | TimedEventRow)[]> {
  await checkTemplate(db, u.enterpriseId, templateId);
  return itemRows(db, u, kind, templateId);
}

// ---- notification settings ----

/** Every event, with the enterprise's channels and template or the defaults (in-app notice, the default template). */
export async function notifySettingsOf(ex: Executor, ep: number): Promise<(NotifyEventSetting & { name: string })[]> {
  const saved = await savedNotifySettings(ex, ep);
  return NOTIFY_EVENT_IDS.map((event) => {
    const s = saved.find((x) => x.event === event);
    return {
      event,
      name: NOTIFY_EVENTS[event] ?? '',
      channels: (s?.channels ?? ['notice']) as NotifyEventSetting['channels'],
      template: s?.template || DEFAULT_NOTICE_TEMPLATE,
    };
  });
}

export async function saveNotifySettings(db: Db, ep: number, list: NotifyEventSetting[]): Promise<void> {
  const events = list.map((x) => x.event);
  if (new Set(events).size !== events.length) throw invalid('通知设置：同一事件只能设置一次');
  await db.transaction(async (tx) => {
    for (const s of list) await upsertNotifySetting(tx, ep, s);
  });
}

export async function saveRobot(db: Db, ep: number, r: RobotSetting & { keepSecret: boolean }): Promise<void> {
  await upsertRobot(db, ep, r);
}

// ---- deliveries ----

export async function listDeliveries(db: Db, u: Actor, pageIndex: number, pageSize: number): Promise<{ list: DeliveryRow[]; count: number }> {
  const page = { pageIndex, pageSize };
  return listPage(
    page,
    () => deliveryPage(db, u, page),
    () => deliveryCount(db, u.enterpriseId),
  );
}

/** Sends a logged delivery again, whatever its state; its attempts count on. */
export async function resend(db: Db, ep: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await rearmDelivery(tx, ep, id))) throw new AppError('NOT_FOUND');
    await enqueue(tx, { kind: DELIVER_JOB, enterpriseId: ep, payload: { id }, maxAttempts: 1 });
  });
}
