import { abilitiesOf, type EventAction, type EventContext, type EventFlags, type EventProcess, eventMachine, nextEventFlags } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { EventRecord } from './events.types';
import { AppError } from '../../platform/errors';
import { changeState, type PatchValue, type StateResult } from '../../platform/state';
import { holdSetting, principalFound } from './settings';
import { lockedEvent } from './state.repo';
import { EVENT_STATE, eventScope, isEventStaff } from './event.scope';

export { EVENT_STATE, eventScope, isEventStaff } from './event.scope';
import { NOW as now } from '../../platform/sql';

/**
 * Events on the platform's state change. The machine decides on the display state and the flags
 * (read from the very row it updates); `patchOf` writes the new flags, the people and the times.
 * Every event endpoint that acts calls `moveEvent`.
 */

/** What the machine reads of an event: its state, flags and people. */
export type EventMachineRow = Pick<
  EventRecord,
  'state' | 'dispatch_state' | 'process_state' | 'upgrade_state' | 'pause_state' | 'close_state' | 'principal_id' | 'created_by'
>;
/** The state helper's row (untyped, any table's) is a row of `events` here. */
const machineRow = (row: EventMachineRow | Record<string, unknown>): EventMachineRow => row as EventMachineRow;

export function eventFlagsOf(row: EventMachineRow | Record<string, unknown>): EventFlags {
  const r = machineRow(row);
  return {
    dispatch: r.dispatch_state === 1 ? 1 : 0,
    process: r.process_state as EventProcess,
    upgrade: r.upgrade_state === 1 ? 1 : 0,
    pause: r.pause_state === 1 ? 1 : 0,
    close: r.close_state === 1 ? 1 : 0,
  };
}

export function eventContext(v: Actor, row: EventMachineRow | Record<string, unknown>): EventContext {
  const r = machineRow(row);
  return {
    flags: eventFlagsOf(r),
    actor: { principal: r.principal_id === v.id, creator: r.created_by === v.id, staff: isEventStaff(v) },
  };
}

export const eventAbilities = (v: Actor, row: EventMachineRow): EventAction[] => abilitiesOf(eventMachine, row.state, eventContext(v, row));

/** The flag columns of a flag set. */
const flagPatch = (f: EventFlags): Record<string, PatchValue> => ({
  dispatch_state: f.dispatch,
  process_state: f.process,
  upgrade_state: f.upgrade,
  pause_state: f.pause,
  close_state: f.close,
});

/** People and times an action sets; the endpoint's own fields (principal, reason) come in `o`. */
export function eventPatch(action: EventAction, actorId: number, o: { principalId?: number | null; reason?: string | null }): Record<string, PatchValue> {
  switch (action) {
    case 'assign':
      return { dispatcher_id: actorId, dispatched_at: now, principal_id: o.principalId ?? null };
    case 'claim':
      return { dispatched_at: now, principal_id: actorId };
    case 'start':
      return { start_user_id: actorId, started_at: now };
    case 'escalate':
      return { upgrade_user_id: actorId, upgraded_at: now, upgrade_reason: o.reason ?? null, ...(o.principalId ? { principal_id: o.principalId } : {}) };
    case 'pause':
      return { paused_at: now, pause_reason: o.reason ?? null };
    case 'resume':
      return { paused_at: null };
    case 'complete':
      return { complete_user_id: actorId, completed_at: now };
    case 'close':
      return { closed_user_id: actorId, closed_at: now, close_reason: o.reason ?? null };
    case 'reopen':
      return { closed_user_id: null, closed_at: null, complete_user_id: null, completed_at: null };
  }
}

export interface EventMove {
  principalId?: number | null;
  reason?: string | null;
  expected?: number;
}

/** The refusal of a principal who is not an enabled user of the enterprise. */
export const PRINCIPAL_GONE = '负责人：人员不存在或已停用';

/**
 * The event of the viewer's scope, locked FOR UPDATE for `tx`, with everything the action's checks read in the same
 * statement: the template's setting (the settings hook) and, for `principalId`, whether that user may be named
 * (refused first, as before the event is looked at) and his roles. The change that follows decides on this row.
 */
export async function lockEvent(tx: Tx, v: Actor, id: number, principalId: number | null): Promise<Record<string, unknown>> {
  const got = await lockedEvent(tx, v.enterpriseId, id, eventScope(v), principalId);
  if (principalId != null && !principalFound(got ?? {})) throw new AppError('VALIDATION', { detail: PRINCIPAL_GONE });
  if (got?.id == null) throw new AppError('NOT_FOUND');
  return holdSetting(got, principalId);
}

/**
 * One action on one event the viewer may see: the event locked with its checks' reads (lockEvent), the machine, the
 * compare-and-set with its log row (changeState on that row: no second read). Names a principal (assign, escalate):
 * `o.principalId` must be an enabled user of the enterprise.
 */
export function moveEvent(db: Db, v: Actor, id: number, action: EventAction, o: EventMove = {}): Promise<StateResult> {
  const names = (action === 'assign' || action === 'escalate') && o.principalId ? o.principalId : null;
  return db.transaction(async (tx) =>
    changeState(tx, {
      current: await lockEvent(tx, v, id, names),
      table: EVENT_STATE,
      machine: eventMachine,
      enterpriseId: v.enterpriseId,
      id,
      action,
      actorId: v.id,
      ctxOf: (row) => eventContext(v, row),
      patchOf: ({ ctx }) => ({ ...flagPatch(nextEventFlags(action, ctx.flags)), ...eventPatch(action, v.id, o) }),
      guard: eventScope(v, 'events'),
      note: o.reason ?? null,
      expected: o.expected,
    }),
  );
}
