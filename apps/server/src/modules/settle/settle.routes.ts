import { claimsContract as K, feeStandardContract as F, rewardsContract as R, settleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { registerStateHook } from '../../platform/state';
import { readerOf, visibleOrder } from '../orders/index';
import { documentFlow } from '../approvals/index';
import * as claims from './claims.service';
import * as rewards from './rewards.service';
import * as fees from './fee.service';
import * as settle from './settle.service';
import { startExport } from '../../platform/exports';
import { SETTLE_EXPORT } from './settle.export';

const REWARD_ACTION_MESSAGES = { submit: '已提交审批', approve: '审批通过', reject: '已驳回', cancel: '已作废' } as const;

/** An order of a provider is priced when it reaches 完成 (5): its completion, or the approval of its completion. */
export function installPricing(): void {
  registerStateHook(
    'order',
    '*',
    {
      after: async (h) => {
        if (h.to === 5 && h.from !== 5 && h.row.provider_id != null) await fees.priceOrder(h.tx, h.enterpriseId, h.id);
        return undefined;
      },
    },
    'settle.pricing',
  );
}

/** Fee standards are the manufacturer's: a provider's actor may not change them. */
const staffOnly = (providerId: number | null) => {
  if (providerId != null) throw new AppError('NO_POWER');
};

export async function settleModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, F, {
    list: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return fees.listStandards(db, actor.enterpriseId, actor.timeZone, f, { pageIndex, pageSize });
    },
    create: async ({ actor, body, req }) => {
      staffOnly(actor.providerId);
      return withMessage({ id: await fees.createStandard(db, actor, body, req.ip) }, '保存成功');
    },
    update: async ({ actor, body, req }) => {
      staffOnly(actor.providerId);
      const { id, ...v } = body;
      await fees.updateStandard(db, actor, id, v, req.ip);
      return withMessage(null, '保存成功');
    },
    remove: async ({ actor, body, req }) => {
      staffOnly(actor.providerId);
      await fees.removeStandard(db, actor, body.id, req.ip);
      return withMessage(null, '删除成功');
    },
    orderFee: async ({ actor, query }) => {
      await visibleOrder(db, readerOf(actor), query.orderId);
      return fees.feeOf(db, actor.enterpriseId, actor.timeZone, query.orderId);
    },
  });
  registerAll(app, deps, C, {
    list: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return settle.list(db, actor, f, { pageIndex, pageSize });
    },
    detail: async ({ actor, query }) => settle.detail(db, actor, query.id),
    lines: async ({ actor, query }) => settle.lines(db, actor, query.id, query.disputed === '1', { pageIndex: query.pageIndex, pageSize: query.pageSize }),
    create: async ({ actor, body }) => withMessage(await settle.createStatement(db, actor, body), '结算单已生成'),
    pending: async ({ actor, query }) => settle.pending(db, actor, query),
    remove: async ({ actor, body }) => {
      await settle.removeDraft(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
    action: async ({ actor, body }) => withMessage(await settle.act(db, actor, body.id, body.action, body.note), '操作成功'),
    dispute: async ({ actor, body }) => withMessage(await settle.dispute(db, actor, body.id, body.lineId, body.reason), '已提交异议'),
    resolve: async ({ actor, body }) => withMessage(await settle.resolve(db, actor, body.id, body.lineId, body.amountCents, body.resolution), '异议已处理'),
    export: async ({ actor, user, body }) => {
      const d = await settle.detail(db, actor, body.id);
      const r = await startExport(db, user, { kind: SETTLE_EXPORT, name: body.fileName || `结算单${d.settleNo}`, params: { id: body.id } });
      return withMessage({ id: r.id }, '导出任务已创建，请到下载中心查看');
    },
  });
  registerAll(app, deps, K, {
    list: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return claims.listClaims(db, actor, f, { pageIndex, pageSize });
    },
    detail: async ({ actor, query }) => claims.claimDetail(db, actor, query.id),
    create: async ({ actor, body }) => {
      const r = await claims.createClaim(db, actor, body);
      return withMessage(r, r.state === 2 ? '提交成功，已自动通过' : '提交成功，等待审批');
    },
    decide: async ({ actor, body }) =>
      withMessage(await claims.decideClaim(db, actor, body.id, body.action, body.note ?? null), body.action === 'approve' ? '审批通过' : '已驳回'),
    checkList: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return claims.listClaims(db, actor, f, { pageIndex, pageSize });
    },
    check: async ({ actor, body }) => withMessage(await claims.checkClaim(db, actor, body), '审核完成'),
  });
  registerAll(app, deps, R, {
    list: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return rewards.listRewards(db, actor, f, { pageIndex, pageSize });
    },
    count: async ({ actor, query }) => rewards.countRewards(db, actor, query),
    detail: async ({ actor, query }) => rewards.rewardDetail(db, actor, query.id),
    create: async ({ actor, body }) => withMessage(await rewards.createReward(db, actor, body), '提交成功，等待审批'),
    action: async ({ actor, body }) =>
      withMessage(await rewards.actReward(db, actor, body.id, body.action, body.note ?? null), REWARD_ACTION_MESSAGES[body.action]),
    approvalProcess: async ({ actor, query }) => {
      await rewards.rewardVisible(db, actor, query.id);
      return documentFlow(db, actor, rewards.REWARD_APPROVAL_KIND, query.id, true);
    },
  });
}
