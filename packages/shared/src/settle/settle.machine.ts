import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A provider's statement (docs/settlement.md): 1 draft → 2 issued → 3 confirmed by the provider, or 4 disputed per line
 * → (finance resolves every disputed line) 2 issued again → 3 → 5 approved → 6 paid. A paid statement is locked.
 * Approval (3 → 5) is nobody's own: the issuer never approves; an approval flow's rejection sends it back to 1.
 */
export type SettleAction = 'issue' | 'confirm' | 'dispute' | 'resolve' | 'approve' | 'reject' | 'pay';
export interface SettleCtx {
  /** 'finance' = the enterprise's own staff holding the settlement power; 'provider' = a user of the statement's provider. */
  side: 'finance' | 'provider';
  /** Disputed lines left open after this action (for resolve: the others). */
  openDisputes: number;
}

const STEPS: Record<SettleAction, { from: readonly number[]; side: SettleCtx['side'] }> = {
  issue: { from: [1], side: 'finance' },
  confirm: { from: [2], side: 'provider' },
  dispute: { from: [2, 4], side: 'provider' },
  resolve: { from: [4], side: 'finance' },
  approve: { from: [3], side: 'finance' },
  /** The approval flow rejected (or its applicant withdrew) a confirmed statement: back to a draft for its issuer. */
  reject: { from: [3], side: 'finance' },
  pay: { from: [5], side: 'finance' },
};

export const settleMachine: Machine<SettleAction, SettleCtx> = {
  name: 'settlement',
  actions: Object.keys(STEPS) as SettleAction[],
  decide: (state, action, ctx) => {
    if (state === 6) return { refuse: 'SETTLE_PAID' };
    const s = STEPS[action];
    if (!s?.from.includes(state)) return { refuse: 'INVALID_STATE' };
    if (s.side !== ctx.side) return { refuse: 'NO_POWER' };
    switch (action) {
      case 'issue':
        return { to: 2 };
      case 'confirm':
        return ctx.openDisputes > 0 ? { refuse: 'SETTLE_DISPUTE_OPEN' } : { to: 3 };
      case 'dispute':
        return { to: 4 };
      case 'resolve':
        return { to: ctx.openDisputes > 0 ? 4 : 2 };
      case 'approve':
        return ctx.openDisputes > 0 ? { refuse: 'SETTLE_DISPUTE_OPEN' } : { to: 5 };
      case 'reject':
        return { to: 1 };
      default:
        return { to: 6 };
    }
  },
};
export const settleAbilities = (state: number, ctx: SettleCtx) => abilitiesOf(settleMachine, state, ctx);
