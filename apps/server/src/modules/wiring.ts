import { wireExports } from '../platform/exports';
import { wireJobs } from '../platform/jobs';
import { wireTags } from './tags/index';
import { wireOrg } from './org/index';
import { wireSettings } from './settings/index';
import { wireForms } from './forms/index';
import { wireCustomers } from './customers/index';
import { wireFiles } from './files/index';
import { wireSubscriptions } from './subscriptions/index';
import { wireOrders } from './orders/index';
import { wireEvents } from './events/index';
import { wireReports } from './reports/index';
import { wireAutomation } from './automation/index';
import { wireNotices } from './notices/index';
import { wireCommerce } from './commerce/index';
import { wireDispatch } from './dispatch/index';
import { wirePool } from './pool/index';
import { wireProcess } from './process/index';
import { wireSchedule } from './schedule/index';
import { wirePlanning } from './planning/index';
import { wireSpares } from './spares/index';
import { wireProjects } from './projects/index';
import { wireSla } from './sla/index';
import { wireApprovals } from './approvals/index';
import { wireVisits } from './visits/index';
import { wireQuality } from './quality/index';
import { wireCycle } from './cycle/index';
import { wireCalls } from './calls/index';
import { wireSettle } from './settle/index';
import { wireChannels } from './channels/index';
import { wireGeo } from './geo/index';

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
  wirePlanning,
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
