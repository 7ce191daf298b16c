import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps';
import { accountModule } from './account/account.routes';
import { menuModule } from './menu/menu.routes';
import { rolesModule } from './roles/roles.routes';
import { imModule } from './im/im.routes';
import { tagsModule } from './tags/tags.routes';
import { orgModule } from './org/org.routes';
import { filesModule } from './files/files.routes';
import { settingsModule } from './settings/settings.routes';
import { subscriptionsModule } from './subscriptions/subscriptions.routes';
import { formsModule } from './forms/forms.routes';
import { customersModule } from './customers/customers.routes';
import { activityModule } from './activity/activity.routes';
import { apiDocsModule } from './apidocs/apidocs.routes';
import { ordersModule } from './orders/orders.routes';
import { eventsModule } from './events/events.routes';
import { scheduleModule } from './schedule/schedule.routes';
import { automationModule } from './automation/automation.routes';
import { processModule } from './process/process.routes';
import { dispatchModule } from './dispatch/dispatch.routes';
import { sparesModule } from './spares/spares.routes';
import { projectsModule } from './projects/projects.routes';
import { poolModule } from './pool/pool.routes';
import { slaModule } from './sla/sla.routes';
import { approvalsModule } from './approvals/approvals.routes';
import { noticesModule } from './notices/notices.routes';
import { visitsModule } from './visits/visits.routes';
import { searchModule } from './search/search.routes';
import { settleModule } from './settle/settle.routes';
import { commerceModule } from './commerce/commerce.routes';
import { portalModule } from './portal/portal.routes';
import { providerModule } from './provider/provider.routes';
import { qualityModule } from './quality/quality.routes';
import { knowledgeModule } from './knowledge/knowledge.routes';
import { cycleModule } from './cycle/cycle.routes';
import { callsModule } from './calls/calls.routes';
import { channelsModule } from './channels/channels.routes';
// Last: its demo step places the addresses every other step seeded.
import { geoModule } from './geo/geo.routes';
import { reportsModule } from './reports/reports.routes';

export type Module = (app: FastifyInstance, deps: Deps) => Promise<void> | void;

/** Every module, in registration order. Each adds its own line here; apiDocsModule stays first (it watches the others' routes). */
export const modules: Module[] = [
  apiDocsModule,
  accountModule,
  menuModule,
  rolesModule,
  tagsModule,
  imModule,
  orgModule,
  filesModule,
  settingsModule,
  subscriptionsModule,
  formsModule,
  customersModule,
  activityModule,
  ordersModule,
  reportsModule,
  dispatchModule,
  poolModule,
  eventsModule,
  scheduleModule,
  automationModule,
  processModule,
  sparesModule,
  projectsModule,
  slaModule,
  approvalsModule,
  noticesModule,
  visitsModule,
  qualityModule,
  knowledgeModule,
  cycleModule,
  callsModule,
  searchModule,
  settleModule,
  commerceModule,
  portalModule,
  providerModule,
  channelsModule,
  geoModule,
];
