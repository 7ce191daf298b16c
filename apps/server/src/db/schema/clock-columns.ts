import { bigint, boolean, smallint, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ms = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * The columns every clock of the one SLA clock engine has (modules/sla, clock.engine.ts), whatever its subject (an
 * order, an event, a complaint): its target, calendar or business time, the counts and instants the engine keeps, and
 * the outcome. While it runs `deadline_at` is set; the sweep reads it (and `warn_at`) through partial indexes.
 */
export function clockColumns() {
  return {
    type: smallint('type').notNull(),
    targetMs: ms('target_ms'),
    warnMs: ms('warn_ms'),
    business: boolean('business').notNull().default(false),
    startedAt: at('started_at').notNull(),
    consumedMs: ms('consumed_ms'),
    runningSince: at('running_since'),
    pausedSince: at('paused_since'),
    pausedMs: ms('paused_ms'),
    stoppedAt: at('stopped_at'),
    /** 0 running or paused, 1 met, 2 cancelled (the subject cancelled or closed, or its rule no longer has the clock). */
    outcome: smallint('outcome').notNull().default(0),
    deadlineAt: at('deadline_at'),
    warnAt: at('warn_at'),
    warnedAt: at('warned_at'),
    breachedAt: at('breached_at'),
  };
}
