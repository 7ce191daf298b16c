import { wireSettleService } from './settle.service';
import { wireClaimsService } from './claims.service';
import { wireRewardsService } from './rewards.service';
import { wireSettleExport } from './settle.export';
import { installPricing } from './settle.routes';
import { installRewardRules } from './rewards.rules';
import { wireSettleBadges } from './settle.badges';

/**
 * Every subscriber of the settle module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireSettle(): void {
  wireSettleService();
  wireClaimsService();
  wireRewardsService();
  wireSettleExport();
  installPricing();
  installRewardRules();
  wireSettleBadges();
}
