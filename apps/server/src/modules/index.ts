import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps';
import { accountModule } from './account/index';
import { menuModule } from './menu/index';
import { rolesModule } from './roles/index';
import { imModule } from './im/index';
import { tagsModule } from './tags/index';
import { orgModule } from './org/index';
import { filesModule } from './files/index';
import { settingsModule } from './settings/index';
import { subscriptionsModule } from './subscriptions/index';
import { formsModule } from './forms/index';
import { customersModule } from './customers/index';
import { activityModule } from './activity/index';
import { apiDocsModule } from './apidocs/index';
import { ordersModule } from './orders/index';
import { eventsModule } from './events/index';
import { scheduleModule } from './schedule/index';
import { automationModule } from './automation/index';
import { processModule } from './process/index';
import { dispatchModule } from './dispatch/index';
import { sparesModule } from './spares/index';
import { projectsModule } from './projects/index';
import { poolModule } from './pool/index';
import { slaModule } from './sla/index';
import { approvalsModule } from './approvals/index';
import { noticesModule } from './notices/index';
import { visitsModule } from './visits/index';
import { searchModule } from './search/index';
import { settleModule } from './settle/index';
import { commerceModule } from './commerce/index';
import { portalModule } from './portal/index';
import { providerModule } from './provider/index';
import { qualityModule } from './quality/index';
import { knowledgeModule } from './knowledge/index';
import { cycleModule } from './cycle/index';
import { callsModule } from './calls/index';
import { channelsModule } from './channels/index';
// Last: its demo step places the addresses every other step seeded.
import { geoModule } from './geo/index';
import { reportsModule } from './reports/index';
import { planningModule } from './planning/index';

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
  planningModule,
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
