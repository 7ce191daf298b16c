import type { VisitAction, VisitCtx } from '@sk/shared';
import { visitMachine } from '@sk/shared';
import type { Actor } from '../../platform/actor';
import { changeState, type PatchValue, type StateResult, type StateTable } from '../../platform/state';
import type { Executor } from '../../db/client';

/** Return-visit tasks on the platform's state change (compare-and-set on state and version, log in return_visit_logs). */
export const VISIT_STATE: StateTable = {
  table: 'return_visit_tasks',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'return_visit_logs', recordColumn: 'task_id' },
};

/** Return-visit staff (role 7) and administrators work tasks; the order's engineer never visits his own order. */
export const isVisitDesk = (a: Pick<Actor, 'sysrole' | 'admin'>): boolean => a.admin || a.sysrole === 7 || a.sysrole === 3;

/** What the machine decides on, from the very row the change reads. */
/** The row as changeState reads it (untyped) or a task row: its people. */
export function visitCtxOf(a: Pick<Actor, 'id' | 'sysrole' | 'admin'> | null | 'customer', row: { visitor_id?: unknown; engineer_id?: unknown }): VisitCtx {
  // The customer answering (the SMS survey, the portal's rating) fills the task in the visitor's place, even while it
  // waits in the pool: the customer's own verdict needs no visitor to take it first.
  if (a === 'customer') return { visitor: true, pooled: false, mayGrab: false, system: false };
  if (!a) return { visitor: false, pooled: row.visitor_id == null, mayGrab: false, system: true };
  const pooled = row.visitor_id == null;
  const engineer = row.engineer_id != null && row.engineer_id === a.id;
  return {
    visitor: !engineer && (row.visitor_id === a.id || a.admin || a.sysrole === 3),
    pooled,
    mayGrab: isVisitDesk(a) && !engineer,
    system: false,
  };
}

export function moveTask(
  ex: Executor,
  a: Pick<Actor, 'id' | 'enterpriseId' | 'sysrole' | 'admin'> | null | 'customer',
  enterpriseId: number,
  id: number,
  action: VisitAction,
  o: { patch?: Record<string, PatchValue>; note?: string | null; expected?: number | readonly number[] } = {},
): Promise<StateResult> {
  return changeState(ex, {
    table: VISIT_STATE,
    machine: visitMachine,
    enterpriseId,
    id,
    action,
    ctxOf: (row) => visitCtxOf(a, row),
    actorId: a === null || a === 'customer' ? null : a.id,
    patch: o.patch,
    note: o.note ?? null,
    expected: o.expected,
  });
}
