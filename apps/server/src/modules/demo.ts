// Every demo step, in the order they run (each one's `after` names the steps it needs, earlier in this list).
import type { DemoStep } from '../platform/demo/data';
import { callsDemoStep } from './calls/calls.demo';
import { commerceDemoStep } from './commerce/commerce.demo';
import { customersDemoStep } from './customers/customers.hooks';
import { cycleDemoStep } from './cycle/cycle.demo';
import { eventsDemoStep } from './events/events.demo';
import { geoDemoStep } from './geo/geo.routes';
import { knowledgeDemoStep } from './knowledge/knowledge.demo';
import { announcementsDemoStep, welcomeDemoStep } from './notices/notices.demo';
import { serviceItemsDemoStep } from './orders/items.demo';
import { monthDemoStep, ordersDemoStep } from './orders/orders.demo';
import { orgDemoStep } from './org/org.provision';
import { portalDemoStep } from './portal/portal.demo';
import { projectsDemoStep } from './projects/projects.demo';
import { qualityDemoStep, repairDemoStep } from './quality/quality.demo';
import { settleDemoStep } from './settle/settle.demo';
import { slaDemoStep } from './sla/sla.demo';
import { sparesDemoStep } from './spares/spares.demo';
import { spareDocsDemoStep } from './spares/spares.docs.demo';
import { visitsDemoStep } from './visits/visits.demo';

export const DEMO_STEPS: readonly DemoStep[] = [
  orgDemoStep,
  customersDemoStep,
  serviceItemsDemoStep,
  ordersDemoStep,
  sparesDemoStep,
  spareDocsDemoStep,
  projectsDemoStep,
  slaDemoStep,
  monthDemoStep,
  eventsDemoStep,
  welcomeDemoStep,
  announcementsDemoStep,
  visitsDemoStep,
  settleDemoStep,
  commerceDemoStep,
  portalDemoStep,
  qualityDemoStep,
  repairDemoStep,
  knowledgeDemoStep,
  cycleDemoStep,
  callsDemoStep,
  geoDemoStep,
];
