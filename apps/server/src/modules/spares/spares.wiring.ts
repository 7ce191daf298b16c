import { wireDocsService } from './docs.service';
import { wireGoodsPay } from './goods.pay';
import { wirePartsService } from './parts.service';
import { wireSparesRoutes } from './spares.routes';

/**
 * Every subscriber of the spares module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireSpares(): void {
  wireDocsService();
  wireGoodsPay();
  wirePartsService();
  wireSparesRoutes();
}
