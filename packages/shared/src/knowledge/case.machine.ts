import { abilitiesOf, type Machine } from '../common/machine';

/** A case: 1 draft → 2 published (internal or public) → 3 withdrawn; a withdrawn case may be published again. */
export type CaseAction = 'publish' | 'withdraw';

export const caseMachine: Machine<CaseAction, void> = {
  name: 'case',
  actions: ['publish', 'withdraw'],
  decide: (state, action) => {
    if (action === 'publish') return state === 1 || state === 3 ? { to: 2 } : { refuse: 'INVALID_STATE' };
    return state === 2 ? { to: 3 } : { refuse: 'INVALID_STATE' };
  },
};

export const caseAbilities = (state: number) => abilitiesOf(caseMachine, state, undefined);
