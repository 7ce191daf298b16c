import type { Machine } from '../common/machine';

/**
 * An approval instance: 0 waiting → 1 approved / 2 rejected / 3 withdrawn. Approving a step that is not
 * the last keeps it waiting (the step moves on); transfer keeps it waiting (the task changes hands).
 */
export type ApprovalAction = 'approve' | 'reject' | 'withdraw' | 'transfer';
export interface ApprovalCtx {
  /** The actor holds an open task of the current step (himself or as a delegate in his window). */
  approver: boolean;
  applicant: boolean;
  /** This approval finishes the current step (one/any: always; all: the last open task). */
  completesStep: boolean;
  lastStep: boolean;
}

export const approvalMachine: Machine<ApprovalAction, ApprovalCtx> = {
  name: 'approval',
  actions: ['approve', 'reject', 'withdraw', 'transfer'],
  decide: (state, action, ctx) => {
    if (state !== 0) return { refuse: 'APPROVAL_ENDED' };
    if (action === 'withdraw') return ctx.applicant ? { to: 3 } : { refuse: 'APPROVAL_NOT_APPLICANT' };
    // Nobody decides on his own document, not even as a named approver or someone's delegate.
    if (ctx.applicant) return { refuse: 'APPROVAL_OWN_DOCUMENT' };
    if (!ctx.approver) return { refuse: 'APPROVAL_NOT_APPROVER' };
    if (action === 'reject') return { to: 2 };
    if (action === 'approve') return { to: ctx.completesStep && ctx.lastStep ? 1 : 0 };
    return { to: 0 };
  },
};
