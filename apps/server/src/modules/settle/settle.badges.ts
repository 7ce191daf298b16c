// The settle area's menu badges, and so the finance user's home to-dos: what waits for his side in each list
// (docs/settlement.md, "Badges"). A step an approval flow decides is left to the flow's approvers (审批处理 counts it),
// and a step its own submitter may not take is not counted for him.
import { CLAIM_POWER, COST_CHECK_POWER, REWARD_POWER, SETTLE_POWER } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { noFlowWaiting } from '../approvals/index';
import { registerBadgeCount, withPower } from '../menu/index';
import { CLAIM_APPROVAL_KIND } from './claims.service';
import { providersToSettle } from './settle.repo';
import { REWARD_APPROVAL_KIND } from './rewards.service';
import { SETTLE_APPROVAL_KIND } from './settle.service';

const countOf = async (ex: Executor, q: ReturnType<typeof sql>) => (await rows<{ n: number }>(ex, q))[0]?.n ?? 0;

/**
 * 外包结算. Finance: the providers with last month to settle and no statement over it (providersToSettle), drafts to
 * issue, disputes to resolve, confirmed statements to approve (unless a flow decides or he issued it) and approved ones
 * to pay. A provider's user: his provider's issued statements to confirm.
 */
export async function settleTodoCount(ex: Executor, a: Actor): Promise<number> {
  if (a.providerId != null)
    return countOf(ex, sql`select count(*)::int as n from settlements where enterprise_id = ${a.enterpriseId} and provider_id = ${a.providerId} and state = 2`);
  const [statements, providers] = await Promise.all([
    countOf(
      ex,
      sql`select count(*)::int as n from settlements s where s.enterprise_id = ${a.enterpriseId} and (s.state in (1, 4, 5)
        or (s.state = 3 and s.issued_by is distinct from ${a.id} and ${noFlowWaiting(SETTLE_APPROVAL_KIND, 's')}))`,
    ),
    providersToSettle(ex, a.enterpriseId, a.timeZone),
  ]);
  return statements + providers;
}

/** 费用审批. Finance: claims 审批中 that no flow decides. Nothing waits for a provider's user here. */
export function claimTodoCount(ex: Executor, a: Actor): Promise<number> {
  if (a.providerId != null) return Promise.resolve(0);
  return countOf(
    ex,
    sql`select count(*)::int as n from fee_claims c where c.enterprise_id = ${a.enterpriseId} and c.state = 1 and ${noFlowWaiting(CLAIM_APPROVAL_KIND, 'c')}`,
  );
}

/** 费用审核. Finance: approved transport fees past the tolerance, 待审核. */
export function costCheckTodoCount(ex: Executor, a: Actor): Promise<number> {
  if (a.providerId != null) return Promise.resolve(0);
  return countOf(ex, sql`select count(*)::int as n from fee_claims where enterprise_id = ${a.enterpriseId} and check_state = 1`);
}

/** 奖惩管理. Finance: a rule's proposals to confirm, and records 待审批 that no flow decides and he did not submit. */
export function rewardTodoCount(ex: Executor, a: Actor): Promise<number> {
  if (a.providerId != null) return Promise.resolve(0);
  return countOf(
    ex,
    sql`select count(*)::int as n from rewards r where r.enterprise_id = ${a.enterpriseId} and (r.state = 0
      or (r.state = 1 and r.submitted_by is distinct from ${a.id} and ${noFlowWaiting(REWARD_APPROVAL_KIND, 'r')}))`,
  );
}

export function wireSettleBadges(): void {
  registerBadgeCount('/settleAccounts/todoCount', withPower(SETTLE_POWER, settleTodoCount));
  registerBadgeCount('/transportation/fee/approval/todoCount', withPower(CLAIM_POWER, claimTodoCount));
  registerBadgeCount('/CostCheck/todoCount', withPower(COST_CHECK_POWER, costCheckTodoCount));
  registerBadgeCount('/rewards/todoCount', withPower(REWARD_POWER, rewardTodoCount));
}
