import { wireCustomersHooks } from './customers.hooks';
import { wireExport as wireCustomersExport } from './export';
import { registerContractDates } from './contracts.dates';
import { wireRenewalBadge } from './contracts.badge';

/**
 * Every subscriber of the customers module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireCustomers(): void {
  wireCustomersHooks();
  wireCustomersExport();
  registerContractDates();
  wireRenewalBadge();
}
