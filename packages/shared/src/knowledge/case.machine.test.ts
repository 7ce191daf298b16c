import { describe, expect, it } from 'vitest';
import { allowed } from '../common/machine';
import { caseAbilities, caseMachine } from './case.machine';

describe('the case machine', () => {
  it('decides every (state, action) pair', () => {
    const table = [1, 2, 3].map((s) => caseMachine.actions.map((a) => [s, a, ((d) => (allowed(d) ? d.to : null))(caseMachine.decide(s, a))]));
    expect(table).toEqual([
      [
        [1, 'publish', 2],
        [1, 'withdraw', null],
      ],
      [
        [2, 'publish', null],
        [2, 'withdraw', 3],
      ],
      [
        [3, 'publish', 2],
        [3, 'withdraw', null],
      ],
    ]);
    expect(caseAbilities(2)).toEqual(['withdraw']);
  });
});
