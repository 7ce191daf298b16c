import { CHAT_CHANNELS, channelsContract as C, WORK_MESSAGE_STATUS_LABELS } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError, notFound } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { ocrOf } from '../../platform/ocr';
import { storageOf } from '../../platform/storage';
import { destroySession, SESSION_COOKIE } from '../../platform/session';
import { setSessionCookie } from '../account/index';
import * as repo from './channels.repo';
import * as svc from './channels.service';

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > limit) throw new AppError('VALIDATION', { detail: '图片：文件过大，不能超过10MB' });
    parts.push(b);
  }
  return Buffer.concat(parts);
}

export async function channelsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, config } = deps;
  registerAll(app, deps, C, {
    settings: async ({ actor }) => svc.listSettings(db, actor.enterpriseId),
    saveSettings: async ({ actor, body }) => withMessage(await svc.saveSettings(db, config, actor.enterpriseId, actor.id, body), '保存成功'),
    jsapiCfg: async ({ actor, body }) => svc.jsapiConfig(db, config, actor.enterpriseId, CHAT_CHANNELS.dingtalk, 'jsapi', body.url),
    workwxJsapiCfg: async ({ actor, body }) => svc.jsapiConfig(db, config, actor.enterpriseId, CHAT_CHANNELS.wecom, 'jsapi', body.url),
    workwxAgentCfg: async ({ actor, body }) => svc.jsapiConfig(db, config, actor.enterpriseId, CHAT_CHANNELS.wecom, 'agent', body.url),
    embedLogin: async ({ body, req, reply }) => {
      const out = await svc.embedLogin(db, config, { ...body, ip: req.ip });
      // The session id rotates at login: a session the browser held is dropped.
      const previous = req.cookies[SESSION_COOKIE];
      if (previous) await destroySession(db, previous);
      setSessionCookie(deps, req, reply, out.token);
      return { needChoose: false as const, ...(body.client === 'app' ? { sessionId: out.token } : {}) };
    },
    pcAuthCode: async ({ query }) => svc.pcAuthCode(db, query),
    msgUserList: async ({ actor, query }) => {
      const q = repo.boundUsers(db, actor.enterpriseId, query, query);
      return listPage(query, q.list, q.count);
    },
    msgList: async ({ actor, query }) => {
      const f = { ...query, userId: actor.admin ? query.userId : actor.id };
      const list = await repo.listMessages(db, actor.enterpriseId, f, query);
      return list.map((m) => ({ ...m, statusName: WORK_MESSAGE_STATUS_LABELS[m.status] ?? '' }));
    },
    msgCount: async ({ actor, query }) => repo.countMessages(db, actor.enterpriseId, { ...query, userId: actor.admin ? query.userId : actor.id }),
    msgSwitch: async ({ actor, body }) => {
      const target = body.userId ?? actor.id;
      if (target !== actor.id && !actor.admin) throw new AppError('ADMIN_ONLY');
      if (!(await repo.userExists(db, actor.enterpriseId, target))) throw notFound();
      return { changed: await repo.setMsgOn(db, actor.enterpriseId, target, CHAT_CHANNELS[body.channel], body.on) };
    },
    appList: async ({ actor }) => svc.appList(db, actor.enterpriseId),
    ocr: async ({ actor, query }) => {
      const file = await repo.uploadToRead(db, actor.enterpriseId, query.fileId);
      if (!file) throw notFound();
      if (file.kind !== 'image') throw new AppError('OCR_NOT_IMAGE');
      const reader = ocrOf(deps);
      const { stream } = await storageOf(deps).get(file.path);
      return reader.read(await readAll(stream, 10 * 1024 * 1024), file.mime, query.type);
    },
  });
}
