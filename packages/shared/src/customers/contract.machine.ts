import { abilitiesOf, type Machine } from '../common/machine';
/**
 * Contract state machines, pure transition tables.
 * Sales: 1 to submit → 2 to approve → 3 approved; a rejection sends 2 back to 1.
 * Maintenance: 1 signed → 2 executing → 3 finished; 1 or 2 → 4 terminated.
 */
export type SaleAction = 'submit' | 'approve' | 'reject';
export const SALE_TRANSITIONS: Record<SaleAction, { from: number; to: number }> = {
  submit: { from: 1, to: 2 },
  approve: { from: 2, to: 3 },
  reject: { from: 2, to: 1 },
};

export type MaintainAction = 'execute' | 'finish' | 'terminate';
export const MAINTAIN_TRANSITIONS: Record<MaintainAction, { from: readonly number[]; to: number }> = {
  execute: { from: [1], to: 2 },
  finish: { from: [2], to: 3 },
  terminate: { from: [1, 2], to: 4 },
};

export const nextSaleState = (state: number, action: SaleAction): number | null => {
  const t = SALE_TRANSITIONS[action];
  return t && t.from === state ? t.to : null;
};

export const nextMaintainState = (state: number, action: MaintainAction): number | null => {
  const t = MAINTAIN_TRANSITIONS[action];
  return t?.from.includes(state) ? t.to : null;
};

/** Actions open from a state, for the detail's `abilities` (read from the machines below). */
export const saleActions = (state: number): SaleAction[] => abilitiesOf(saleMachine, state, undefined);
export const maintainActions = (state: number): MaintainAction[] => abilitiesOf(maintainMachine, state, undefined);

/** A sales contract's content can change only before it is approved. */
export const saleEditable = (state: number): boolean => state === 1;
/** A maintenance contract's content can change while it is signed or executing. */
export const maintainEditable = (state: number): boolean => state === 1 || state === 2;

/** The same tables in the platform's machine form (the state-change helper and `abilities` read these). */
export const saleMachine: Machine<SaleAction> = {
  name: 'sale_contract',
  actions: Object.keys(SALE_TRANSITIONS) as SaleAction[],
  decide: (state, action) => {
    const to = nextSaleState(state, action);
    return to == null ? { refuse: 'INVALID_STATE' } : { to };
  },
};

export const maintainMachine: Machine<MaintainAction> = {
  name: 'maintain_contract',
  actions: Object.keys(MAINTAIN_TRANSITIONS) as MaintainAction[],
  decide: (state, action) => {
    const to = nextMaintainState(state, action);
    return to == null ? { refuse: 'INVALID_STATE' } : { to };
  },
};
