import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wireApp } from './wiring';
import { backgroundEntries } from '../platform/create-deps';
import { exportEntries } from '../platform/exports';
import { jobHandlerEntries, scheduleEntries } from '../platform/jobs';
import { stateHookEntries } from '../platform/state';
import { createTestApp, type TestApp } from '../test/harness';

import { badgeCountEntries } from './menu/badges';
import { menuGrantEntries } from './menu/grants';
import { poolBadgeEntry } from './orders/counts.routes';
import { processResolverSite } from './orders/order.hooks';
import { approvalEndEntries, createdHookEntries, signalEntries } from '../platform/signals';
import { handoverStepEntries } from './org/handover';
import { tagTargetEntries } from './tags/tag-links';
import { historySourceEntries } from './customers/installed.service';
import { linkTargetEntries } from './forms/ext.service';
import { provisionStepEntries } from '../platform/provision';

/**
 * Every subscriber of every registry after the app is built as main.ts and the harness build it, in the order each
 * registry runs them, named by the file that registered it. Recorded before the wiring became explicit; the explicit
 * wiring must give the same lists (a change here is a change of behaviour and needs a reason).
 */
export function wiringSnapshot(): Record<string, string[]> {
  return {
    stateHooks: stateHookEntries().map((e) => `${e.key} ${e.site}`),
    orderCreated: createdHookEntries().map((e) => e.site),
    processResolver: [processResolverSite()],
    approvalEnd: approvalEndEntries().map((e) => `${e.kind} ${e.site}`),
    jobs: jobHandlerEntries().map((e) => `${e.kind} ${e.site}`),
    schedules: scheduleEntries().map((e) => `${e.kind} ${e.name} ${e.site}`),
    backgrounds: backgroundEntries().map((e) => `${e.name} ${e.site}`),
    badges: badgeCountEntries().map((e) => `${e.path} ${e.site}`),
    poolBadge: [poolBadgeEntry() ?? '-'],
    menuGrants: menuGrantEntries().map((e) => `${e.name} ${e.site}`),
    tagTargets: tagTargetEntries().map((e) => `${e.code} ${e.site}`),
    exports: exportEntries().map((e) => `${e.kind} ${e.site}`),
    handoverSteps: handoverStepEntries().map((e) => `${e.name} ${e.site}`),
    productHistory: historySourceEntries().map((e) => e.site),
    provisionSteps: provisionStepEntries().map((e) => `${e.name} ${e.site}`),
    linkTargets: linkTargetEntries().map((e) => `${e.kind} ${e.site}`),
    signals: signalEntries().map((e) => `${e.signal}: ${e.name} ${e.site}`),
  };
}

/** Recorded from main before this change (registration by import side effects and `installed` flags). */
const BEFORE: Record<string, string[]> = {
  stateHooks: [
    'order:* modules/orders/approval.notice.ts',
    'order:* modules/automation/automation.engine.ts',
    'order:* modules/notices/assignment.notice.ts',
    'order:* modules/commerce/commerce.jobs.ts',
    'order:* modules/schedule/clash.ts',
    'order:* modules/sla/sla.install.ts',
    'order:* modules/visits/tasks.job.ts',
    'order:* modules/settle/settle.routes.ts',
    'event:* modules/events/settings.ts',
    'event:* modules/events/sla.hooks.ts',
    'event:* modules/visits/tasks.job.ts',
    'project_task:* modules/projects/project.state.ts',
    'project_task:finish modules/projects/project.state.ts',
    'project:finish modules/projects/project.state.ts',
    'order:serviceComplete modules/orders/order.state.ts',
    'order:serviceComplete modules/orders/order.state.ts',
    'order:applyEndService modules/orders/order.state.ts',
    'order:applyEndService modules/orders/order.state.ts',
    'order:receipt modules/orders/order.state.ts',
    'order:receipt modules/orders/order.state.ts',
    'order:acceptance modules/orders/order.state.ts',
    'order:dispatch modules/orders/order.state.ts',
    'order:accept modules/orders/order.state.ts',
    'order:grab modules/orders/order.state.ts',
    'order:keepDate modules/orders/order.state.ts',
    'order:workerBespokeDate modules/orders/order.state.ts',
    'order:startService modules/orders/order.state.ts',
    'order:collect modules/orders/order.state.ts',
    'order:reconcile modules/orders/order.state.ts',
    'repair_order:* modules/visits/tasks.job.ts',
  ],
  orderCreated: [
    'modules/orders/approval.notice.ts',
    'modules/automation/automation.engine.ts',
    'modules/notices/assignment.notice.ts',
    'modules/dispatch/dispatch.hooks.ts',
    'modules/pool/pool.routes.ts',
    'modules/process/process.routes.ts',
    'modules/sla/sla.install.ts',
  ],
  processResolver: ['modules/process/process.routes.ts'],
  approvalEnd: [
    'order_create modules/orders/examine.flow.ts',
    'order_complete modules/orders/examine.flow.ts',
    'order_receipt modules/orders/examine.flow.ts',
    'order_collection modules/orders/examine.flow.ts',
    'spare_doc modules/spares/docs.service.ts',
    'project_create modules/projects/approval.service.ts',
    'project_finish modules/projects/approval.service.ts',
    'project_task modules/projects/approval.service.ts',
    'settlement modules/settle/settle.service.ts',
    'fee_claim modules/settle/claims.service.ts',
    'reward modules/settle/rewards.service.ts',
    'warranty_extension modules/commerce/warranty.service.ts',
    'quotation_discount modules/commerce/quotation.service.ts',
    'exchange_order modules/quality/exchange.service.ts',
    'repair_complete modules/quality/repair.service.ts',
  ],
  jobs: [
    'export.run platform/exports.ts',
    'reports.flushSummary modules/reports/summary.ts',
    'orders.foldStateCounts modules/orders/state-counts.ts',
    'planning.sms modules/planning/planning.wiring.ts',
    'subscribe.digest modules/subscriptions/digest.ts',
    'subscribe.digest.tick modules/subscriptions/digest.ts',
    'contracts.dates modules/customers/contracts.dates.ts',
    'automation.deliver modules/automation/automation.deliver.ts',
    'automation.sms modules/automation/automation.actions.ts',
    'automation.trigger modules/automation/automation.engine.ts',
    'automation.timer modules/automation/automation.engine.ts',
    'goods.pay.refund modules/spares/goods.pay.ts',
    'goods.pay.query modules/spares/goods.pay.ts',
    'project.taskRemind modules/projects/remind.job.ts',
    'sla.recompute modules/sla/sla.recompute.ts',
    'commerce.expiry modules/commerce/commerce.jobs.ts',
    'calls.endStale modules/calls/calls.stale.ts',
    'channels.workmsg.send modules/channels/workmsg.ts',
    'geo.refine modules/geo/geo.routes.ts',
    'geo.backfill modules/geo/geo.routes.ts',
    'pool.unclaimed modules/pool/pool.routes.ts',
    'pool.offer modules/pool/pool.routes.ts',
    'sla.sweep modules/sla/sla.install.ts',
    'visits.sweep modules/visits/tasks.job.ts',
    'cycle.generate modules/cycle/generate.ts',
    'settle.penaltyRules modules/settle/rewards.rules.ts',
  ],
  schedules: [
    'daily contracts.dates modules/customers/contracts.dates.ts',
    'daily commerce.expiry modules/commerce/commerce.jobs.ts',
    'daily cycle.generate modules/cycle/generate.ts',
    'sweep reports.flushSummary modules/reports/summary.ts',
    'sweep orders.foldStateCounts modules/orders/state-counts.ts',
    'sweep subscribe.digest.tick modules/subscriptions/digest.ts',
    'sweep goods.pay.query modules/spares/goods.pay.ts',
    'sweep project.taskRemind modules/projects/remind.job.ts',
    'sweep calls.endStale modules/calls/calls.stale.ts',
    'sweep channels.workmsg.send modules/channels/workmsg.ts',
    'sweep geo.backfill modules/geo/geo.routes.ts',
    'sweep sla.sweep modules/sla/sla.install.ts',
    'sweep visits.sweep modules/visits/tasks.job.ts',
    'sweep settle.penaltyRules modules/settle/rewards.rules.ts',
  ],
  backgrounds: ['jobs platform/jobs.ts', 'contracts.dates.startup modules/customers/contracts.dates.ts'],
  badges: [
    '/v2/order/getAllAcceptanceCount modules/orders/counts.routes.ts',
    '/order/unDeliverOrderListCount modules/dispatch/dispatch.routes.ts',
    '/v2/order/getAbnormalOrderCount modules/orders/counts.routes.ts',
    '/v2/order/getOrderListCount modules/orders/counts.routes.ts',
    '/v2/order/examineOrderCount modules/orders/counts.routes.ts',
    '/v2/event/getUnDeliverEventListCount modules/events/events.badges.ts',
    '/v2/event/getPrincipalEventListCount modules/events/events.badges.ts',
    '/v2/event/getShelterEventListCount modules/events/events.badges.ts',
    '/spare/data/personalApprovalList modules/spares/spares.routes.ts',
    '/project/examineCount modules/projects/projects.routes.ts',
    '/project/myTaskCount modules/projects/projects.routes.ts',
    '/approvalProcess/todoCount modules/approvals/approvals.routes.ts',
    '/v2/order/getAllVisitCount modules/visits/visits.routes.ts',
    '/call/callback/count modules/calls/calls.routes.ts',
    // Added with finance's to-dos (docs/settlement.md, Badges).
    '/settleAccounts/todoCount modules/settle/settle.badges.ts',
    '/transportation/fee/approval/todoCount modules/settle/settle.badges.ts',
    '/CostCheck/todoCount modules/settle/settle.badges.ts',
    '/rewards/todoCount modules/settle/settle.badges.ts',
    '/customerComplaint/todoCount modules/quality/quality.badges.ts',
    '/repairOrder/todoCount modules/quality/quality.badges.ts',
    '/exchangeOrder/todoCount modules/quality/quality.badges.ts',
    '/spare/warning/todoCount modules/spares/spares.routes.ts',
    '/old/part/todoCount modules/spares/spares.routes.ts',
    '/quotation/todoCount modules/commerce/quotation.badge.ts',
    '/contract/maintain/todoCount modules/customers/contracts.badge.ts',
  ],
  poolBadge: ['modules/pool/pool.routes.ts'],
  menuGrants: ['projects modules/projects/projects.routes.ts'],
  tagTargets: ['4 modules/customers/customers.hooks.ts'],
  exports: [
    'user modules/files/user-export.ts',
    'customers modules/customers/export.ts',
    'order modules/orders/export.ts',
    'events modules/events/export.ts',
    'projects modules/projects/export.ts',
    'project_products modules/projects/export.ts',
    'settlement modules/settle/settle.export.ts',
    'operateReport modules/reports/reports.export.ts',
  ],
  handoverSteps: [
    'serviceGroupLeader modules/org/handover.ts',
    'serviceGroupMember modules/org/handover.ts',
    'customerBusinessUser modules/customers/customers.hooks.ts',
    'customerPermission modules/customers/customers.hooks.ts',
  ],
  productHistory: ['modules/orders/list.history.ts', 'modules/events/history.ts', 'modules/spares/parts.service.ts', 'modules/spares/parts.service.ts'],
  provisionSteps: [
    'tags.defaults modules/tags/tags.routes.ts',
    'org.defaults modules/org/org.provision.ts',
    'dict.defaults modules/settings/settings.routes.ts',
    'forms.templates modules/forms/forms.routes.ts',
  ],
  linkTargets: [
    'user modules/forms/ext.service.ts',
    'customer modules/customers/customers.hooks.ts',
    'customerProduct modules/customers/customers.hooks.ts',
    'saleContract modules/customers/customers.hooks.ts',
    'maintenanceContract modules/customers/customers.hooks.ts',
  ],
  // A module's own signals (defineSignal), each subscribed from the reacting module's wiring (issue 62: the calls and
  // visits reactions were direct calls into the other module before).
  signals: [
    'contract renewal due: notices.contract-renewal modules/notices/renewal.notice.ts',
    'event created: calls.link-event modules/calls/calls.wiring.ts',
    'order from call: calls.link-order modules/calls/calls.wiring.ts',
    'visit failed: quality.complaint-from-visit modules/quality/quality.wiring.ts',
  ],
};

/**
 * Registries looked up by key (a job kind, an approval kind, a badge path …) do not depend on the order their keys were
 * added in, only on which subscriber holds each key: compared sorted. State hooks are compared per key, in their order
 * (a key's hooks run in that order). The rest run in list order and are compared as they are.
 */
const BY_KEY = ['approvalEnd', 'jobs', 'schedules', 'badges', 'tagTargets', 'exports', 'linkTargets', 'menuGrants', 'signals'];
function comparable(s: Record<string, string[]>): Record<string, string[]> {
  // Registries are process-wide and the test runner reuses a worker across files: what another test file registered
  // for itself (its site a .test.ts) is not the app's wiring.
  const own = Object.fromEntries(Object.entries(s).map(([k, lines]) => [k, lines.filter((l) => !/\.test\.ts\b/.test(l))]));
  const out = { ...own };
  for (const k of BY_KEY) out[k] = [...(own[k] ?? [])].sort();
  const key = (line: string) => line.slice(0, line.indexOf(' '));
  out.stateHooks = [...(own.stateHooks ?? [])].sort((a, b) => key(a).localeCompare(key(b)));
  return out;
}

describe('wiring', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives every registry the subscribers it had, in the same order', () => {
    expect(comparable(wiringSnapshot())).toEqual(comparable(BEFORE));
  });

  it('gives the same lists when a second app is built in the process (the wiring replaces, it does not add)', async () => {
    const first = wiringSnapshot();
    const second = await createTestApp();
    try {
      expect(wiringSnapshot()).toEqual(first);
      wireApp();
      expect(wiringSnapshot()).toEqual(first);
    } finally {
      await second.close();
    }
  });

  it('leaves no subscriber to an import side effect or a once-per-process flag', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const found: string[] = [];
    for (const f of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!f.endsWith('.ts') || f.endsWith('.test.ts') || f.startsWith('test/')) continue;
      const text = readFileSync(path.join(src, f), 'utf8');
      for (const line of text.split('\n')) {
        if (/^import '\.{1,2}\//.test(line) || /^let (installed|registered) = /.test(line)) found.push(`${f}: ${line}`);
      }
    }
    expect(found).toEqual([]);
  });
});
