// Every demo step, in the order they run (each one's `after` names the steps it needs, earlier in this list).
import type { DemoStep } from '../platform/demo/data';
import { callsDemoStep } from '../modules/calls/calls.demo';
import { commerceDemoStep } from '../modules/commerce/commerce.demo';
import { customersDemoStep } from '../modules/customers/customers.hooks';
import { cycleDemoStep } from '../modules/cycle/cycle.demo';
import { eventsDemoStep } from './events.demo';
import { geoDemoStep } from '../modules/geo/geo.routes';
import { knowledgeDemoStep } from '../modules/knowledge/knowledge.demo';
import { announcementsDemoStep, welcomeDemoStep } from '../modules/notices/notices.demo';
import { serviceItemsDemoStep } from '../modules/orders/items.demo';
import { monthDemoStep, ordersDemoStep } from './orders.demo';
import { orgDemoStep } from '../modules/org/org.provision';
import { portalDemoStep } from '../modules/portal/portal.demo';
import { projectsDemoStep } from '../modules/projects/projects.demo';
import { qualityDemoStep, repairDemoStep } from '../modules/quality/quality.demo';
import { settleDemoStep } from '../modules/settle/settle.demo';
import { slaDemoStep } from '../modules/sla/sla.demo';
import { sparesDemoStep } from '../modules/spares/spares.demo';
import { spareDocsDemoStep } from '../modules/spares/spares.docs.demo';
import { visitsDemoStep } from '../modules/visits/visits.demo';

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
