import { SLA_PAUSE_ABNORMAL, SLA_TYPES, type SlaClockDef, type SlaPolicy, type SlaTypeDef, unitMs } from '@sk/shared';
import type { Executor } from '../../db/client';
import {
  type ClockChange,
  type ClockRule,
  type ClockSettings,
  instantsOf,
  ORDER_CLOCKS,
  planClocks,
  type StoredClock,
  syncSubjectClocks,
} from './clock.engine';
import type { Calendars } from './sla.calendar';
import { slaEnabled } from './sla.enabled';
import { policyFor } from './sla.policies';
import { type ClockRow, nextEscalationSet, updateDueAt } from './sla.repo';

/**
 * The order as a subject of the clock engine (clock.engine.ts): its clocks start when the order enters a type's
 * running states, pause in the policy's pause states, are met or cancelled when it leaves them, and re-apply (count
 * kept) when another policy or target applies; a breach starts the policy's ladder. After each change
 * `orders.due_at` is the nearest deadline, which is what DueOrder, the overdue badge and the lists' orderExceed read.
 */

export type { ClockRow };

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
  !!p && (p.pauseStates.includes(order.state as number) || (p.pauseStates.includes(SLA_PAUSE_ABNORMAL) && order.abnormal_kind != null));

function starts(t: SlaTypeDef, m: OrderMove): boolean {
  if (t.runs.includes(m.to)) return true;
  return !!t.startActions?.includes(m.action) && (t.startTo == null || t.startTo === m.to);
}
function isMet(t: SlaTypeDef, m: OrderMove): boolean {
  return (m.from !== m.to && t.met.includes(m.to)) || !!t.metActions?.includes(m.action);
}
const typeDef = (type: number) => SLA_TYPES.find((t) => t.id === type) as SlaTypeDef;
const targetOf = (d: SlaClockDef) => d.target * unitMs(d.unit);

/** The engine's rule for one move under the matched policy (none: every running clock is cancelled). */
export function orderRule(policy: SlaPolicy | null, m: OrderMove): ClockRule {
  const pause = pausedIn(policy, m.order);
  const settings = new Map<number, ClockSettings>(
    (policy?.clocks ?? []).map((d) => [
      d.type,
      { policy_id: policy?.id ?? null, policy_name: policy?.name ?? '', target_ms: targetOf(d), warn_ms: d.warnMinutes * 60_000, business: !!policy?.business },
    ]),
  );
  const go = pause ? 'pause' : 'run';
  return {
    settings,
    phase: (type, running) => {
      if (running) return m.to === 6 || !settings.has(type) ? 'cancel' : isMet(typeDef(type), m) ? 'met' : go;
      return m.to !== 6 && starts(typeDef(type), m) ? go : 'wait';
    },
  };
}

/**
 * A breach found on a move (the stored deadline passed before the sweep saw it) starts the ladder like the sweep's;
 * a stopped clock escalates no further; otherwise the ladder stays as it is (undefined).
 */
function nextEscalation(p: SlaPolicy | null, c: ClockChange): number | null | undefined {
  if (c.fields.outcome !== 0) return null;
  if (c.breachFound == null) return undefined;
  const first = p?.escalation[0];
  return first ? c.breachFound + first.afterMinutes * 60_000 : null;
}

/** Brings the order's clocks in line with its move, then the order's due time; nothing while SLA is off (sla.enabled.ts). */
export async function syncClocks(ex: Executor, enterpriseId: number, m: OrderMove, now = Date.now()): Promise<void> {
  if (!(await slaEnabled(ex, enterpriseId))) return;
  const orderId = m.order.id as number;
  const policy = await policyFor(ex, enterpriseId, m.order);
  const hooks = {
    sets: (c: ClockChange) => {
      const next = nextEscalation(policy, c);
      return next === undefined ? [] : [nextEscalationSet(next)];
    },
  };
  if (await syncSubjectClocks(ex, ORDER_CLOCKS, enterpriseId, orderId, orderRule(policy, m), hooks, now)) await syncDueAt(ex, enterpriseId, orderId);
}

/** orders.due_at: the nearest deadline of the order's running clocks (null when none runs). */
export async function syncDueAt(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  await updateDueAt(ex, enterpriseId, orderId);
}

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
  const clocks: (StoredClock & PlannedClock)[] = [];
  for (const m of moves) {
    for (const c of planClocks(cals, orderRule(policy, m), clocks, m.at)) {
      const { deadline, warnAt } = instantsOf(cals, c.state, c.fields);
      const cols = {
        ...c.fields,
        consumed_ms: c.state.consumedMs,
        paused_ms: c.state.pausedMs,
        running_since: c.state.runningSince,
        paused_since: c.state.pausedSince,
        stopped_at: c.state.stoppedAt,
        deadline_at: deadline,
        warn_at: warnAt,
      };
      const next = nextEscalation(policy, c);
      if (c.row) Object.assign(c.row, cols, next === undefined ? {} : { next_escalation_at: next });
      else
        clocks.push({
          ...cols,
          id: clocks.length,
          type: c.type,
          policy_id: policy.id,
          policy_name: policy.name,
          started_at: m.at,
          next_escalation_at: null,
        });
    }
  }
  return clocks.map(({ id: _id, ...c }) => c);
}
