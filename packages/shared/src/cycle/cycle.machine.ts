import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A cycle plan: 1 执行中 ⇄ 2 已暂停 (pause / resume); either → 3 已结束 (end, final). The job ends a plan by itself
 * when its last date has passed (a maintenance contract's end, or the plan's end date): action 'expire', the system.
 */
export type CyclePlanAction = 'pause' | 'resume' | 'end' | 'expire';
export interface CyclePlanCtx {
  system: boolean;
}

export const cyclePlanMachine: Machine<CyclePlanAction, CyclePlanCtx> = {
  name: 'cycle_plan',
  actions: ['pause', 'resume', 'end', 'expire'],
  decide: (state, action, ctx) => {
    if (state === 3) return { refuse: 'INVALID_STATE' };
    if (action === 'pause') return state === 1 ? { to: 2 } : { refuse: 'INVALID_STATE' };
    if (action === 'resume') return state === 2 ? { to: 1 } : { refuse: 'INVALID_STATE' };
    if (action === 'expire') return ctx.system ? { to: 3 } : { refuse: 'NO_POWER' };
    return { to: 3 };
  },
};

/** The actions a user may take now (the detail's buttons). */
export const cyclePlanAbilities = (state: number): CyclePlanAction[] => abilitiesOf(cyclePlanMachine, state, { system: false }).filter((a) => a !== 'expire');
