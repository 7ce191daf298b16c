import { registerCommerceJobs } from './commerce.jobs';
import { wireWarrantyService } from './warranty.service';
import { wireQuotationService } from './quotation.service';
import { wireQuotationBadge } from './quotation.badge';

/**
 * Every subscriber of the commerce module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireCommerce(): void {
  registerCommerceJobs();
  wireWarrantyService();
  wireQuotationService();
  wireQuotationBadge();
}
