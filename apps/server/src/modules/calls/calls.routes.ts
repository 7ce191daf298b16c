import { Readable } from 'node:stream';
import { callsContract as C } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount } from '../menu/badges';
import { receiveCallEvent, verifyCallEvent } from './calls.events';
import * as svc from './calls.service';

const EVENT_PREFIX = '/api/call/events/';
/** The bytes a call event was signed over, kept by the preParsing hook below. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The call centre (docs/calls.md): seats, call records, the signed call-event endpoint, the pop, click-to-call. */
export async function callsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  // A call event's signature covers its raw body: keep the bytes before the JSON parser reads them (only for that path).
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!req.url.startsWith(EVENT_PREFIX)) return payload;
    const chunks: Buffer[] = [];
    for await (const c of payload) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
    const raw = Buffer.concat(chunks);
    rawBodies.set(req, raw);
    return Readable.from([raw], { objectMode: false });
  });

  registerAll(app, deps, C, {
    seatDetails: async ({ user, query }) => svc.seatDetails(db, actorOf(user), query.fkTUserId ?? user.id),
    seatCollect: async ({ user }) => svc.seatCollect(db, actorOf(user)),
    seatSave: async ({ user, body }) => withMessage({ id: await svc.saveSeat(db, actorOf(user), body) }, '保存成功'),
    seatDelete: async ({ user, body }) => {
      await svc.deleteSeat(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    recordCount: async ({ user, query }) => svc.countRecords(db, actorOf(user), query),
    recordList: async ({ user, query }) => svc.listRecords(db, actorOf(user), query),
    recordCreate: async ({ user, body }) => withMessage({ id: await svc.createRecord(db, actorOf(user), body) }, '保存成功'),
    recordPop: async ({ user, query }) => svc.pop(db, actorOf(user), query.id),
    attachContact: async ({ user, body }) => withMessage(await svc.attachContact(db, actorOf(user), body.id, body.contactId), '已关联联系人'),
    callbackDone: async ({ user, body }) => {
      await svc.callbackDone(db, actorOf(user), body.id);
      return withMessage(null, '已标记为已回电');
    },
    dial: async ({ user, body }) => withMessage({ id: await svc.dial(db, deps.config, actorOf(user), body) }, '已发起呼叫'),
    event: async ({ req, params }) => {
      const { enterpriseId, body } = await verifyCallEvent(db, deps.config, {
        enterpriseId: params.enterpriseId ?? '',
        headers: req.headers,
        raw: rawBodies.get(req),
        parsed: req.body,
      });
      const r = await receiveCallEvent(db, enterpriseId, body);
      return withMessage(r, r.duplicate ? '重复事件，已忽略' : '已接收');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireCallsRoutes(): void {
  registerBadgeCount('/call/callback/count', async ({ user, deps }) => svc.callbackCount(deps.db, user.enterpriseId, user.id));
}
