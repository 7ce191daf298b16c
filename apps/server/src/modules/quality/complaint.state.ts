import { type ComplaintAction, type ComplaintCtx, complaintMachine } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { changeState, type PatchValue, type StateResult, type StateTable } from '../../platform/state';

/** Complaints on the platform's state change (compare-and-set on state and version, log in complaint_logs). */
export const COMPLAINT_STATE: StateTable = {
  table: 'complaints',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'complaint_logs', recordColumn: 'complaint_id' },
};

/** What the machine decides on, from the very row the change reads. */
export const complaintCtxOf = (row: { responsibility?: unknown; analysis_unit?: unknown }): ComplaintCtx => ({
  analysed: Boolean(row.responsibility) && Boolean(row.analysis_unit),
});

export function moveComplaint(
  ex: Executor,
  o: {
    enterpriseId: number;
    id: number;
    action: ComplaintAction;
    actorId: number;
    guard: SQL;
    patch?: Record<string, PatchValue>;
    note?: string | null;
    expected?: number;
  },
): Promise<StateResult> {
  return changeState(ex, {
    table: COMPLAINT_STATE,
    machine: complaintMachine,
    enterpriseId: o.enterpriseId,
    id: o.id,
    action: o.action,
    ctxOf: complaintCtxOf,
    actorId: o.actorId,
    patch: o.patch,
    note: o.note ?? null,
    expected: o.expected,
    guard: o.guard,
  });
}
