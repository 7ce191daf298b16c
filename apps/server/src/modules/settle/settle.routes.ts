import { claimsContract as K, feeStandardContract as F, rewardsContract as R, settleContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { registerStateHook } from '../../platform/state';
import { readerOf, visibleOrder } from '../orders/detail.access';
import { documentFlow } from '../approvals/inbox.service';
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

/** Fee standards are the manufacturer's: a provider's user may not change them. */
const staffOnly = (providerId: number | null) => {
  if (providerId != null) throw new AppError('NO_POWER');
};

export async function settleModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, F, {
    list: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return fees.listStandards(db, user.enterpriseId, user.enterprise.timeZone, f, { pageIndex, pageSize });
    },
    create: async ({ user, body }) => {
      staffOnly(user.providerId);
      return withMessage({ id: await fees.createStandard(db, user.enterpriseId, body) }, '保存成功');
    },
    update: async ({ user, body }) => {
      staffOnly(user.providerId);
      const { id, ...v } = body;
      await fees.updateStandard(db, user.enterpriseId, id, v);
      return withMessage(null, '保存成功');
    },
    remove: async ({ user, body }) => {
      staffOnly(user.providerId);
      await fees.removeStandard(db, user.enterpriseId, body.id);
      return withMessage(null, '删除成功');
    },
    orderFee: async ({ user, query }) => {
      await visibleOrder(db, readerOf(user), query.orderId);
      return fees.feeOf(db, user.enterpriseId, user.enterprise.timeZone, query.orderId);
    },
  });
  registerAll(app, deps, C, {
    list: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return settle.list(db, actorOf(user), f, { pageIndex, pageSize });
    },
    detail: async ({ user, query }) => settle.detail(db, actorOf(user), query.id),
    lines: async ({ user, query }) =>
      settle.lines(db, actorOf(user), query.id, query.disputed === '1', { pageIndex: query.pageIndex, pageSize: query.pageSize }),
    create: async ({ user, body }) => withMessage(await settle.createStatement(db, actorOf(user), body), '结算单已生成'),
    remove: async ({ user, body }) => {
      await settle.removeDraft(db, actorOf(user), body.id);
      return withMessage(null, '删除成功');
    },
    action: async ({ user, body }) => withMessage(await settle.act(db, actorOf(user), body.id, body.action, body.note), '操作成功'),
    dispute: async ({ user, body }) => withMessage(await settle.dispute(db, actorOf(user), body.id, body.lineId, body.reason), '已提交异议'),
    resolve: async ({ user, body }) =>
      withMessage(await settle.resolve(db, actorOf(user), body.id, body.lineId, body.amountCents, body.resolution), '异议已处理'),
    export: async ({ user, body }) => {
      const d = await settle.detail(db, actorOf(user), body.id);
      const r = await startExport(db, user, { kind: SETTLE_EXPORT, name: body.fileName || `结算单${d.settleNo}`, params: { id: body.id } });
      return withMessage({ id: r.id }, '导出任务已创建，请到下载中心查看');
    },
  });
  registerAll(app, deps, K, {
    list: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return claims.listClaims(db, actorOf(user), f, { pageIndex, pageSize });
    },
    detail: async ({ user, query }) => claims.claimDetail(db, actorOf(user), query.id),
    create: async ({ user, body }) => {
      const r = await claims.createClaim(db, actorOf(user), body);
      return withMessage(r, r.state === 2 ? '提交成功，已自动通过' : '提交成功，等待审批');
    },
    decide: async ({ user, body }) =>
      withMessage(await claims.decideClaim(db, actorOf(user), body.id, body.action, body.note ?? null), body.action === 'approve' ? '审批通过' : '已驳回'),
    checkList: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return claims.listClaims(db, actorOf(user), f, { pageIndex, pageSize });
    },
    check: async ({ user, body }) => withMessage(await claims.checkClaim(db, actorOf(user), body), '审核完成'),
  });
  registerAll(app, deps, R, {
    list: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return rewards.listRewards(db, actorOf(user), f, { pageIndex, pageSize });
    },
    count: async ({ user, query }) => rewards.countRewards(db, actorOf(user), query),
    detail: async ({ user, query }) => rewards.rewardDetail(db, actorOf(user), query.id),
    create: async ({ user, body }) => withMessage(await rewards.createReward(db, actorOf(user), body), '提交成功，等待审批'),
    action: async ({ user, body }) =>
      withMessage(await rewards.actReward(db, actorOf(user), body.id, body.action, body.note ?? null), REWARD_ACTION_MESSAGES[body.action]),
    approvalProcess: async ({ user, query }) => {
      await rewards.rewardVisible(db, actorOf(user), query.id);
      return documentFlow(db, user, rewards.REWARD_APPROVAL_KIND, query.id, true);
    },
  });
}
