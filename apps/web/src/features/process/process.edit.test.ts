import { DEFAULT_ORDER_PROCESS, orderProcessSchema } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { approvalAllowed, NO_REQUIREMENT, setActors, setApproval, setApprover, setRequirement, setStage, stageOn } from './process.edit';

describe('process page edits', () => {
  it('a stage switch maps to its process field (pickup is engineerAccept)', () => {
    const p = setStage(DEFAULT_ORDER_PROCESS, 'pickup', false);
    expect(p.engineerAccept).toBe(false);
    expect(stageOn(p, 'pickup')).toBe(false);
    expect(stageOn(setStage(p, 'dispatch', false), 'dispatch')).toBe(false);
  });

  it('switching the receipt stage off switches its approval off, so the save stays valid', () => {
    const p = setStage(setApproval(DEFAULT_ORDER_PROCESS, 'receipt', true), 'receipt', false);
    expect(p.receiptApproval).toBe(false);
    expect(approvalAllowed(p, 'receipt')).toBe(false);
    expect(approvalAllowed(p, 'complete')).toBe(true);
    expect(orderProcessSchema.safeParse(p).success).toBe(true);
  });

  it('empty approvers, actors and requirements are left out rather than saved empty', () => {
    let p = setApprover(DEFAULT_ORDER_PROCESS, 'complete', { by: 'dispatcher' });
    expect(p.approvers).toEqual({ complete: { by: 'dispatcher' } });
    p = setApprover(p, 'complete', null);
    expect(p.approvers).toEqual({});
    expect(setActors(DEFAULT_ORDER_PROCESS, 'service', { personTypes: [], roles: [] }).actors).toEqual({});
    expect(setRequirement(DEFAULT_ORDER_PROCESS, 'dispatch', { ...NO_REQUIREMENT, photos: true }).requirements).toEqual({
      dispatch: { fields: [], signature: false, photos: true },
    });
    expect(setRequirement(DEFAULT_ORDER_PROCESS, 'dispatch', NO_REQUIREMENT).requirements).toEqual({});
  });
});
