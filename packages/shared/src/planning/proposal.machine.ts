import type { Machine } from '../common/machine';

/**
 * A draft's proposal: 1 建议 → accept (booked in the same transaction) 2 已接受, or remove 3 已移除; move keeps it 建议
 * at another engineer or time (logged, and compared by its version: of parallel moves one wins).
 */
export type ProposalAction = 'accept' | 'remove' | 'move';

export const proposalMachine: Machine<ProposalAction> = {
  name: 'plan_proposal',
  actions: ['accept', 'remove', 'move'],
  decide: (state, action) => (state !== 1 ? { refuse: 'STATE_CHANGED' } : { to: action === 'accept' ? 2 : action === 'remove' ? 3 : 1 }),
};
