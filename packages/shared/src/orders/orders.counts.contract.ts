import { z } from 'zod';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { optionalId, timeFilter } from '../customers/fields';

/**
 * Order statistics: counts by state for the home page, and orders by type for a customer or an
 * installed product. The shell's badge counts are the menu module's paths (badge.contract.ts); orders plug in.
 */

/** GET /v2/report/statusStatistics: a creation range in the enterprise's time zone; absent ends are open. */
export const statusStatisticsQuery = z.object({
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
});

export const stateCountSchema = z.object({ state: z.number(), name: z.string(), count: z.number() });

export const statusStatisticsSchema = z.object({
  /** Orders the user can see (not in the recycle bin), invalid ones included. */
  total: z.number(),
  /** One row per state 0–7, in order; state 0 leaves out invalid orders. */
  states: z.array(stateCountSchema),
  invalid: z.number(),
  /** Open orders with a pending change request, and open orders past their due time. */
  abnormal: z.number(),
  overdue: z.number(),
});
export type StatusStatistics = z.infer<typeof statusStatisticsSchema>;

/** serviceTypeList / serviceTypeCount: orders of one customer or one installed product (both optional). */
export const serviceTypeQuery = z.object({
  customerId: optionalId('客户'),
  productId: optionalId('产品'),
});

export const serviceTypeRowSchema = z.object({ id: z.number(), name: z.string(), count: z.number() });

const code = (label: string, min: number, max: number) =>
  L(
    z.coerce
      .number({ error: `${label}不正确` })
      .int(`${label}不正确`)
      .min(min, `${label}不正确`)
      .max(max, `${label}不正确`)
      .optional(),
    label,
  );

/**
 * GET /v2/order/getOrderListCount without a badge parameter: the AllOrder filters this count supports.
 * Any other filter is refused rather than silently ignored (a count that ignores a filter would be wrong).
 */
export const orderListCountQuery = z.object({
  /** Comma-joined states 0–7. */
  states: L(
    z
      .string()
      .regex(/^[0-7](,[0-7])*$/, '工单状态不正确')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .optional(),
    '工单状态',
  ),
  orderType: optionalId('工单类型'),
  customerId: optionalId('客户'),
  servicePersonalId: optionalId('服务人员'),
  serviceGroupId: optionalId('服务团队'),
  priority: code('优先级', 1, 3),
  placeState: code('归档状态', 0, 1),
  examineType: code('审核类型', 1, 4),
  examineResult: code('审核结果', 0, 2),
  /** 1: open and past the due time. */
  orderExceed: code('超时', 0, 1),
});
export type OrderListCountQuery = z.infer<typeof orderListCountQuery>;
/** Parameters a count call may carry that are not filters (paging, cache busting). */
export const COUNT_IGNORED_PARAMS = ['pageIndex', 'pageSize', 'timestamp', '_', 'sortType'] as const;

export const orderCountsContract = {
  statusStatistics: endpoint({
    method: 'GET',
    path: '/v2/report/statusStatistics',
    plan: 'reports',
    query: statusStatisticsQuery,
    response: statusStatisticsSchema,
  }),
  /** Order types (order-kind templates) with the number of the user's orders of each, most used first. */
  serviceTypeList: endpoint({ method: 'GET', path: '/v2/order/serviceTypeList', query: serviceTypeQuery, response: z.array(serviceTypeRowSchema) }),
  /** The number of the user's orders with the same filters. */
  serviceTypeCount: endpoint({ method: 'GET', path: '/v2/order/serviceTypeCount', query: serviceTypeQuery, response: z.number() }),
};
