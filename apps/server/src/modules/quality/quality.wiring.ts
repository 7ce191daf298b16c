import { addClockRecompute, addClockSweep } from '../sla/index';
import { visitFailed } from '../visits/index';
import { openFromVisit } from './complaint.service';
import { complaintRecompute, complaintSweepSteps } from './complaint.sla';
import { wireQualityBadges } from './quality.badges';
import { wireExchangeService } from './exchange.service';
import { wireRepairService } from './repair.service';

/**
 * Every subscriber of the quality module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireQuality(): void {
  wireExchangeService();
  wireRepairService();
  wireQualityBadges();
  // A failed return visit opens a complaint, in the visit's transaction.
  visitFailed.subscribe('quality.complaint-from-visit', async (tx, v) => {
    await openFromVisit(tx, { id: v.actorId, enterpriseId: v.enterpriseId }, v.taskId, v.reason, v.comment);
  });
  // Complaint deadlines are clocks of the one SLA engine: the sla.sweep job breaches them with the orders' and events'.
  addClockSweep('complaints', complaintSweepSteps);
  // New business hours move their running business-hours deadlines, as they move the orders'.
  addClockRecompute('complaints', complaintRecompute);
}
