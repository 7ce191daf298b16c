// The customer portal's endpoints (docs/portal.md): logins are public, the rest `auth: 'portal'` (ctx.portal).
import { portalContract as P, quotationContract as Q, scanContract as S } from '@sk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { service } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { cookieSecure } from '../../platform/origin';
import { destroyPortalSession, PORTAL_COOKIE, PORTAL_SESSION_TTL_MS } from '../../platform/portal-session';
import type { SmsSender } from '../../platform/sms';
import { sendPdf } from '../orders/index';
import { orderFor } from '../orders/index';
import { renderReport } from '../orders/index';
import { reportModel } from '../orders/index';
import { changePortalPassword, linkLogin, portalPasswordLogin, sendLoginLink } from './portal.auth';
import * as svc from './portal.service';
import { sendSignLink, signAccept, signReject, signView } from './portal.sign';
import { reportByScan, scanProduct, sendScanCode, textTrackLink, trackScan } from './scan.service';
import { linkBase } from '../../platform/origin';

function setPortalCookie(deps: Deps, req: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(PORTAL_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: cookieSecure(deps.config, req),
    maxAge: PORTAL_SESSION_TTL_MS / 1000,
  });
}

export async function portalModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(
    app,
    deps,
    { signLink: Q.signLink },
    {
      signLink: async ({ actor, body, req }) => {
        const r = await sendSignLink(deps, actor, body, linkBase(deps.config, req));
        return withMessage(r, `签字链接已发送至${r.mobile}`);
      },
    },
  );
  registerAll(app, deps, P, {
    login: async ({ body, req, reply }) => {
      const out = await portalPasswordLogin(db, { ...body, ip: req.ip, previousToken: req.cookies[PORTAL_COOKIE] });
      if (out.kind === 'choose') return { needChoose: true as const, epList: out.epList };
      setPortalCookie(deps, req, reply, out.token);
      return withMessage({ needChoose: false as const }, '登录成功');
    },
    sendLink: async ({ body, req }) =>
      withMessage(
        { seconds: await sendLoginLink(db, service<SmsSender>(deps, 'sms'), body.mobile, linkBase(deps.config, req)) },
        '如该手机号已开通服务门户，登录链接已发送',
      ),
    linkLogin: async ({ body, req, reply }) => {
      const token = await linkLogin(db, body.token, req.ip, req.cookies[PORTAL_COOKIE]);
      setPortalCookie(deps, req, reply, token);
      return withMessage({ needChoose: false as const }, '登录成功');
    },
    logout: async ({ req, reply }) => {
      await destroyPortalSession(db, req.cookies[PORTAL_COOKIE]);
      reply.clearCookie(PORTAL_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookieSecure(deps.config, req) });
      return withMessage(null, '已退出');
    },
    me: async ({ portal: p }) => ({
      name: p.name,
      mobile: p.mobile,
      customerId: p.customerId,
      customerName: p.customerName,
      enterpriseName: p.enterpriseName,
      csrfToken: p.csrfToken,
    }),
    password: async ({ portal, body, req }) => {
      await changePortalPassword(db, portal, body.oldPassword, body.newPassword, req.ip);
      return withMessage(null, '密码已修改，其他设备已退出登录');
    },
    products: async ({ portal, query }) => svc.listProducts(db, portal, query),
    product: async ({ portal, query }) => svc.productFor(db, portal, { id: query.id, code: query.code }),
    upload: async ({ portal, body }) => withMessage(await svc.uploadImage(deps, portal, body.data, body.name ?? undefined), '上传成功'),
    repair: async ({ portal, body }) => withMessage(await svc.reportFault(db, portal, body), '报修成功'),
    orders: async ({ portal, query }) => svc.listOrders(db, portal, query),
    order: async ({ portal, query }) => svc.orderDetail(db, portal, query.id),
    report: async ({ portal, query, reply }) => {
      const { viewer, orderId } = await svc.reportOrderFor(db, portal, query.id);
      const row = await orderFor(db, viewer, orderId);
      const pdf = await renderReport(await reportModel(deps, db, viewer, row));
      await sendPdf(reply, pdf, `服务报告-${String(row.order_no)}.pdf`, false);
      return null;
    },
    rate: async ({ portal, body }) => withMessage(await svc.rateOrder(db, portal, body), '评价成功'),
    quotations: async ({ portal, query }) => svc.listQuotes(db, portal, query),
    quotation: async ({ portal, query }) => svc.quoteDetail(db, portal, query.id),
    accept: async ({ portal, body }) => withMessage(await svc.acceptQuote(deps, portal, body), '已接受报价'),
    reject: async ({ portal, body }) => withMessage(await svc.rejectQuote(db, portal, body), '已拒绝报价'),
    signView: async ({ query }) => signView(db, query.token),
    signAccept: async ({ body }) => withMessage(await signAccept(deps, body.token, body.signature), '已接受报价'),
    signReject: async ({ body }) => withMessage(await signReject(db, body.token, body.note), '已拒绝报价'),
  });
  // 扫码报修 without an account: public, each call names one product (its QR code) or one order (its follow link).
  registerAll(app, deps, S, {
    product: async ({ query }) => scanProduct(db, query.code),
    sendCode: async ({ body }) => withMessage({ seconds: await sendScanCode(deps, body) }, '验证码已发送'),
    report: async ({ body, req }) => {
      const r = await reportByScan(deps, body, req.ip);
      const text = `【${r.enterpriseName}】您的报修已受理，工单号${r.orderNo}，查看进度：${linkBase(deps.config, req)}${r.url}`;
      await textTrackLink(deps, { mobile: body.mobile, text, token: r.token }, (m) => req.log.warn(m));
      return withMessage({ orderNo: r.orderNo, token: r.token }, '报修成功');
    },
    track: async ({ query }) => trackScan(db, query.token),
  });
}
