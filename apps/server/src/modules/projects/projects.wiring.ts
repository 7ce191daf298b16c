import { registerProgressHook } from './project.state';
import { wireApprovalService } from './approval.service';
import { wireRemindJob } from './remind.job';
import { wireExport as wireProjectsExport } from './export';
import { wireProjectsRoutes } from './projects.routes';

/**
 * Every subscriber of the projects module (state hooks, order-created hooks, approval ends, job handlers, schedules,
 * badges, exports …), in the order they run. modules/wiring.ts calls this once per app build; registering again
 * replaces each by its name or key, so a second build changes nothing.
 */
export function wireProjects(): void {
  registerProgressHook();
  wireApprovalService();
  wireRemindJob();
  wireProjectsExport();
  wireProjectsRoutes();
}
