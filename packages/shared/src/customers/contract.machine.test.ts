import { describe, expect, it } from 'vitest';
import { MAINTAIN_CONTRACT_STATES, SALE_CONTRACT_STATES } from './customers.constants';
import { type MaintainAction, maintainActions, nextMaintainState, nextSaleState, type SaleAction, saleActions } from './contract.machine';

const SALE_LEGAL: Record<string, number> = { '1:submit': 2, '2:approve': 3, '2:reject': 1 };
const MAINTAIN_LEGAL: Record<string, number> = { '1:execute': 2, '2:finish': 3, '1:terminate': 4, '2:terminate': 4 };

describe('contract machines', () => {
  it('sales contract: every (state, action) pair, legal and illegal', () => {
    for (const s of Object.keys(SALE_CONTRACT_STATES).map(Number)) {
      for (const a of ['submit', 'approve', 'reject'] as SaleAction[]) {
        expect(nextSaleState(s, a)).toBe(SALE_LEGAL[`${s}:${a}`] ?? null);
      }
    }
    expect(saleActions(3)).toEqual([]);
  });
  it('maintenance contract: every (state, action) pair, legal and illegal', () => {
    for (const s of Object.keys(MAINTAIN_CONTRACT_STATES).map(Number)) {
      for (const a of ['execute', 'finish', 'terminate'] as MaintainAction[]) {
        expect(nextMaintainState(s, a)).toBe(MAINTAIN_LEGAL[`${s}:${a}`] ?? null);
      }
    }
    expect(maintainActions(1)).toEqual(['execute', 'terminate']);
    expect(maintainActions(4)).toEqual([]);
  });
});
