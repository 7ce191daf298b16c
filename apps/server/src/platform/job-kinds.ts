import type { SlaCalendarInput } from '@sk/shared';
import type { GeoTable } from './geo/geocoder';

/** What a sweep's job carries: its slot (added by the schedule tick). */
type Swept = { slot?: number };
/** What a daily schedule's job carries: the day (added by the schedule tick). */
type Daily = { scheduleDate?: string };

/**
 * Every job kind and the payload its enqueue sends and its handler reads: `enqueue` and `registerJobHandler` take the
 * kind from here, so a payload of the wrong shape (or a kind nobody declared) does not compile. A new kind adds its
 * line here. Kinds under `test.` are free for tests.
 */
export interface JobPayloads {
  'export.run': { exportId: number; lsn?: string | null };
  'reports.flushSummary': Swept;
  'orders.foldStateCounts': Swept;
  'subscribe.digest': { type: number; date: string };
  'subscribe.digest.tick': Swept;
  'contracts.dates': Daily;
  'automation.deliver': { id: number };
  'automation.sms': { mobile: string; text: string };
  /** A customer told his visit's new time (the dispatch assistant's applied route). */
  'planning.sms': { mobile: string; text: string };
  'automation.trigger': { orderId: number; trigger: number };
  'automation.timer': { timerId: number };
  'goods.pay.refund': { paymentId: number };
  'goods.pay.query': Swept;
  'project.taskRemind': Swept;
  'sla.recompute': { old: SlaCalendarInput; at: number };
  'sla.sweep': Swept;
  'commerce.expiry': Daily;
  'calls.endStale': Swept;
  'channels.workmsg.send': Swept;
  'geo.refine': { table: GeoTable; ids: number[] };
  'geo.backfill': Swept;
  'pool.unclaimed': { orderId: number; version: number; minutes: number };
  'pool.offer': { orderId: number; version: number };
  /** The minute sweep, or one enterprise's run at a visit's due time. */
  'visits.sweep': Swept & { enterpriseId?: number };
  /** The nightly run over every plan, or the plans just saved. */
  'cycle.generate': Daily & { planIds?: number[] };
  'settle.penaltyRules': Swept;
  [test: `test.${string}`]: Record<string, unknown>;
}

export type JobKind = keyof JobPayloads;
