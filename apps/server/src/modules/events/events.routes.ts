import { deskContract, EVENT_REASON_REQUIRED, eventSettingContract, hasPower, type EventAction, type EventActionBody, eventContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../../platform/actor';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pickCustomers } from '../customers/customers.repo';
import { startExport } from '../../platform/exports';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import { checkPrincipal, createEvent } from './create.service';
import { type EventViewer, eventViewerOf, isEventStaff, moveEvent } from './event.state';
import { customerAtDesk, findAtDesk } from './desk.service';
import { listEvents } from './events.repo';
import { eventSlaRoutes } from './event-sla.routes';
import { EVENT_EXPORT } from './export';
import { eventSetting, saveEventSetting } from './settings';
import { addMessage, delMessage, deleteEvents, eventDetail, messageList } from './events.service';

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
async function act(db: Db, v: EventViewer, action: EventAction, b: EventActionBody) {
  if ((EVENT_REASON_REQUIRED as readonly string[]).includes(action) && !b.reason) throw new AppError('VALIDATION', { detail: `原因：${REASON[action]}` });
  if (action === 'assign' && !b.principalId) throw new AppError('VALIDATION', { detail: '负责人：请选择负责人' });
  if ((action === 'assign' || action === 'escalate') && b.principalId) await checkPrincipal(db, v.enterpriseId, b.principalId);
  const r = await moveEvent(db, v, b.id, action, { principalId: b.principalId, reason: b.reason, expected: b.expected });
  return withMessage({ state: r.to }, DONE[action]);
}

export async function eventsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const v = (u: SessionUser) => eventViewerOf(u);
  const action =
    (a: EventAction) =>
    async ({ user, body }: { user: SessionUser; body: EventActionBody }) =>
      act(db, v(user), a, body);
  eventSlaRoutes(app, deps);
  registerAll(app, deps, eventSettingContract, {
    setting: async ({ user, query }) => eventSetting(db, user.enterpriseId, query.tmpId),
    saveSetting: async ({ user, body }) => {
      await saveEventSetting(db, user.enterpriseId, user.id, body);
      return withMessage(null, '保存成功');
    },
  });
  registerAll(app, deps, K, {
    add: async ({ user, body }) => withMessage(await createEvent(db, v(user), body), '创建成功'),
    customerOptions: async ({ user, query }) =>
      pickCustomers(db, actorOf(user), { keyword: query.keyword, ids: query.ids }, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 }),
    detailed: async ({ user, query }) => eventDetail(db, v(user), query.id),
    del: async ({ user, body }) => {
      await deleteEvents(db, v(user), body.ids, isEventStaff(v(user)));
      return withMessage(null, '删除成功');
    },
    myList: async ({ user, query }) => listEvents(db, v(user), 'mine', query),
    shelterList: async ({ user, query }) => listEvents(db, v(user), 'shelters', query),
    unDeliverList: async ({ user, query }) => listEvents(db, v(user), 'undelivered', query),
    relatedList: async ({ user, query }) => listEvents(db, v(user), 'related', query),
    messageList: async ({ user, query }) => messageList(db, v(user), query.eventId),
    addMessage: async ({ user, body }) => withMessage(await addMessage(db, v(user), body), '发送成功'),
    delMessage: async ({ user, body }) => {
      await delMessage(db, v(user), body.id);
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
    find: async ({ user, query }) => findAtDesk(db, v(user), query.keyword),
    customer: async ({ user, query }) => customerAtDesk(db, v(user), query.customerId),
  });
}
