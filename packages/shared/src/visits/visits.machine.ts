import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A return-visit task: 1 to visit → 3 passed (four scores), 5 passed unrated, 2 not passed (a reason),
 * 4 next visit (a date and a reason); a next visit comes back to 1 on its date (`due`, the system).
 * A pool task (no visitor yet) is grabbed first; its state stays 1.
 */
export type VisitAction = 'pass' | 'passUnrated' | 'fail' | 'later' | 'due' | 'grab';
export interface VisitCtx {
  /** The actor is the task's visitor, or an administrator. */
  visitor: boolean;
  /** The task has no visitor yet (pool). */
  pooled: boolean;
  /** The actor may take pool tasks (return-visit staff or administrator) and is not the order's engineer. */
  mayGrab: boolean;
  /** The system acting (the sweep). */
  system: boolean;
}

const SUBMIT: Record<'pass' | 'passUnrated' | 'fail' | 'later', number> = { pass: 3, passUnrated: 5, fail: 2, later: 4 };

export const visitMachine: Machine<VisitAction, VisitCtx> = {
  name: 'return_visit',
  actions: ['pass', 'passUnrated', 'fail', 'later', 'due', 'grab'],
  decide: (state, action, ctx) => {
    if (action === 'due') return state === 4 && ctx.system ? { to: 1 } : { refuse: 'INVALID_STATE' };
    if (state !== 1 && state !== 4) return { refuse: 'VISIT_DONE' };
    if (action === 'grab') {
      if (!ctx.pooled) return { refuse: 'VISIT_TAKEN' };
      return ctx.mayGrab ? { to: state } : { refuse: 'NO_POWER' };
    }
    if (ctx.pooled) return { refuse: 'VISIT_NOT_GRABBED' };
    if (!ctx.visitor) return { refuse: 'VISIT_NOT_MINE' };
    return { to: SUBMIT[action] };
  },
};
export const visitAbilities = (state: number, ctx: VisitCtx) => abilitiesOf(visitMachine, state, ctx).filter((a) => a !== 'due');
