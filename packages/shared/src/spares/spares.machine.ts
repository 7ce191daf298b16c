import { abilitiesOf, type Machine } from '../common/machine';

/**
 * A stock document (requisition, transfer, allocation, scrap, count, inbound, outbound, return):
 * 1 awaiting approval → 2 approved (its movements post) or 3 rejected; the applicant may withdraw (4) while it waits.
 */
export type SpareDocAction = 'approve' | 'reject' | 'withdraw';
export interface SpareDocCtx {
  /** The actor may approve (holds the keeper's power). */
  keeper: boolean;
  /** The actor applied for it. */
  applicant: boolean;
}

export const spareDocMachine: Machine<SpareDocAction, SpareDocCtx> = {
  name: 'spare_doc',
  actions: ['approve', 'reject', 'withdraw'],
  decide: (state, action, ctx) => {
    if (state !== 1) return { refuse: 'INVALID_STATE' };
    if (action === 'withdraw') return ctx.applicant ? { to: 4 } : { refuse: 'NO_POWER' };
    // Nobody approves or rejects a document he filed himself, keeper or not (another keeper or an administrator does).
    if (ctx.applicant) return { refuse: 'APPROVAL_OWN_DOCUMENT' };
    if (!ctx.keeper) return { refuse: 'NO_POWER' };
    return { to: action === 'approve' ? 2 : 3 };
  },
};
export const spareDocAbilities = (state: number, ctx: SpareDocCtx) => abilitiesOf(spareDocMachine, state, ctx);

/**
 * An old-part return. Type 1 (to the factory): 1 to ship → 2 shipped → 3 received → 4 refurbished or 5 scrapped.
 * Type 2 (local write-off): 1 → 6 written off.
 */
export type OldPartAction = 'ship' | 'receive' | 'refurbish' | 'scrap' | 'writeOff';
const OLD_PART_STEPS: Record<OldPartAction, { from: number; to: number; returnType: number }> = {
  ship: { from: 1, to: 2, returnType: 1 },
  receive: { from: 2, to: 3, returnType: 1 },
  refurbish: { from: 3, to: 4, returnType: 1 },
  scrap: { from: 3, to: 5, returnType: 1 },
  writeOff: { from: 1, to: 6, returnType: 2 },
};
export interface OldPartCtx {
  returnType: number;
}
export const oldPartMachine: Machine<OldPartAction, OldPartCtx> = {
  name: 'old_part_return',
  actions: Object.keys(OLD_PART_STEPS) as OldPartAction[],
  decide: (state, action, ctx) => {
    const s = OLD_PART_STEPS[action];
    return s && s.from === state && s.returnType === ctx.returnType ? { to: s.to } : { refuse: 'INVALID_STATE' };
  },
};
export const oldPartAbilities = (state: number, ctx: OldPartCtx) => abilitiesOf(oldPartMachine, state, ctx);

/**
 * A goods order (spare-part application, then outbound order): GOODS_ORDER_STATES 2 → 3 → 4 → 5, or 6 cancelled before it
 * ships. One the applicant pays starts at 1 待付款: the keeper confirms the payment (pay) before it is approved.
 */
export type GoodsAction = 'pay' | 'approve' | 'ship' | 'sign' | 'cancel';
export interface GoodsCtx {
  keeper: boolean;
  applicant: boolean;
}
const GOODS_STEPS: Record<GoodsAction, { from: readonly number[]; to: number; who: 'keeper' | 'applicant' | 'either' }> = {
  pay: { from: [1], to: 2, who: 'keeper' },
  approve: { from: [2], to: 3, who: 'keeper' },
  ship: { from: [3], to: 4, who: 'keeper' },
  sign: { from: [4], to: 5, who: 'applicant' },
  cancel: { from: [1, 2, 3], to: 6, who: 'either' },
};
export const goodsMachine: Machine<GoodsAction, GoodsCtx> = {
  name: 'goods_order',
  actions: Object.keys(GOODS_STEPS) as GoodsAction[],
  decide: (state, action, ctx) => {
    const s = GOODS_STEPS[action];
    if (!s?.from.includes(state)) return { refuse: 'INVALID_STATE' };
    const ok = s.who === 'keeper' ? ctx.keeper : s.who === 'applicant' ? ctx.applicant : ctx.keeper || ctx.applicant;
    return ok ? { to: s.to } : { refuse: 'NO_POWER' };
  },
};
export const goodsAbilities = (state: number, ctx: GoodsCtx) => abilitiesOf(goodsMachine, state, ctx);
