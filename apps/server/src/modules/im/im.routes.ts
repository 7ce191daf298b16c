import websocket from '@fastify/websocket';
import { imContract as C, IM_SOCKET_PATH } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll } from '../../platform/endpoint';
import { ImHub } from './im.hub';
import * as repo from './im.repo';
import { refuseForeignOrigin, socketHandler } from './im.socket';

const MAX_FRAME_BYTES = 64 * 1024;

export async function imModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const hub = new ImHub(deps, app.log);
  app.addHook('onClose', async () => hub.close());
  app.get(`/api${IM_SOCKET_PATH}`, { websocket: true, preValidation: refuseForeignOrigin }, socketHandler(deps, hub));

  registerAll(app, deps, C, {
    messages: async ({ actor, query }) => repo.pageMessages(db, actor.enterpriseId, actor.timeZone, query),
  });
}
