import { z } from 'zod';
import { endpoint } from '../common/contract';

/**
 * Badge-count paths of the shell. The menu module owns these routes; the area that
 * implements the real count plugs a function into the server's badge registry instead of registering the path again.
 */
export const BADGE_COUNT_PATHS = [
  '/v2/order/getAllAcceptanceCount',
  '/order/unDeliverOrderListCount',
  '/v2/order/getAbnormalOrderCount',
  '/v2/order/getAllVisitCount',
  '/v2/order/getOrderListCount',
  '/v2/order/examineOrderCount',
  '/v2/event/getUnDeliverEventListCount',
  '/v2/event/getPrincipalEventListCount',
  // Not in the spec's list: the events pool (待认领事件) for those who claim from it (docs/decisions.md, Events).
  '/v2/event/getShelterEventListCount',
  '/spare/data/personalApprovalList',
  '/approvalProcess/todoCount',
  // Not in the spec's list: project approvals waiting for the viewer (kind=project|task) and his open tasks (docs/decisions.md, Projects).
  '/project/examineCount',
  '/project/myTaskCount',
  // Not in the spec's list: the caller's call-back tasks of missed calls (docs/calls.md).
  '/call/callback/count',
  // Not in the spec's list: what waits for the finance side (or a provider's user) in the settle area (docs/settlement.md, Badges).
  '/settleAccounts/todoCount',
  '/transportation/fee/approval/todoCount',
  '/CostCheck/todoCount',
  '/rewards/todoCount',
  // Not in the spec's list: the complaints waiting for the caller, the repair-sent units to receive and repair, the
  // exchange/return orders an administrator decides (docs/quality.md, Badges).
  '/customerComplaint/todoCount',
  '/repairOrder/todoCount',
  '/exchangeOrder/todoCount',
  // Not in the spec's list: the warehouse's 库存预警 and 旧件返还 (docs/decisions.md, Spares).
  '/spare/warning/todoCount',
  '/old/part/todoCount',
  // Not in the spec's list: accepted quotations waiting for 转工单 (docs/commerce.md, Badge).
  '/quotation/todoCount',
  // Not in the spec's list: maintenance contracts in force that end within RENEWAL_DAYS, to renew (docs/decisions.md).
  '/contract/maintain/todoCount',
] as const;
export type BadgeCountPath = (typeof BADGE_COUNT_PATHS)[number];

/** Filters pass through untouched: each area validates its own. */
const anyQuery = z.looseObject({});

const countEndpoint = <P extends BadgeCountPath>(path: P) => endpoint({ method: 'GET', path, query: anyQuery, response: z.number() });

export const todoItemSchema = z.object({ routerName: z.string(), name: z.string(), path: z.string(), badge: z.string(), count: z.number() });

export const badgeCountContract = {
  acceptanceCount: countEndpoint('/v2/order/getAllAcceptanceCount'),
  unDeliverOrderCount: countEndpoint('/order/unDeliverOrderListCount'),
  abnormalOrderCount: countEndpoint('/v2/order/getAbnormalOrderCount'),
  visitCount: countEndpoint('/v2/order/getAllVisitCount'),
  orderListCount: countEndpoint('/v2/order/getOrderListCount'),
  examineOrderCount: countEndpoint('/v2/order/examineOrderCount'),
  unDeliverEventCount: countEndpoint('/v2/event/getUnDeliverEventListCount'),
  principalEventCount: countEndpoint('/v2/event/getPrincipalEventListCount'),
  shelterEventCount: countEndpoint('/v2/event/getShelterEventListCount'),
  personalApprovalCount: countEndpoint('/spare/data/personalApprovalList'),
  /** Approvals waiting for the caller's decision (his own tasks and those he holds as a delegate). */
  approvalTodoCount: countEndpoint('/approvalProcess/todoCount'),
  projectExamineCount: countEndpoint('/project/examineCount'),
  myProjectTaskCount: countEndpoint('/project/myTaskCount'),
  callbackCount: countEndpoint('/call/callback/count'),
  settleTodoCount: countEndpoint('/settleAccounts/todoCount'),
  claimTodoCount: countEndpoint('/transportation/fee/approval/todoCount'),
  costCheckTodoCount: countEndpoint('/CostCheck/todoCount'),
  rewardTodoCount: countEndpoint('/rewards/todoCount'),
  complaintTodoCount: countEndpoint('/customerComplaint/todoCount'),
  repairTodoCount: countEndpoint('/repairOrder/todoCount'),
  exchangeTodoCount: countEndpoint('/exchangeOrder/todoCount'),
  spareWarningCount: countEndpoint('/spare/warning/todoCount'),
  oldPartTodoCount: countEndpoint('/old/part/todoCount'),
  quotationTodoCount: countEndpoint('/quotation/todoCount'),
  renewalTodoCount: countEndpoint('/contract/maintain/todoCount'),
  /** Every badge of the user's menu at once: routerName → count (free plan: {}). */
  mobileCount: endpoint({ method: 'GET', path: '/v2/menu/mobile/getCount', response: z.record(z.string(), z.number()) }),
  /** The user's menu entries with a count above zero, for the to-do panel. */
  waitToDoList: endpoint({ method: 'GET', path: '/waitToDoList', response: z.array(todoItemSchema) }),
};
