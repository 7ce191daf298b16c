import type { ErrorCode } from './errors';

/**
 * A state machine as the platform's state-change helper reads it: a pure decision from
 * (state, action, context) to the next state, or a refusal naming the error to answer with.
 * `C` is whatever the domain decides on (process settings, the actor's part on the record …).
 */
export type Decision = { to: number } | { refuse: ErrorCode };

export interface Machine<A extends string, C = void> {
  /** Names the hook points: hooks register for (machine name, action). */
  readonly name: string;
  readonly actions: readonly A[];
  decide(state: number, action: A, ctx: C): Decision;
}

export const allowed = (d: Decision): d is { to: number } => 'to' in d;

/** The actions this context may take from this state now (a detail answer's `abilities`). */
export function abilitiesOf<A extends string, C>(m: Machine<A, C>, state: number, ctx: C): A[] {
  return m.actions.filter((a) => allowed(m.decide(state, a, ctx)));
}
