import { describe, expect, it } from 'vitest';
import { type ComplaintAction, complaintMachine } from './complaint.machine';

const LEGAL: Record<number, Partial<Record<ComplaintAction, number>>> = {
  1: { accept: 2 },
  2: { investigate: 3 },
  3: { resolve: 4 },
  4: { close: 5, reopen: 3 },
  5: { reopen: 3 },
};

describe('complaint machine', () => {
  it('allows exactly the listed transitions, over every (state, action) pair', () => {
    for (const state of [1, 2, 3, 4, 5]) {
      for (const action of complaintMachine.actions) {
        const d = complaintMachine.decide(state, action, { analysed: true });
        const to = LEGAL[state]?.[action];
        expect(d, `${state} ${action}`).toEqual(to == null ? { refuse: 'INVALID_STATE' } : { to });
      }
    }
  });
  it('refuses to close without responsibility and analysis unit', () => {
    expect(complaintMachine.decide(4, 'close', { analysed: false })).toEqual({ refuse: 'COMPLAINT_NOT_ANALYSED' });
    expect(complaintMachine.decide(4, 'reopen', { analysed: false })).toEqual({ to: 3 });
  });
});
