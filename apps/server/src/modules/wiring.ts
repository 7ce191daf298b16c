import { wireExports } from '../platform/exports';
import { wireJobs } from '../platform/jobs';
import { wireTags } from './tags/tags.wiring';
import { wireOrg } from './org/org.wiring';
import { wireSettings } from './settings/settings.wiring';
import { wireForms } from './forms/forms.wiring';
import { wireCustomers } from './customers/customers.wiring';
import { wireFiles } from './files/files.wiring';
import { wireSubscriptions } from './subscriptions/subscriptions.wiring';
import { wireOrders } from './orders/orders.wiring';
import { wireEvents } from './events/events.wiring';
import { wireReports } from './reports/reports.wiring';
import { wireAutomation } from './automation/automation.wiring';
import { wireNotices } from './notices/notices.wiring';
import { wireCommerce } from './commerce/commerce.wiring';
import { wireDispatch } from './dispatch/dispatch.wiring';
import { wirePool } from './pool/pool.wiring';
import { wireProcess } from './process/process.wiring';
import { wireSchedule } from './schedule/schedule.wiring';
import { wireSpares } from './spares/spares.wiring';
import { wireProjects } from './projects/projects.wiring';
import { wireSla } from './sla/sla.wiring';
import { wireApprovals } from './approvals/approvals.wiring';
import { wireVisits } from './visits/visits.wiring';
import { wireQuality } from './quality/quality.wiring';
import { wireCycle } from './cycle/cycle.wiring';
import { wireCalls } from './calls/calls.wiring';
import { wireSettle } from './settle/settle.wiring';
import { wireChannels } from './channels/channels.wiring';
import { wireGeo } from './geo/geo.wiring';

/**
 * Who listens to what, in one declared order: each module's wiring (its subscribers to state moves, new orders,
 * approval ends, jobs, schedules, badges, exports, provisioning and handover steps). Where two modules subscribe to
 * the same thing they run in this order (e.g. an order's creation: approval notice, automation, assignment notice,
 * default dispatch, the pool's rules, the process's server, SLA clocks). modules/wiring.test.ts holds the resulting lists.
 */
export const WIRING: readonly (() => void)[] = [
  wireJobs,
  wireExports,
  wireTags,
  wireOrg,
  wireSettings,
  wireForms,
  wireCustomers,
  wireFiles,
  wireSubscriptions,
  wireOrders,
  wireEvents,
  wireReports,
  wireAutomation,
  wireNotices,
  wireCommerce,
  wireDispatch,
  wirePool,
  wireProcess,
  wireSchedule,
  wireSpares,
  wireProjects,
  wireSla,
  wireApprovals,
  wireVisits,
  wireQuality,
  wireCycle,
  wireCalls,
  wireSettle,
  wireChannels,
  wireGeo,
];

/**
 * Fills every registry from WIRING. Called by buildApp, and before seeding or provisioning outside an app (main.ts,
 * seed-cli). Pure: each registration replaces its own name or key, so a second call (a second app in one process)
 * leaves the same lists.
 */
export function wireApp(): void {
  for (const wire of WIRING) wire();
}
