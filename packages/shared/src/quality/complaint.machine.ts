import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A complaint: 1 new → 2 accepted → 3 investigating → 4 resolved → 5 closed. A resolved or closed complaint may be
 * reopened (back to investigating, with a reason; counted). Closing needs the responsibility and the analysis unit.
 */
export type ComplaintAction = 'accept' | 'investigate' | 'resolve' | 'close' | 'reopen';
export interface ComplaintCtx {
  /** 责任原因 and 分析单位 are both filled. */
  analysed: boolean;
}

const STEP: Record<'accept' | 'investigate' | 'resolve' | 'close', [number, number]> = {
  accept: [1, 2],
  investigate: [2, 3],
  resolve: [3, 4],
  close: [4, 5],
};

export const complaintMachine: Machine<ComplaintAction, ComplaintCtx> = {
  name: 'complaint',
  actions: ['accept', 'investigate', 'resolve', 'close', 'reopen'],
  decide: (state, action, ctx) => {
    if (action === 'reopen') return state === 4 || state === 5 ? { to: 3 } : { refuse: 'INVALID_STATE' };
    const [from, to] = STEP[action];
    if (state !== from) return { refuse: 'INVALID_STATE' };
    if (action === 'close' && !ctx.analysed) return { refuse: 'COMPLAINT_NOT_ANALYSED' };
    return { to };
  },
};

export const complaintAbilities = (state: number, ctx: ComplaintCtx) => abilitiesOf(complaintMachine, state, ctx);
