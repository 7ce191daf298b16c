import {
  addWorking,
  type ClockState,
  deadlineOf,
  pauseClock,
  reapplyClock,
  resumeClock,
  SLA_PAUSE_ABNORMAL,
  SLA_TYPES,
  type SlaClockDef,
  type SlaPolicy,
  type SlaTypeDef,
  startClock,
  stopClock,
  unitMs,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { type Calendars, calendarsOf } from './sla.calendar';
import { slaEnabled } from './sla.enabled';
import { policyFor } from './sla.policies';

/**
 * The clocks of one order follow its moves: started when the order enters a type's running states,
 * paused in the policy's pause states, met or cancelled when it leaves them, re-applied (count kept)
 * when another policy or target applies. After each change `orders.due_at` is the nearest deadline,
 * which is what DueOrder, the overdue badge and the lists' orderExceed read.
 */

export const msOf = (col: string): SQL => sql.raw(`(extract(epoch from ${col}) * 1000)::float8`);
export const tsOf = (ms: number | null): SQL => (ms == null ? sql`null` : sql`to_timestamp(${ms}::float8 / 1000)`);

export interface ClockRow {
  id: number;
  type: number;
  policy_id: number | null;
  policy_name: string;
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
  breached_at: number | null;
  escalation_level: number;
}
export const CLOCK_COLUMNS = sql.raw(`id, type, policy_id, policy_name, target_ms, warn_ms, business, consumed_ms, paused_ms, outcome, escalation_level,
  ${['started_at', 'running_since', 'paused_since', 'stopped_at', 'deadline_at', 'breached_at'].map((c) => `(extract(epoch from ${c}) * 1000)::float8 as ${c}`).join(', ')}`);

export const stateOf = (r: ClockRow): ClockState => ({
  consumedMs: r.consumed_ms,
  runningSince: r.running_since,
  pausedSince: r.paused_since,
  pausedMs: r.paused_ms,
  stoppedAt: r.stopped_at,
});

/** What the order's move means to the clocks. */
export interface OrderMove {
  /** 'create', or the machine action. */
  action: string;
  from: number | null;
  to: number;
  /** The order row after the move (snake_case columns). */
  order: Record<string, unknown>;
}

const pausedIn = (p: SlaPolicy | null, order: Record<string, unknown>): boolean =>
  !!p && (p.pauseStates.includes(Number(order.state)) || (p.pauseStates.includes(SLA_PAUSE_ABNORMAL) && order.abnormal_kind != null));

function starts(t: SlaTypeDef, m: OrderMove): boolean {
  if (t.runs.includes(m.to)) return true;
  return !!t.startActions?.includes(m.action) && (t.startTo == null || t.startTo === m.to);
}
function isMet(t: SlaTypeDef, m: OrderMove): boolean {
  return (m.from !== m.to && t.met.includes(m.to)) || !!t.metActions?.includes(m.action);
}
const typeDef = (type: number) => SLA_TYPES.find((t) => t.id === type) as SlaTypeDef;
const targetOf = (d: SlaClockDef) => d.target * unitMs(d.unit);

interface Fields {
  policy_id: number | null;
  policy_name: string;
  target_ms: number;
  warn_ms: number;
  business: boolean;
  outcome: number;
  breached_at: number | null;
}

/** The columns a clock's state and settings make: deadline and warning instants while it runs. */
/** When a clock in state `s` breaches and turns at risk (epoch ms; null while it does not run). */
export function instantsOf(
  cals: Calendars,
  s: ClockState,
  f: Pick<Fields, 'business' | 'outcome' | 'target_ms' | 'warn_ms'>,
): { deadline: number | null; warnAt: number | null } {
  const cal = f.business ? cals.business : cals.calendar;
  const deadline = f.outcome === 0 ? deadlineOf(cal, s, f.target_ms) : null;
  const warnAt =
    deadline != null && f.warn_ms > 0 && s.runningSince != null ? addWorking(cal, s.runningSince, Math.max(0, f.target_ms - f.warn_ms - s.consumedMs)) : null;
  return { deadline, warnAt };
}

export type ClockFields = Omit<Fields, 'policy_id' | 'policy_name'>;

/** The columns every clock (an order's or an event's) stores for its state and settings. */
export function clockColumns(cals: Calendars, s: ClockState, f: ClockFields): Record<string, SQL | number | boolean | null> {
  const { deadline, warnAt } = instantsOf(cals, s, f);
  return {
    target_ms: f.target_ms,
    warn_ms: f.warn_ms,
    business: f.business,
    outcome: f.outcome,
    consumed_ms: s.consumedMs,
    running_since: tsOf(s.runningSince),
    paused_since: tsOf(s.pausedSince),
    paused_ms: s.pausedMs,
    stopped_at: tsOf(s.stoppedAt),
    deadline_at: tsOf(deadline),
    warn_at: tsOf(warnAt),
    breached_at: tsOf(f.breached_at),
  };
}

const columnsOf = (cals: Calendars, s: ClockState, f: Fields): Record<string, SQL | number | boolean | string | null> => ({
  policy_id: f.policy_id,
  policy_name: f.policy_name,
  ...clockColumns(cals, s, f),
});

/** A deadline passed before anyone saw it is a breach at that deadline; an earlier breach is kept. */
export const breachBy = (r: { breached_at: number | null; deadline_at: number | null }, at: number): number | null =>
  r.breached_at ?? (r.deadline_at != null && r.deadline_at <= at ? r.deadline_at : null);

/** Brings the order's clocks in line with its move, then the order's due time; nothing while SLA is off (sla.enabled.ts). */
export async function syncClocks(ex: Executor, enterpriseId: number, m: OrderMove, now = Date.now()): Promise<void> {
  if (!(await slaEnabled(ex, enterpriseId))) return;
  const orderId = Number(m.order.id);
  const policy = await policyFor(ex, enterpriseId, m.order);
  const existing = await rows<ClockRow>(
    ex,
    sql`select ${CLOCK_COLUMNS} from order_sla_clocks where enterprise_id = ${enterpriseId} and order_id = ${orderId} order by type`,
  );
  if (!policy && existing.every((c) => c.outcome !== 0)) return;
  const cals = await calendarsOf(ex, enterpriseId);
  const pause = pausedIn(policy, m.order);
  const calOf = (business: boolean) => (business ? cals.business : cals.calendar);

  for (const r of existing) {
    if (r.outcome !== 0) continue;
    const def = policy?.clocks.find((c) => c.type === r.type);
    const old = calOf(r.business);
    let s = stateOf(r);
    const stop = m.to === 6 || !def ? 2 : isMet(typeDef(r.type), m) ? 1 : 0;
    if (stop) {
      s = stopClock(old, s, now);
      await writeClock(ex, enterpriseId, r.id, columnsOf(cals, s, { ...r, outcome: stop, breached_at: breachBy(r, now) }), true);
      continue;
    }
    const d = def as SlaClockDef;
    const fields: Fields = {
      policy_id: policy?.id ?? null,
      policy_name: policy?.name ?? r.policy_name,
      target_ms: targetOf(d),
      warn_ms: d.warnMinutes * 60_000,
      business: policy?.business ?? r.business,
      outcome: 0,
      breached_at: breachBy(r, now),
    };
    const reapplied = fields.policy_id !== r.policy_id || fields.target_ms !== r.target_ms || fields.warn_ms !== r.warn_ms || fields.business !== r.business;
    if (reapplied) s = reapplyClock(old, s, now);
    const next = pause ? pauseClock(old, s, now) : resumeClock(s, now);
    if (!reapplied && next === s && fields.breached_at === r.breached_at) continue;
    await writeClock(ex, enterpriseId, r.id, columnsOf(cals, next, fields), escalateAt(policy, r, fields.breached_at));
  }

  if (policy && m.to !== 6) {
    for (const d of policy.clocks) {
      if (existing.some((r) => r.type === d.type) || !starts(typeDef(d.type), m)) continue;
      const s = startClock(now, pause);
      const f: Fields = {
        policy_id: policy.id,
        policy_name: policy.name,
        target_ms: targetOf(d),
        warn_ms: d.warnMinutes * 60_000,
        business: policy.business,
        outcome: 0,
        breached_at: null,
      };
      const cols = columnsOf(cals, s, f);
      const names = Object.keys(cols).map((k) => sql.identifier(k));
      await ex.execute(sql`insert into order_sla_clocks (enterprise_id, order_id, type, started_at, ${sql.join(names, sql`, `)})
        values (${enterpriseId}, ${orderId}, ${d.type}, ${tsOf(now)}, ${sql.join(
          Object.values(cols).map((v) => sql`${v}`),
          sql`, `,
        )})
        on conflict (enterprise_id, order_id, type) do nothing`);
    }
  }
  await syncDueAt(ex, enterpriseId, orderId);
}

/**
 * A breach found on a move (the stored deadline passed before the sweep saw it) starts the ladder like
 * the sweep's; undefined leaves the ladder as it is.
 */
function escalateAt(p: SlaPolicy | null, r: ClockRow, breachedAt: number | null): number | null | undefined {
  if (r.breached_at != null || breachedAt == null) return undefined;
  const first = p?.escalation[0];
  return first ? breachedAt + first.afterMinutes * 60_000 : null;
}

/** `escalation`: the next step's instant; true for a stopped clock (it escalates no further). */
async function writeClock(
  ex: Executor,
  enterpriseId: number,
  id: number,
  cols: Record<string, unknown>,
  escalation: number | null | undefined | true,
): Promise<void> {
  const sets = Object.entries(cols).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  if (escalation === true) sets.push(sql`next_escalation_at = null`);
  else if (escalation !== undefined) sets.push(sql`next_escalation_at = ${tsOf(escalation)}`);
  await ex.execute(sql`update order_sla_clocks set ${sql.join(sets, sql`, `)} where enterprise_id = ${enterpriseId} and id = ${id}`);
}

/** orders.due_at: the nearest deadline of the order's running clocks (null when none runs). */
export async function syncDueAt(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  await ex.execute(sql`update orders o set due_at = d.due from (
      select min(deadline_at) as due from order_sla_clocks where enterprise_id = ${enterpriseId} and order_id = ${orderId} and outcome = 0
    ) d where o.enterprise_id = ${enterpriseId} and o.id = ${orderId} and o.due_at is distinct from d.due`);
}

export { calendarsOf };

/** A clock as `clocksOfMoves` leaves it: its columns with instants in epoch ms (null: none). */
export interface PlannedClock {
  type: number;
  policy_id: number;
  policy_name: string;
  target_ms: number;
  warn_ms: number;
  business: boolean;
  outcome: number;
  consumed_ms: number;
  paused_ms: number;
  started_at: number;
  running_since: number | null;
  paused_since: number | null;
  stopped_at: number | null;
  deadline_at: number | null;
  warn_at: number | null;
  breached_at: number | null;
  next_escalation_at: number | null;
}

/**
 * The clocks an order's moves leave under one policy, by the rules of `syncClocks` but in memory (each move with its
 * instant `at`): for writers of many orders at once (the demo's month), whose rows then match those of orders moved
 * one action at a time. Re-applying another policy is not modelled: the policy is the same throughout.
 */
export function clocksOfMoves(policy: SlaPolicy | null, cals: Calendars, moves: (OrderMove & { at: number })[]): PlannedClock[] {
  if (!policy) return [];
  const cal = policy.business ? cals.business : cals.calendar;
  const clocks: (PlannedClock & { s: ClockState })[] = [];
  const place = (c: PlannedClock & { s: ClockState }) => {
    const { deadline, warnAt } = instantsOf(cals, c.s, c);
    Object.assign(c, {
      consumed_ms: c.s.consumedMs,
      paused_ms: c.s.pausedMs,
      running_since: c.s.runningSince,
      paused_since: c.s.pausedSince,
      stopped_at: c.s.stoppedAt,
      deadline_at: deadline,
      warn_at: warnAt,
    });
  };
  for (const m of moves) {
    const pause = pausedIn(policy, m.order);
    for (const c of clocks) {
      if (c.outcome !== 0) continue;
      const def = policy.clocks.find((d) => d.type === c.type);
      const stop = m.to === 6 || !def ? 2 : isMet(typeDef(c.type), m) ? 1 : 0;
      const breached = breachBy(c, m.at);
      if (stop) {
        c.s = stopClock(cal, c.s, m.at);
        c.outcome = stop;
        c.breached_at = breached;
        c.next_escalation_at = null;
      } else {
        if (c.breached_at == null && breached != null) c.next_escalation_at = escalateAt(policy, { breached_at: null } as ClockRow, breached) ?? null;
        c.breached_at = breached;
        c.s = pause ? pauseClock(cal, c.s, m.at) : resumeClock(c.s, m.at);
      }
      place(c);
    }
    if (m.to === 6) continue;
    for (const d of policy.clocks) {
      if (clocks.some((c) => c.type === d.type) || !starts(typeDef(d.type), m)) continue;
      const c = {
        type: d.type,
        policy_id: policy.id,
        policy_name: policy.name,
        target_ms: targetOf(d),
        warn_ms: d.warnMinutes * 60_000,
        business: policy.business,
        outcome: 0,
        started_at: m.at,
        breached_at: null,
        next_escalation_at: null,
        s: startClock(m.at, pause),
      } as PlannedClock & { s: ClockState };
      place(c);
      clocks.push(c);
    }
  }
  return clocks.map(({ s: _s, ...c }) => c);
}
