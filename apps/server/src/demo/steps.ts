// Every demo step, in the order they run (each one's `after` names the steps it needs, earlier in this list).
import type { DemoStep } from '../platform/demo/data';
import { approvalsDemoStep } from '../modules/approvals/index';
import { callsDemoStep } from '../modules/calls/index';
import { commerceDemoStep } from '../modules/commerce/index';
import { customersDemoStep } from '../modules/customers/index';
import { cycleDemoStep } from '../modules/cycle/index';
import { eventsDemoStep } from './events.demo';
import { geoDemoStep } from '../modules/geo/index';
import { knowledgeDemoStep } from '../modules/knowledge/index';
import { announcementsDemoStep, welcomeDemoStep } from '../modules/notices/index';
import { serviceItemsDemoStep } from '../modules/orders/index';
import { mondayDemoStep } from './monday.demo';
import { monthDemoStep, ordersDemoStep } from './orders.demo';
import { orgDemoStep } from '../modules/org/index';
import { portalDemoStep } from '../modules/portal/index';
import { projectsDemoStep } from '../modules/projects/index';
import { qualityDemoStep, repairDemoStep } from '../modules/quality/index';
import { settleDemoStep } from '../modules/settle/index';
import { slaDemoStep } from '../modules/sla/index';
import { sparesDemoStep } from '../modules/spares/index';
import { spareDocsDemoStep } from '../modules/spares/index';
import { visitsDemoStep } from '../modules/visits/index';

export const DEMO_STEPS: readonly DemoStep[] = [
  orgDemoStep,
  approvalsDemoStep,
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
  mondayDemoStep,
  geoDemoStep,
];
