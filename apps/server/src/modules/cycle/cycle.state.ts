import { type CyclePlanAction, cyclePlanMachine } from '@sk/shared';
import type { Executor } from '../../db/client';
import { changeState, type StateResult, type StateTable } from '../../platform/state';

/** Cycle plans on the platform's state change (compare-and-set on state and version, log in cycle_plan_logs). */
export const CYCLE_PLAN_STATE: StateTable = {
  table: 'cycle_plans',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'cycle_plan_logs', recordColumn: 'plan_id' },
};

export function movePlan(
  ex: Executor,
  enterpriseId: number,
  id: number,
  action: CyclePlanAction,
  o: { actorId: number | null; expected?: number; note?: string | null },
): Promise<StateResult> {
  return changeState(ex, {
    table: CYCLE_PLAN_STATE,
    machine: cyclePlanMachine,
    enterpriseId,
    id,
    action,
    ctx: { system: o.actorId === null },
    actorId: o.actorId,
    expected: o.expected,
    note: o.note ?? null,
  });
}
