import {
  type ClockState,
  type EventFlags,
  type EventSlaSetting,
  eventClockPhase,
  pauseClock,
  reapplyClock,
  resumeClock,
  startClock,
  stopClock,
  unitMs,
} from '@sk/shared';
import { slaEnabled } from './sla.enabled';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { calendarsOf } from './sla.calendar';
import { breachBy, type ClockFields, clockColumns, tsOf } from './sla.clocks';
import { notifyEventBreach } from './event.sweep';

/**
 * The clocks of one event (overdue types 1–5) follow its flags, on the order SLA's clock arithmetic:
 * each type's phase (eventClockPhase) starts, pauses, resumes, meets or cancels it; a changed template
 * setting re-applies it from now with the count kept. Called in the event's transaction on creation and
 * after every action (registerStateHook('event', '*')).
 */
export type EventSlaConfig = Omit<EventSlaSetting, 'tmpId'>;

export interface EventClockRow {
  id: number;
  type: number;
  target_ms: number;
  warn_ms: number;
  business: boolean;
  started_at: number;
  consumed_ms: number;
  running_since: number | null;
  paused_since: number | null;
  paused_ms: number;
  stopped_at: number | null;
  outcome: number;
  deadline_at: number | null;
  warn_at: number | null;
  breached_at: number | null;
}
export const EVENT_CLOCK_COLUMNS = sql.raw(`id, type, target_ms, warn_ms, business, consumed_ms, paused_ms, outcome,
  ${['started_at', 'running_since', 'paused_since', 'stopped_at', 'deadline_at', 'warn_at', 'breached_at'].map((c) => `(extract(epoch from ${c}) * 1000)::float8 as ${c}`).join(', ')}`);

export const eventStateOf = (r: EventClockRow): ClockState => ({
  consumedMs: r.consumed_ms,
  runningSince: r.running_since,
  pausedSince: r.paused_since,
  pausedMs: r.paused_ms,
  stoppedAt: r.stopped_at,
});

export async function eventSlaConfig(ex: Executor, enterpriseId: number, templateId: number): Promise<EventSlaConfig | null> {
  const [r] = await rows<{ config: EventSlaConfig }>(
    ex,
    sql`select config from event_sla_settings where enterprise_id = ${enterpriseId} and template_id = ${templateId}`,
  );
  return r && r.config.clocks.length > 0 ? r.config : null;
}

async function writeClock(ex: Executor, enterpriseId: number, r: EventClockRow, cols: Record<string, unknown>, breached: number | null): Promise<void> {
  const id = r.id;
  const sets = Object.entries(cols).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  await ex.execute(sql`update event_sla_clocks set ${sql.join(sets, sql`, `)} where enterprise_id = ${enterpriseId} and id = ${id}`);
  if (r.breached_at == null && breached != null) await notifyEventBreach(ex, enterpriseId, id);
}

/** Brings an event's clocks in line with its flags (and its template's current setting). */
export async function syncEventClocks(
  ex: Executor,
  enterpriseId: number,
  eventId: number,
  templateId: number,
  flags: EventFlags,
  now = Date.now(),
): Promise<void> {
  if (!(await slaEnabled(ex, enterpriseId))) return;
  const config = await eventSlaConfig(ex, enterpriseId, templateId);
  const existing = await rows<EventClockRow>(
    ex,
    sql`select ${EVENT_CLOCK_COLUMNS} from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id = ${eventId} order by type`,
  );
  if (!config && existing.every((c) => c.outcome !== 0)) return;
  const cals = await calendarsOf(ex, enterpriseId);
  const calOf = (business: boolean) => (business ? cals.business : cals.calendar);

  for (const r of existing) {
    if (r.outcome !== 0) continue;
    const def = config?.clocks.find((c) => c.type === r.type);
    const phase = eventClockPhase(r.type, flags);
    const old = calOf(r.business);
    const breached = breachBy(r, now);
    if (!def || phase === 'met' || phase === 'cancel') {
      const outcome = phase === 'met' ? 1 : 2;
      await writeClock(ex, enterpriseId, r, clockColumns(cals, stopClock(old, eventStateOf(r), now), { ...r, outcome, breached_at: breached }), breached);
      continue;
    }
    const f: ClockFields = {
      target_ms: def.target * unitMs(def.unit),
      warn_ms: def.warnMinutes * 60_000,
      business: config?.business ?? false,
      outcome: 0,
      breached_at: breached,
    };
    let s = eventStateOf(r);
    const reapplied = f.target_ms !== r.target_ms || f.warn_ms !== r.warn_ms || f.business !== r.business;
    if (reapplied) s = reapplyClock(old, s, now);
    const next = phase === 'run' ? resumeClock(s, now) : pauseClock(old, s, now);
    if (!reapplied && next === s && breached === r.breached_at) continue;
    await writeClock(ex, enterpriseId, r, clockColumns(cals, next, f), breached);
  }

  for (const d of config?.clocks ?? []) {
    const phase = eventClockPhase(d.type, flags);
    if (existing.some((r) => r.type === d.type) || (phase !== 'run' && phase !== 'pause')) continue;
    const f: ClockFields = {
      target_ms: d.target * unitMs(d.unit),
      warn_ms: d.warnMinutes * 60_000,
      business: config?.business ?? false,
      outcome: 0,
      breached_at: null,
    };
    const cols = clockColumns(cals, startClock(now, phase === 'pause'), f);
    const names = Object.keys(cols).map((k) => sql.identifier(k));
    await ex.execute(sql`insert into event_sla_clocks (enterprise_id, event_id, type, started_at, ${sql.join(names, sql`, `)})
      values (${enterpriseId}, ${eventId}, ${d.type}, ${tsOf(now)}, ${sql.join(
        Object.values(cols).map((v) => sql`${v}`),
        sql`, `,
      )})
      on conflict (enterprise_id, event_id, type) do nothing`);
  }
}

/** A deleted event (never restored) takes its clocks with it: the sweep, the marks and the report no longer see them. */
export async function deleteEventClocks(ex: Executor, enterpriseId: number, eventIds: number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await ex.execute(
    sql`delete from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id in (${sql.join(
      eventIds.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
