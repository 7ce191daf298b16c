import { wireAssignmentNotice } from './assignment.notice';
import { wireRenewalNotice } from './renewal.notice';

/**
 * Every subscriber of the notices module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireNotices(): void {
  wireAssignmentNotice();
  wireRenewalNotice();
}
