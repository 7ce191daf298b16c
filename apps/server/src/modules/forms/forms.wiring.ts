import { wireExtService } from './ext.service';
import { wireFormsRoutes } from './forms.routes';

/**
 * Every subscriber of the forms module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireForms(): void {
  wireExtService();
  wireFormsRoutes();
}
