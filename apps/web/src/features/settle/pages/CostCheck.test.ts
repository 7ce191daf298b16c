import type { FeeClaimRow } from '@sk/shared/settle/claims.contract';
import { describe, expect, it } from 'vitest';
import { checkBasis } from './CostCheck';

const claim = (o: Partial<FeeClaimRow>) => ({ amountCents: 36000, computedCents: 36000, claimedM: 300_000, computedM: null, ...o }) as FeeClaimRow;

describe('费用审核: what a claim is checked against', () => {
  it('without a straight-line distance the clerk is told it could not be computed, not shown the claim as a result', () => {
    const text = checkBasis(claim({}));
    expect(text).toContain('申请金额 ¥360.00');
    expect(text).toContain('无法按直线距离核算');
    expect(text).not.toContain('按直线距离核算 ¥');
  });

  it('with one, both distances and the computed amount', () => {
    const text = checkBasis(claim({ computedM: 200_000, computedCents: 24000 }));
    expect(text).toBe('申请金额 ¥360.00（申请里程 300.0 公里，直线距离 200.0 公里），按直线距离核算 ¥240.00');
  });
});
