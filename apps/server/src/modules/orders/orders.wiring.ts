import { wireApprovalNotice } from './approval.notice';
import { wireListHistory } from './list.history';
import { wireExamineFlow } from './examine.flow';
import { wireCountsRoutes } from './counts.routes';
import { wireStateCounts } from './state-counts';
import { wireExport as wireOrdersExport } from './export';
import { installOrderChecks } from './checks';

/**
 * Every subscriber of the orders module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireOrders(): void {
  wireApprovalNotice();
  wireListHistory();
  wireExamineFlow();
  wireCountsRoutes();
  wireStateCounts();
  wireOrdersExport();
  installOrderChecks();
}
