import { orderMoneyContract as M, toYuan } from '@sk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { service } from '../../platform/deps';
import { type SmsSender, sendLinkText } from '../../platform/sms';
import { evaluate, readEvaluation } from './evaluate.service';
import { readFees, saveFees } from './fees.service';
import { cents, orderFor } from './money.access';
import { paymentProviderOf } from './payment';
import { accountsOfTemplate, deleteAccounts, listAccounts, saveAccount } from './receive.service';
import { createReportLink, openReportLink, REPORT_LINK_DAYS } from './report.links';
import { renderReport } from './report.pdf';
import { reportModel } from './report.service';
import { linkBase } from '../../platform/origin';
import type { Actor } from '../../platform/actor';
import { dispositionOf } from '../../platform/download';

export async function sendPdf(reply: FastifyReply, pdf: Buffer, name: string, inline: boolean): Promise<void> {
  reply
    .header('content-type', 'application/pdf')
    .header('content-length', pdf.length)
    .header('content-disposition', dispositionOf(name, { inline, fallback: 'report.pdf' }))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  reply.send(pdf);
  await reply;
}

const MOBILE = /^1\d{10}$/;

/** Fees, collection accounts, evaluation, the service report and the payment code. */
export async function orderMoneyModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const report = async (v: Actor, orderId: number) => {
    const row = await orderFor(db, v, orderId);
    return { row, pdf: await renderReport(await reportModel(deps, db, v, row)) };
  };
  registerAll(app, deps, M, {
    fees: async ({ actor, query }) => readFees(db, actor, query.orderId),
    saveFees: async ({ actor, body }) => withMessage(await saveFees(db, actor, body), '保存成功'),
    evaluation: async ({ actor, query }) => readEvaluation(db, actor, query.orderId),
    evaluate: async ({ actor, body }) => withMessage(await evaluate(db, actor, body), '评价成功'),
    receiveByTemplate: async ({ user, query }) => accountsOfTemplate(db, user.enterpriseId, query.orderTmplId),
    receiveList: async ({ user }) => listAccounts(db, user.enterpriseId),
    receiveSave: async ({ user, body }) => withMessage({ id: await saveAccount(db, user.enterpriseId, body) }, '保存成功'),
    receiveDelete: async ({ user, body }) => {
      await deleteAccounts(db, user.enterpriseId, body.ids);
      return withMessage(null, '删除成功');
    },
    orderPdf: async ({ actor, body, reply }) => {
      const { row, pdf } = await report(actor, body.orderId);
      await sendPdf(reply, pdf, `服务报告-${row.order_no}.pdf`, false);
      return null;
    },
    pdfSend: async ({ actor, user, body, req }) => {
      const v = actor;
      const { row, mobile, link } = await db.transaction(async (tx) => {
        const row = await orderFor(tx, v, body.orderId, true);
        if (row.state !== 5) throw new AppError('VALIDATION', { detail: '工单完成后才能发送服务报告' });
        const mobile = body.mobile ?? String(row.custom_phone ?? '');
        if (!MOBILE.test(mobile)) throw new AppError('VALIDATION', { detail: '联系电话不是手机号，请填写接收短信的手机号' });
        const link = await createReportLink(tx, { enterpriseId: v.enterpriseId, orderId: body.orderId, mobile, userId: v.id, timeZone: v.timeZone });
        return { row, mobile, link };
      });
      const url = `${linkBase(deps.config, req)}/api/report/order/${link.token}`;
      const text = `【${user.enterprise.name}】您的工单${row.order_no}服务报告已生成，点击查看：${url} ，${REPORT_LINK_DAYS}天内有效。`;
      // Sent with the order unlocked: a slow gateway holds up no one's work on it. The new link replaces the old ones
      // only once the text went; a failed send removes it.
      await sendLinkText(db, service<SmsSender>(deps, 'sms'), { mobile, text, token: link.token }, { undo: link.drop, confirm: link.replace });
      return withMessage({ mobile, expireTime: link.expireTime }, '发送成功');
    },
    publicReport: async ({ params, reply }) => {
      const link = await openReportLink(db, String(params.token ?? ''));
      // The link stands for the enterprise itself: the report as an administrator would print it.
      const v: Actor = { id: 0, enterpriseId: link.enterpriseId, sysrole: null, admin: true, powers: [], providerId: null, timeZone: link.timeZone };
      const { row, pdf } = await report(v, link.orderId);
      await sendPdf(reply, pdf, `服务报告-${row.order_no}.pdf`, true);
      return null;
    },
    paymentQrCode: async ({ actor, query }) => {
      const v = actor;
      const row = await orderFor(db, v, query.orderId);
      const due = row.paid_at != null ? 0 : cents(row.receivable_c);
      const provider = paymentProviderOf(deps);
      const qr = await provider.qrFor({ enterpriseId: v.enterpriseId, orderId: query.orderId, orderNo: String(row.order_no), amountCents: due });
      return { orderId: query.orderId, amount: toYuan(due), provider: provider.name, methods: provider.methods, ...qr };
    },
  });
}
