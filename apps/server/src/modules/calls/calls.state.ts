import { type CallAction, type CallbackAction, callbackMachine, callRecordMachine } from '@sk/shared';
import type { Executor } from '../../db/client';
import { changeState, type PatchValue, type StateResult, type StateTable } from '../../platform/state';

/** A call record's own state (callRecordMachine), logged in call_record_logs as kind 'call'. */
export const CALL_STATE: StateTable = {
  table: 'call_records',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  log: { table: 'call_record_logs', recordColumn: 'record_id', fixed: { kind: 'call' } },
};

/** The call-back task of a missed call (callbackMachine), on the same row, logged as kind 'callback'. */
export const CALLBACK_STATE: StateTable = {
  table: 'call_records',
  stateColumn: 'callback_state',
  touchColumn: 'updated_at',
  log: { table: 'call_record_logs', recordColumn: 'record_id', fixed: { kind: 'callback' } },
};

export function moveCall(
  ex: Executor,
  enterpriseId: number,
  id: number,
  action: CallAction,
  o: { actorId: number | null; patchOf?: (d: { row: Record<string, unknown>; to: number }) => Record<string, PatchValue> },
): Promise<StateResult> {
  return changeState(ex, {
    table: CALL_STATE,
    machine: callRecordMachine,
    enterpriseId,
    id,
    action,
    actorId: o.actorId,
    patchOf: o.patchOf ? ({ row, to }) => o.patchOf?.({ row, to }) ?? {} : undefined,
  });
}

export function moveCallback(ex: Executor, enterpriseId: number, id: number, action: CallbackAction, actorId: number): Promise<StateResult> {
  return changeState(ex, { table: CALLBACK_STATE, machine: callbackMachine, enterpriseId, id, action, actorId });
}
