import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A fee claim (docs/settlement.md): 1 审批中 → 2 已通过 / 3 已驳回. Within the tolerance it is created approved; the
 * approval is finance's (or an approval flow's), never the provider's.
 */
export type ClaimAction = 'approve' | 'reject';
export interface ClaimCtx {
  side: 'finance' | 'provider';
}

export const claimMachine: Machine<ClaimAction, ClaimCtx> = {
  name: 'fee_claim',
  actions: ['approve', 'reject'],
  decide: (state, action, ctx) => {
    if (state !== 1) return { refuse: 'INVALID_STATE' };
    if (ctx.side !== 'finance') return { refuse: 'NO_POWER' };
    return { to: action === 'approve' ? 2 : 3 };
  },
};
export const claimAbilities = (state: number, ctx: ClaimCtx) => abilitiesOf(claimMachine, state, ctx);

export const CLAIM_STATES = { 1: '审批中', 2: '已通过', 3: '已驳回' } as const;
export const CLAIM_STATE_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'error' };
export const CLAIM_KINDS = { 1: '交通费', 2: '其他费用' } as const;
export const CHECK_STATES = { 0: '无需审核', 1: '待审核', 2: '已审核' } as const;
export const CHECK_CHOICES = { 1: '按申请金额', 2: '按核算金额', 3: '其他金额' } as const;

/** The power of 费用审批 (both sides) and of 费用审核 (finance). */
export const CLAIM_POWER = 'menu_TransportationFeeApproval';
export const COST_CHECK_POWER = 'menu_CostCheck';
/** The tolerance setting: claimed distance above the straight line by more than this many per cent needs approval. */
export const CLAIM_TOLERANCE_SETTING = 'fee_claim_tolerance_pct';

/**
 * The fee the straight line supports: the claim scaled to computed / claimed distance, never above the claim. Extra fees
 * (no distance) and a claim within its distance keep the claimed amount.
 */
export function computedClaimCents(amountCents: number, claimedM: number | null, computedM: number | null): number {
  if (claimedM == null || claimedM <= 0 || computedM == null || computedM >= claimedM) return amountCents;
  return Math.round((amountCents * computedM) / claimedM);
}

/** Over the tolerance: a distance claimed past the straight line × (1 + tolerance), or a transport fee whose line is unknown. */
export function overTolerance(kind: number, claimedM: number | null, computedM: number | null, tolerancePct: number): boolean {
  if (kind !== 1) return true;
  if (claimedM == null) return false;
  if (computedM == null) return true;
  return claimedM * 100 > computedM * (100 + tolerancePct);
}
