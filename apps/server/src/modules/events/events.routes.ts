import { deskContract, EVENT_REASON_REQUIRED, eventSettingContract, hasPower, type EventAction, type EventActionBody, eventContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pickCustomers } from '../customers/index';
import { startExport } from '../../platform/exports';
import { AppError } from '../../platform/errors';
import { createEvent } from './create.service';
import { isEventStaff, moveEvent } from './event.state';
import { customerAtDesk, findAtDesk } from './desk.service';
import { listEvents } from './events.repo';
import { eventSlaRoutes } from './event-sla.routes';
import { EVENT_EXPORT } from './export';
import { eventSetting, saveEventSetting } from './settings';
import { addMessage, delMessage, deleteEvents, eventDetail, messageList } from './events.service';
import type { Actor } from '../../platform/actor';

const DONE: Record<EventAction, string> = {
  assign: '分配成功',
  claim: '认领成功',
  start: '已开始处理',
  escalate: '升级成功',
  pause: '已暂停',
  resume: '已恢复处理',
  complete: '已完成',
  close: '已关闭',
  reopen: '已重新打开',
};
const REASON: Record<string, string> = { escalate: '请输入升级原因', pause: '请输入暂停原因', close: '请输入关闭原因' };

/** One action endpoint: the action's own required fields, then the state change. */
async function act(db: Db, v: Actor, action: EventAction, b: EventActionBody) {
  if ((EVENT_REASON_REQUIRED as readonly string[]).includes(action) && !b.reason) throw new AppError('VALIDATION', { detail: `原因：${REASON[action]}` });
  if (action === 'assign' && !b.principalId) throw new AppError('VALIDATION', { detail: '负责人：请选择负责人' });
  const r = await moveEvent(db, v, b.id, action, { principalId: b.principalId, reason: b.reason, expected: b.expected });
  return withMessage({ state: r.to }, DONE[action]);
}

export async function eventsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const action =
    (a: EventAction) =>
    async ({ actor, body }: { actor: Actor; body: EventActionBody }) =>
      act(db, actor, a, body);
  eventSlaRoutes(app, deps);
  registerAll(app, deps, eventSettingContract, {
    setting: async ({ user, query }) => eventSetting(db, user.enterpriseId, query.tmpId),
    saveSetting: async ({ user, body }) => {
      await saveEventSetting(db, user.enterpriseId, user.id, body);
      return withMessage(null, '保存成功');
    },
  });
  registerAll(app, deps, K, {
    add: async ({ actor, body }) => withMessage(await createEvent(db, actor, body), '创建成功'),
    customerOptions: async ({ actor, query }) =>
      pickCustomers(db, actor, { keyword: query.keyword, ids: query.ids }, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 }),
    detailed: async ({ actor, query }) => eventDetail(db, actor, query.id),
    del: async ({ actor, body }) => {
      await deleteEvents(db, actor, body.ids, isEventStaff(actor));
      return withMessage(null, '删除成功');
    },
    myList: async ({ actor, query }) => listEvents(db, actor, 'mine', query),
    shelterList: async ({ actor, query }) => listEvents(db, actor, 'shelters', query),
    unDeliverList: async ({ actor, query }) => listEvents(db, actor, 'undelivered', query),
    relatedList: async ({ actor, query }) => listEvents(db, actor, 'related', query),
    messageList: async ({ actor, query }) => messageList(db, actor, query.eventId),
    addMessage: async ({ actor, body }) => withMessage(await addMessage(db, actor, body), '发送成功'),
    delMessage: async ({ actor, body }) => {
      await delMessage(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    exportEvents: async ({ user, body }) => {
      const { fileName, ...params } = body;
      // The pool and the assignment queue export only for those who may open them.
      const power = { mine: K.myList.power, shelters: K.shelterList.power, undelivered: K.unDeliverList.power, related: K.relatedList.power }[params.list];
      if (!hasPower(user.powers, power)) throw new AppError('NO_POWER');
      return { id: (await startExport(db, user, { kind: EVENT_EXPORT, name: fileName, params })).id };
    },
    assign: action('assign'),
    claim: action('claim'),
    start: action('start'),
    escalate: action('escalate'),
    pause: action('pause'),
    resume: action('resume'),
    complete: action('complete'),
    close: action('close'),
    reopen: action('reopen'),
  });
  registerAll(app, deps, deskContract, {
    find: async ({ actor, query }) => findAtDesk(db, actor, query.keyword),
    customer: async ({ actor, query }) => customerAtDesk(db, actor, query.customerId),
  });
}
