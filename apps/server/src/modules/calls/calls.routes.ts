import { Readable } from 'node:stream';
import { callsContract as C } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { registerBadgeCount } from '../menu/index';
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
    seatDetails: async ({ actor, query }) => svc.seatDetails(db, actor, query.fkTUserId ?? actor.id),
    seatCollect: async ({ actor }) => svc.seatCollect(db, actor),
    seatSave: async ({ actor, body }) => withMessage({ id: await svc.saveSeat(db, actor, body) }, '保存成功'),
    seatDelete: async ({ actor, body }) => {
      await svc.deleteSeat(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    recordCount: async ({ actor, query }) => svc.countRecords(db, actor, query),
    recordList: async ({ actor, query }) => svc.listRecords(db, actor, query),
    recordCreate: async ({ actor, body }) => withMessage({ id: await svc.createRecord(db, actor, body) }, '保存成功'),
    recordPop: async ({ actor, query }) => svc.pop(db, actor, query.id),
    attachContact: async ({ actor, body }) => withMessage(await svc.attachContact(db, actor, body.id, body.contactId), '已关联联系人'),
    linkOrder: async ({ actor, body }) => withMessage(await svc.linkOrder(db, actor, body.id, body.orderId), '已关联工单'),
    ofOrder: async ({ actor, query }) => svc.callsOfOrder(db, actor, query.orderId),
    callbackDone: async ({ actor, body }) => {
      await svc.callbackDone(db, actor, body.id);
      return withMessage(null, '已标记为已回电');
    },
    dial: async ({ actor, body }) => withMessage({ id: await svc.dial(db, deps.config, actor, body) }, '已发起呼叫'),
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
  registerBadgeCount('/call/callback/count', async ({ actor, deps }) => svc.callbackCount(deps.db, actor.enterpriseId, actor.id));
}
