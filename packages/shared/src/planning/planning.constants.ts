/**
 * The dispatch assistant (issue 63, docs/planning.md): graded candidates for an order, an engineer's day in travel
 * order, and a day planned as a draft the dispatcher accepts in whole or in part.
 */

/** Suggesting and booking are the dispatch desk's work; the weights are the 派单规则 page's. */
export const PLANNING_POWERS = { assign: 'menu_AssignOrder', rules: 'menu_OrderingRule' } as const;

/** Where a draft's orders come from. */
export const DRAFT_SOURCES = { unassigned: 1, pool: 2, selection: 3 } as const;
export const DRAFT_SOURCE_LABELS: Record<number, string> = { 1: '待派单工单', 2: '工单池', 3: '选中的工单' };

/**
 * 人员状态 tags (tags code 1, the engineer's own 工作状态) that mean he is away: the default tag 休假, or 请假 where an
 * enterprise named it so. While his status is one of them he is excluded from every plan (docs/planning.md).
 */
export const LEAVE_STATUS_TAGS: readonly string[] = ['休假', '请假'];

/** A draft's proposal: 1 建议 → accept 2 已接受 (booked) / remove 3 已移除. */
export const PROPOSAL_STATE = { proposed: 1, accepted: 2, removed: 3 } as const;
export const PROPOSAL_STATE_LABELS: Record<number, string> = { 1: '建议', 2: '已接受', 3: '已移除' };

/** At most this many orders and engineers in one draft. */
export const DRAFT_MAX_ORDERS = 300;
export const DRAFT_MAX_ENGINEERS = 60;
/** The search's time for a draft (construction always completes). */
export const DRAFT_TIME_LIMIT_MS = 3000;

/**
 * The settings the assistant reads (系统设置 › 派单, also on the 派单规则 page). Weights are points per unit of cost; a
 * candidate's score is 100 less its points, never below 0.
 */
export const PLANNING_SETTINGS = {
  travel: 'plan_weight_travel',
  load: 'plan_weight_load',
  sla: 'plan_weight_sla',
  skill: 'plan_weight_skill',
  ownFirst: 'plan_own_first',
  speed: 'plan_speed_kmh',
  notifyCustomers: 'plan_notify_customers',
} as const;

/** Straight-line distance × this is the estimated road distance (without a routing service). */
export const ROAD_FACTOR = 1.3;

/** The weights as the solver and the scoring read them. */
export interface PlanningWeights {
  /** Points per 10 minutes of travel. */
  travel: number;
  /** Points per visit already booked that day. */
  load: number;
  /** Points per 30 minutes past the SLA's due (and once for a miss). */
  sla: number;
  /** Points added for an engineer whose skills name the order's product category or required skills. */
  skill: number;
  /** Providers' engineers after the enterprise's own (20 points). */
  ownFirst: boolean;
}

/** Points a provider's engineer loses when own staff come first. */
export const PROVIDER_POINTS = 20;

/** '18 km / 40 分钟' */
export const travelText = (km: number, minutes: number): string => `${km.toFixed(1)} km / ${Math.round(minutes)} 分钟`;
