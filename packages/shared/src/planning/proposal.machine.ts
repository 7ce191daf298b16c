import type { Machine } from '../common/machine';

/** A draft's proposal: 1 建议 → accept (booked in the same transaction) 2 已接受, or remove 3 已移除. */
export type ProposalAction = 'accept' | 'remove';

export const proposalMachine: Machine<ProposalAction> = {
  name: 'plan_proposal',
  actions: ['accept', 'remove'],
  decide: (state, action) => (state !== 1 ? { refuse: 'STATE_CHANGED' } : { to: action === 'accept' ? 2 : 3 }),
};
