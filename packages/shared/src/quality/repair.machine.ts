import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A repair-sent order (寄修单), states: 0 待确认 → confirm (the unit is received) → 1 处理中 →
 * complete → 2 已完成, or 4 待审核 when an approval flow of 寄修完成审批 applies, then approve → 2 / reject → 1.
 * Cancel from 0 or 1 (from 1 with an 无法完成原因: the unit goes back unrepaired) → 3 已取消.
 */
export type RepairAction = 'confirm' | 'complete' | 'approve' | 'reject' | 'cancel';
export interface RepairCtx {
  /** The repair result and the return logistics (carrier, waybill) are filled. */
  ready: boolean;
  /** An approval flow applies to the completion. */
  needsApproval: boolean;
  /** The change comes from the approval engine (approve / reject are its alone). */
  engine: boolean;
}

export const repairMachine: Machine<RepairAction, RepairCtx> = {
  name: 'repair_order',
  actions: ['confirm', 'complete', 'approve', 'reject', 'cancel'],
  decide: (state, action, ctx) => {
    switch (action) {
      case 'confirm':
        return state === 0 ? { to: 1 } : { refuse: 'INVALID_STATE' };
      case 'complete':
        if (state !== 1) return { refuse: 'INVALID_STATE' };
        if (!ctx.ready) return { refuse: 'REPAIR_NOT_READY' };
        return { to: ctx.needsApproval ? 4 : 2 };
      case 'approve':
      case 'reject':
        if (state !== 4) return { refuse: 'INVALID_STATE' };
        if (!ctx.engine) return { refuse: 'APPROVAL_NOT_APPROVER' };
        return { to: action === 'approve' ? 2 : 1 };
      case 'cancel':
        return state === 0 || state === 1 ? { to: 3 } : { refuse: 'INVALID_STATE' };
    }
  },
};
export const repairAbilities = (state: number, ctx: RepairCtx) => abilitiesOf(repairMachine, state, ctx);

/**
 * An exchange/return order (退换货单), states: 0 待审核 → approve 2 已通过 / reject 1 已驳回;
 * the applicant cancels a waiting one (3 已取消). Nobody decides on an order he submitted.
 */
export type ExchangeAction = 'approve' | 'reject' | 'cancel';
export interface ExchangeCtx {
  /** The actor may decide (an approver of the flow's step, or without a flow an administrator). */
  approver: boolean;
  /** The actor submitted the order. */
  applicant: boolean;
}

export const exchangeMachine: Machine<ExchangeAction, ExchangeCtx> = {
  name: 'exchange_order',
  actions: ['approve', 'reject', 'cancel'],
  decide: (state, action, ctx) => {
    if (state !== 0) return { refuse: 'INVALID_STATE' };
    if (action === 'cancel') return ctx.applicant ? { to: 3 } : { refuse: 'APPROVAL_NOT_APPLICANT' };
    if (ctx.applicant) return { refuse: 'APPROVAL_OWN_DOCUMENT' };
    if (!ctx.approver) return { refuse: 'APPROVAL_NOT_APPROVER' };
    return { to: action === 'approve' ? 2 : 1 };
  },
};
export const exchangeAbilities = (state: number, ctx: ExchangeCtx) => abilitiesOf(exchangeMachine, state, ctx);
