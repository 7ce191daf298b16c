import { type EventFlags, type EventSlaSetting, eventClockPhase, unitMs } from '@sk/shared';
import { bigints } from '../../platform/sql';
import type { Executor } from '../../db/client';
import { type ClockRule, type ClockSettings, EVENT_CLOCKS, stateOf, syncSubjectClocks } from './clock.engine';
import { EVENT_CLOCK_COLUMNS, type EventClockRow, eventClocksDeleteSql, eventSlaRow } from './event.repo';
import { notifyEventBreach } from './event.sweep';
import { slaEnabled } from './sla.enabled';

/**
 * The event as a subject of the clock engine (clock.engine.ts): each overdue type's phase (eventClockPhase) starts,
 * pauses, resumes, meets or cancels its clock; a changed template setting re-applies it from now with the count kept;
 * a breach found on an action is told at once. Called in the event's transaction on creation and after every action
 * (registerStateHook('event', '*')).
 */
export type EventSlaConfig = Omit<EventSlaSetting, 'tmpId'>;

export { EVENT_CLOCK_COLUMNS, type EventClockRow, eventClocksDeleteSql };
export const eventStateOf = stateOf;

export async function eventSlaConfig(ex: Executor, enterpriseId: number, templateId: number): Promise<EventSlaConfig | null> {
  const config = await eventSlaRow<EventSlaConfig>(ex, enterpriseId, templateId);
  return config && config.clocks.length > 0 ? config : null;
}

/** The engine's rule for an event in these flags under its template's setting (none: every running clock stops). */
export function eventRule(config: EventSlaConfig | null, flags: EventFlags): ClockRule {
  const settings = new Map<number, ClockSettings>(
    (config?.clocks ?? []).map((d) => [d.type, { target_ms: d.target * unitMs(d.unit), warn_ms: d.warnMinutes * 60_000, business: config?.business ?? false }]),
  );
  return { settings, phase: (type) => eventClockPhase(type, flags) };
}

/** Brings an event's clocks in line with its flags (and its template's current setting); `on`: SLA is known to be on. */
export async function syncEventClocks(
  ex: Executor,
  enterpriseId: number,
  eventId: number,
  templateId: number,
  flags: EventFlags,
  now = Date.now(),
  on = false,
): Promise<void> {
  if (!on && !(await slaEnabled(ex, enterpriseId))) return;
  const config = await eventSlaConfig(ex, enterpriseId, templateId);
  await syncSubjectClocks(
    ex,
    EVENT_CLOCKS,
    enterpriseId,
    eventId,
    eventRule(config, flags),
    { written: async (tx, c) => (c.breachFound != null ? notifyEventBreach(tx, enterpriseId, c.id) : undefined) },
    now,
  );
}

/** A deleted event (never restored) takes its clocks with it: the sweep, the marks and the report no longer see them. */
export async function deleteEventClocks(ex: Executor, enterpriseId: number, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await ex.execute(eventClocksDeleteSql(enterpriseId, bigints(eventIds)));
}
