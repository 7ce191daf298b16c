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
}
