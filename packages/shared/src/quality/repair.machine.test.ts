import { describe, expect, it } from 'vitest';
import { exchangeMachine, repairMachine } from './repair.machine';

const plain = { ready: true, needsApproval: false, engine: false };

describe('repair-sent order machine (0 待确认, 1 处理中, 2 已完成, 3 已取消, 4 待审核)', () => {
  it('allows exactly these moves from every state', () => {
    const table: Record<number, Record<string, number>> = {
      0: { confirm: 1, cancel: 3 },
      1: { complete: 2, cancel: 3 },
      2: {},
      3: {},
      4: {},
    };
    for (const state of [0, 1, 2, 3, 4])
      for (const action of repairMachine.actions) {
        const d = repairMachine.decide(state, action, plain);
        const to = table[state]?.[action];
        if (to === undefined) expect('refuse' in d, `${state} ${action}`).toBe(true);
        else expect(d).toEqual({ to });
      }
  });
  it('completion waits for approval under a flow; only the engine approves or rejects; an unready order is refused', () => {
    expect(repairMachine.decide(1, 'complete', { ...plain, needsApproval: true })).toEqual({ to: 4 });
    expect(repairMachine.decide(1, 'complete', { ...plain, ready: false })).toEqual({ refuse: 'REPAIR_NOT_READY' });
    expect(repairMachine.decide(4, 'approve', plain)).toEqual({ refuse: 'APPROVAL_NOT_APPROVER' });
    expect(repairMachine.decide(4, 'approve', { ...plain, engine: true })).toEqual({ to: 2 });
    expect(repairMachine.decide(4, 'reject', { ...plain, engine: true })).toEqual({ to: 1 });
    expect(repairMachine.decide(4, 'cancel', { ...plain, engine: true })).toEqual({ refuse: 'INVALID_STATE' });
  });
});

describe('exchange/return order machine (0 待审核, 1 已驳回, 2 已通过, 3 已取消)', () => {
  it('an approver other than the applicant decides a waiting order; the applicant alone cancels it; the others are final', () => {
    const approver = { approver: true, applicant: false };
    expect(exchangeMachine.decide(0, 'approve', approver)).toEqual({ to: 2 });
    expect(exchangeMachine.decide(0, 'reject', approver)).toEqual({ to: 1 });
    expect(exchangeMachine.decide(0, 'cancel', approver)).toEqual({ refuse: 'APPROVAL_NOT_APPLICANT' });
    expect(exchangeMachine.decide(0, 'approve', { approver: true, applicant: true })).toEqual({ refuse: 'APPROVAL_OWN_DOCUMENT' });
    expect(exchangeMachine.decide(0, 'approve', { approver: false, applicant: false })).toEqual({ refuse: 'APPROVAL_NOT_APPROVER' });
    expect(exchangeMachine.decide(0, 'cancel', { approver: false, applicant: true })).toEqual({ to: 3 });
    for (const state of [1, 2, 3])
      for (const a of exchangeMachine.actions) expect(exchangeMachine.decide(state, a, approver)).toEqual({ refuse: 'INVALID_STATE' });
  });
});
