import { z } from 'zod';
import { endpoint } from '../common/contract';
import { calendarDayText } from '../common/dates';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalId, optionalText } from '../customers/fields';

/**
 * The provider's console and the manufacturer's view of provider orders (docs/settlement.md, "Provider orders"):
 * 服务单 (/serviceOrder: the orders given to a provider, as his users see them), 工单管理 (/order/management: every
 * provider order with its settlement state), 平台结算 (/ServiceGroup/list) and the scorecard of 服务商管理.
 */

export const SERVICE_ORDER_POWER = 'menu_ServiceOrder';
export const ORDER_MANAGEMENT_POWER = 'menu_OrderManagement';
export const PLATFORM_SETTLE_POWER = 'menu_ServiceGroupList';
export const PROVIDER_MANAGEMENT_POWER = 'menu_ServiceProviderManagement';

/** Where a provider order stands in the money loop. */
export const PROVIDER_SETTLE_STATES = { 0: '未计价', 1: '已计价', 2: '结算中', 3: '已付款' } as const;
export type ProviderSettleState = keyof typeof PROVIDER_SETTLE_STATES;
export const PROVIDER_SETTLE_COLORS: Record<ProviderSettleState, string> = { 0: 'default', 1: 'blue', 2: 'processing', 3: 'success' };

/** The SLA of an order at a glance: 0 no clock, 1 running, 2 every clock met, 3 a clock breached. */
export const SLA_GLANCE = { 0: '无', 1: '计时中', 2: '按时', 3: '已超时' } as const;
export type SlaGlance = keyof typeof SLA_GLANCE;

/** 服务单 tabs: the provider's working states. */
export const SERVICE_ORDER_TABS = { all: '全部', open: '进行中', done: '已完成' } as const;
export type ServiceOrderTab = keyof typeof SERVICE_ORDER_TABS;

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
const day = (label: string) => L(calendarDayText(`${label}格式不正确`).optional(), label);
const settleStateQ = L(coerceInt('smallint').min(0, '结算状态不正确').max(3, '结算状态不正确').optional(), '结算状态');

export const providerOrderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  customName: z.string().nullable(),
  providerId: z.number(),
  providerName: z.string(),
  serviceUserName: z.string().nullable(),
  create_time: z.string(),
  finish_time: z.string().nullable(),
  /** The SLA at a glance and the nearest running deadline. */
  slaState: z.number(),
  slaDeadline: z.string().nullable(),
  /** Old parts the order still owes (old_part_returns to ship). */
  partsToReturn: z.number(),
  /** The priced fee (null: not priced yet). */
  feeCents: z.number().nullable(),
  settleState: z.number(),
  settlementId: z.number().nullable(),
  settleNo: z.string().nullable(),
});
export type ProviderOrderRow = z.infer<typeof providerOrderRow>;

export const platformSettleRow = z.object({
  /** `${settlementId}-${serviceGroupId ?? 0}`: one statement's orders served by one service group. */
  key: z.string(),
  settlementId: z.number(),
  settleNo: z.string(),
  providerId: z.number(),
  providerName: z.string(),
  partnerType: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  state: z.number(),
  serviceGroupId: z.number().nullable(),
  serviceGroupName: z.string().nullable(),
  orderCount: z.number(),
  amountCents: z.number(),
  /** The whole statement's total (every group, claims, rewards and penalties). */
  totalCents: z.number(),
});
export type PlatformSettleRow = z.infer<typeof platformSettleRow>;

export const scorecardRow = z.object({
  providerId: z.number(),
  providerName: z.string(),
  partnerType: z.number(),
  enabled: z.boolean(),
  /** Orders given to the provider in the period (created). */
  received: z.number(),
  /** Orders the provider completed in the period: the base of the rates below. */
  completed: z.number(),
  /** Completed orders with an SLA clock, and those whose every clock was met. */
  slaOrders: z.number(),
  onTime: z.number(),
  /** Completed orders not followed by a repeat order for the same customer and product within 30 days. */
  firstTimeFixed: z.number(),
  /** Return visits done on the completed orders, and those passed. */
  visited: z.number(),
  visitPassed: z.number(),
  complaints: z.number(),
  /** Penalties approved in the period, in cents (奖惩管理). */
  penaltyCents: z.number().nullable(),
  /** Rates in per mille (null when their base is 0). */
  onTimeRate: z.number().nullable(),
  firstTimeFixRate: z.number().nullable(),
  visitPassRate: z.number().nullable(),
});
export type ScorecardRow = z.infer<typeof scorecardRow>;

export const providerConsoleContract = {
  /** 服务单: the viewer's provider orders (a provider's user: his provider's only). */
  serviceOrders: endpoint({
    method: 'GET',
    path: '/serviceOrder/list',
    power: SERVICE_ORDER_POWER,
    query: pageQuery.extend({
      tab: L(z.enum(['all', 'open', 'done'], { error: '列表类型不正确' }).default('all'), '列表类型'),
      keyword: optionalText('关键字', 50),
    }),
    response: listOf(providerOrderRow),
  }),
  /** 工单管理: every provider order of the enterprise with its settlement state (the manufacturer's staff). */
  management: endpoint({
    method: 'GET',
    path: '/order/management/list',
    power: ORDER_MANAGEMENT_POWER,
    query: pageQuery
      .extend({
        providerId: optionalId('服务商'),
        /** Completion day range (the settlement period). */
        startDay: day('完成开始日期'),
        endDay: day('完成结束日期'),
        settleState: settleStateQ,
        keyword: optionalText('关键字', 50),
      })
      .refine((q) => !q.startDay || !q.endDay || q.endDay >= q.startDay, { message: '完成结束日期不能早于开始日期', path: ['endDay'] }),
    response: listOf(providerOrderRow),
  }),
  /** 平台结算: statements of platform partners (types 3, 4), one row per statement and service group. */
  platform: endpoint({
    method: 'GET',
    path: '/ServiceGroup/settleList',
    power: PLATFORM_SETTLE_POWER,
    query: pageQuery.extend({
      providerId: optionalId('服务平台'),
      serviceGroupId: optionalId('服务团队'),
      state: L(coerceInt('smallint').min(1, '状态不正确').max(6, '状态不正确').optional(), '状态'),
      /** 结算单号 (prefix) or the platform's name. */
      keyword: optionalText('关键字', 50),
    }),
    response: listOf(platformSettleRow),
  }),
  /** The scorecard of each provider over a period (days in the enterprise's zone; default this month). */
  scorecard: endpoint({
    method: 'GET',
    path: '/service/provider/scorecard',
    power: PROVIDER_MANAGEMENT_POWER,
    query: pageQuery
      .extend({ providerId: optionalId('服务商'), startDay: day('开始日期'), endDay: day('结束日期'), keyword: optionalText('服务商名称', 50) })
      .refine((q) => !q.startDay || !q.endDay || q.endDay >= q.startDay, { message: '结束日期不能早于开始日期', path: ['endDay'] }),
    response: listOf(scorecardRow).extend({ startDay: z.string(), endDay: z.string() }),
  }),
};
