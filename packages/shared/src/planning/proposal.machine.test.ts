import { describe, expect, it } from 'vitest';
import { allowed } from '../common/machine';
import { proposalMachine } from './proposal.machine';

describe('the proposal machine', () => {
  it('decides every (state, action) pair', () => {
    const table = [1, 2, 3].map((s) => proposalMachine.actions.map((a) => [s, a, ((d) => (allowed(d) ? d.to : null))(proposalMachine.decide(s, a))]));
    expect(table).toEqual([
      [
        [1, 'accept', 2],
        [1, 'remove', 3],
        [1, 'move', 1],
      ],
      [
        [2, 'accept', null],
        [2, 'remove', null],
        [2, 'move', null],
      ],
      [
        [3, 'accept', null],
        [3, 'remove', null],
        [3, 'move', null],
      ],
    ]);
  });
});
