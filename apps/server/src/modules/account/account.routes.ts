import { accountContract as C } from '@sk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { service } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { cookieSecure, outboxAllowed } from '../../platform/origin';
import { usedSeats } from '../../platform/guards';
import { runProvision } from '../../platform/provision';
import { destroySession, SESSION_COOKIE, SESSION_TTL_MS, sessionTokenOf } from '../../platform/session';
import type { SmsSender } from '../../platform/sms';
import * as repo from './account.repo';
import * as svc from './account.service';
import { PRODUCT_VERSIONS, VERSION } from './versions';

export function setSessionCookie(deps: Deps, req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieSecure(deps.config, req),
    maxAge: SESSION_TTL_MS / 1000,
  });
}

function answerLogin(deps: Deps, req: FastifyRequest, reply: FastifyReply, out: svc.LoginOutcome, client: string) {
  if (out.kind === 'choose') return { needChoose: true as const, ticket: out.ticket, epList: out.epList };
  setSessionCookie(deps, req, reply, out.token);
  return { needChoose: false as const, ...(client === 'app' ? { sessionId: out.token } : {}) };
}

export async function accountModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const sms = () => service<SmsSender>(deps, 'sms');
  registerAll(app, deps, C, {
    pwdLogin: async ({ body, req, reply }) => {
      const out = await svc.passwordLogin(db, { ...body, ip: req.ip, previousToken: req.cookies[SESSION_COOKIE] });
      return answerLogin(deps, req, reply, out, body.client);
    },
    sendCode: async ({ body }) => ({ seconds: await svc.sendCode(db, sms(), body.mobile, body.purpose) }),
    devOutbox: async ({ query, req }) => {
      const s = sms();
      if (!outboxAllowed(deps.config, req) || !s.lastCode) throw new AppError('NOT_FOUND');
      return { code: s.lastCode(query.mobile) };
    },
    codeLogin: async ({ body, req, reply }) => {
      const out = await svc.codeLogin(db, { ...body, ip: req.ip, previousToken: req.cookies[SESSION_COOKIE] });
      return answerLogin(deps, req, reply, out, body.client);
    },
    codePassword: async ({ body, req }) => {
      await svc.setPasswordByCode(db, { ...body, ip: req.ip });
      return withMessage(null, '密码设置成功');
    },
    epList: async ({ query }) => svc.epListByTicket(db, query.mobile, query.ticket),
    register: async ({ body, req, reply }) => {
      const r = await svc.registerEnterprise(db, { ...body, ip: req.ip });
      const out = await svc.passwordLogin(db, { mobile: body.mobile, password: body.password, enterpriseId: r.enterpriseId, client: 'web', ip: req.ip });
      answerLogin(deps, req, reply, out, 'web');
      // Provisioning runs after the answer; the page polls its progress.
      setImmediate(() => {
        runProvision(db, r.enterpriseId, body.industry).catch((err) => req.log.error(err));
      });
      return withMessage({ enterpriseId: r.enterpriseId }, '注册成功');
    },
    registerProgress: async ({ actor }) => {
      const progress = await repo.setupProgress(db, actor.enterpriseId);
      return { progress, done: progress >= 100 };
    },
    logout: async ({ req, reply, user }) => {
      await destroySession(db, sessionTokenOf(req));
      await audit(db, { action: 'logout', enterpriseId: user.enterpriseId, userId: user.id, ip: req.ip });
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure(deps.config, req) });
      return withMessage(null, '登出成功');
    },
    sessionUser: async ({ user }) => svc.sessionUserInfo(db, user, deps.config.CUSTOMER_SERVICE_PHONE),
    changeRole: async ({ actor, body }) => {
      await svc.changeRole(db, actor, body.role);
      return withMessage(null, '切换角色成功');
    },
    changePcVersion: async ({ actor, body }) => {
      await repo.setPcVersion(db, actor.enterpriseId, actor.id, body.pcVersion);
      return withMessage(null, '切换成功');
    },
    packageDetail: async ({ user }) => ({
      userNum: await usedSeats(db, user.enterpriseId),
      is_charge_user: user.enterprise.isChargeUser,
      packageName: user.enterprise.packageName,
      buy_person_num: user.enterprise.buyPersonNum,
      epServiceExpireTime: user.enterprise.epServiceExpireTime,
    }),
    versionInfo: async () => ({ version: VERSION, download_link: '/app/download' }),
    productVersions: async () => PRODUCT_VERSIONS,
    isNoviceGuide: async ({ actor }) => {
      return !(await repo.noviceGuideDone(db, actor.enterpriseId, actor.id));
    },
    finishNoviceGuide: async ({ actor }) => {
      await repo.finishNoviceGuide(db, actor.enterpriseId, actor.id);
      return null;
    },
    isQuickDeploy: async ({ actor }) => {
      // Offered to holders of 09001 while the enterprise still has its first (only) user.
      if (!actor.powers.includes('09001')) return false;
      return (await usedSeats(db, actor.enterpriseId)) <= 1;
    },
    customServicePhone: async () => deps.config.CUSTOMER_SERVICE_PHONE,
  });
}
