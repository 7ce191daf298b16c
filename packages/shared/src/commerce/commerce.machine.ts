import { abilitiesOf, type Machine } from '../common/machine';

/** 延保: 1 待审批 → 2 生效 → 3 已过期; 4 已作废 (rejected while waiting, or cancelled). */
export const WARRANTY_EXT_STATES = { 1: '待审批', 2: '生效', 3: '已过期', 4: '已作废' } as const;
export const WARRANTY_EXT_STATE_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'default', 4: 'error' };
export type WarrantyExtAction = 'approve' | 'reject' | 'cancel' | 'expire';

export const warrantyExtMachine: Machine<WarrantyExtAction> = {
  name: 'warranty_extension',
  actions: ['approve', 'reject', 'cancel', 'expire'],
  decide: (state, action) => {
    if (action === 'approve' && state === 1) return { to: 2 };
    if (action === 'reject' && state === 1) return { to: 4 };
    if (action === 'cancel' && (state === 1 || state === 2)) return { to: 4 };
    if (action === 'expire' && state === 2) return { to: 3 };
    return { refuse: 'INVALID_STATE' };
  },
};
/** What a user may do from the page (approval goes through the engine, expiry through the job). */
export const warrantyExtAbilities = (state: number): WarrantyExtAction[] => abilitiesOf(warrantyExtMachine, state, undefined).filter((a) => a === 'cancel');

/** 报价单: 1 草稿 → 2 已发送 → 3 已接受 / 4 已拒绝 / 5 已过期; 3 → 6 已转工单; 2, 4, 5 may go back to draft (重新报价). */
export const QUOTE_STATES = { 1: '草稿', 2: '已发送', 3: '已接受', 4: '已拒绝', 5: '已过期', 6: '已转工单' } as const;
export const QUOTE_STATE_COLORS: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'success', 4: 'error', 5: 'warning', 6: 'cyan' };
export const QUOTE_DISCOUNT_STATES = { 0: '无需审批', 1: '折扣审批中', 2: '折扣已批准', 3: '折扣被驳回' } as const;
export type QuoteAction = 'edit' | 'send' | 'accept' | 'reject' | 'expire' | 'convert' | 'revise';
export interface QuoteCtx {
  /** The discount's approval is waiting. */
  discountWaiting: boolean;
}

export const quoteMachine: Machine<QuoteAction, QuoteCtx> = {
  name: 'quotation',
  actions: ['edit', 'send', 'accept', 'reject', 'expire', 'convert', 'revise'],
  decide: (state, action, ctx) => {
    switch (action) {
      case 'edit':
        return state === 1 ? (ctx.discountWaiting ? { refuse: 'QUOTE_DISCOUNT_WAITING' } : { to: 1 }) : { refuse: 'INVALID_STATE' };
      case 'send':
        return state === 1 ? (ctx.discountWaiting ? { refuse: 'QUOTE_DISCOUNT_WAITING' } : { to: 2 }) : { refuse: 'INVALID_STATE' };
      case 'accept':
        return state === 2 ? { to: 3 } : state === 5 ? { refuse: 'QUOTE_EXPIRED' } : { refuse: 'QUOTE_NOT_SENT' };
      case 'reject':
        return state === 2 ? { to: 4 } : { refuse: 'INVALID_STATE' };
      case 'expire':
        return state === 2 ? { to: 5 } : { refuse: 'INVALID_STATE' };
      case 'convert':
        return state === 3 ? { to: 6 } : { refuse: 'INVALID_STATE' };
      case 'revise':
        return state === 2 || state === 4 || state === 5 ? { to: 1 } : { refuse: 'INVALID_STATE' };
    }
  },
};
/** The staff's buttons (expiry is the job's). */
export const quoteAbilities = (state: number, ctx: QuoteCtx): QuoteAction[] => abilitiesOf(quoteMachine, state, ctx).filter((a) => a !== 'expire');

export const QUOTE_POWER = 'menu_QuotationList';
export const WARRANTY_EXT_POWER = 'menu_ExtendWarranty';
export const QUOTE_APPROVAL_KIND = 'quotation_discount';
export const WARRANTY_EXT_APPROVAL_KIND = 'warranty_extension';
/** The discount (per cent of the gross) above which sending a quotation needs approval. */
export const QUOTE_DISCOUNT_LIMIT_SETTING = 'quote_discount_limit_pct';
/** How many days a new quotation stays valid by default. */
export const QUOTE_VALID_DAYS = 15;
