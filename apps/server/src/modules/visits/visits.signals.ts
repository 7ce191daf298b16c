import { defineSignal } from '../../platform/signals';

/** A return visit that failed (a visitor's 不通过, or a low score in the customer's survey), told in its transaction. */
export interface VisitFailed {
  enterpriseId: number;
  /** The visitor; null when the customer answered the SMS survey. */
  actorId: number | null;
  taskId: number;
  reason: string;
  comment: string | null;
}
/** Quality opens a complaint from it (modules/quality, wired in quality.wiring.ts). */
export const visitFailed = defineSignal<VisitFailed>('visit failed');
