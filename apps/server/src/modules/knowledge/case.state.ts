import { type CaseAction, caseMachine } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { changeState, type PatchValue, type StateResult, type StateTable } from '../../platform/state';

/** Cases on the platform's state change (compare-and-set on state and version, log in case_logs). */
export const CASE_STATE: StateTable = {
  table: 'cases',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'case_logs', recordColumn: 'case_id' },
};

export function moveCase(
  ex: Executor,
  o: {
    enterpriseId: number;
    id: number;
    action: CaseAction;
    actorId: number;
    guard: SQL;
    patch?: Record<string, PatchValue>;
    note?: string | null;
    expected?: number;
  },
): Promise<StateResult> {
  return changeState(ex, {
    table: CASE_STATE,
    machine: caseMachine,
    enterpriseId: o.enterpriseId,
    id: o.id,
    action: o.action,
    ctx: undefined,
    actorId: o.actorId,
    patch: o.patch,
    note: o.note ?? null,
    expected: o.expected,
    guard: o.guard,
  });
}
