import { abilitiesOf, type Machine } from '../common/machine';

/**
 * 奖惩 (rewards and penalties, docs/settlement.md): a record for one provider (optionally one of its orders), a reward or
 * a penalty in integer cents. Made by hand by finance (straight into approval), or proposed by a rule (an SLA breach, a
 * failed return visit, an old part not returned in time) for finance to submit or dismiss:
 * 0 待确认 (a rule's proposal) → 1 待审批 (submit) → 2 已通过 / 3 已驳回; 0 and 1 may be cancelled → 4 已作废.
 * An approved record waits for the provider's next statement (its line, kind 3 or 4); 已结算 is read from that line.
 * Every action is finance's; a provider's user only reads his provider's submitted records.
 */
export type RewardAction = 'submit' | 'approve' | 'reject' | 'cancel';
export interface RewardCtx {
  side: 'finance' | 'provider';
}

const STEPS: Record<RewardAction, readonly number[]> = { submit: [0], approve: [1], reject: [1], cancel: [0, 1] };
const TO: Record<RewardAction, number> = { submit: 1, approve: 2, reject: 3, cancel: 4 };

export const rewardMachine: Machine<RewardAction, RewardCtx> = {
  name: 'reward',
  actions: ['submit', 'approve', 'reject', 'cancel'],
  decide: (state, action, ctx) => {
    if (!STEPS[action]?.includes(state)) return { refuse: 'INVALID_STATE' };
    if (ctx.side !== 'finance') return { refuse: 'NO_POWER' };
    return { to: TO[action] };
  },
};
export const rewardAbilities = (state: number, ctx: RewardCtx) => abilitiesOf(rewardMachine, state, ctx);

export const REWARD_STATES = { 0: '待确认', 1: '待审批', 2: '已通过', 3: '已驳回', 4: '已作废' } as const;
export const REWARD_STATE_COLORS: Record<number, string> = { 0: 'warning', 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };
/** 1 reward (added to the statement), 2 penalty (deducted). */
export const REWARD_KINDS = { 1: '奖励', 2: '处罚' } as const;
/** Where a record came from: 0 by hand; the rules (one record per cause, ever). */
export const REWARD_CAUSES = { 0: '手工录入', 1: 'SLA超时', 2: '回访不通过', 3: '旧件逾期未返还' } as const;
/** Where an approved record stands in settlement (read from its statement line). */
export const REWARD_SETTLE_STATES = { 0: '未结算', 1: '结算中', 2: '已结算' } as const;

/** The page power of 奖惩管理 (menu 604): finance and administrators act; a provider's dispatcher reads. */
export const REWARD_POWER = 'menu_CommissionOrder';

/** The rules' amounts (settings, in yuan; 0 switches the rule off). */
export const PENALTY_SETTINGS = {
  sla: 'penalty_sla_breach_yuan',
  visit: 'penalty_visit_failed_yuan',
  oldPart: 'penalty_old_part_overdue_yuan',
} as const;

/** A statement line's signed amount: a reward adds, a penalty deducts. */
export const signedRewardCents = (kind: number, amountCents: number): number => (kind === 2 ? -amountCents : amountCents);
