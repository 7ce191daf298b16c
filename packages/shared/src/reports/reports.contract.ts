import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { optionalId, timeFilter } from '../customers/fields';
import { ORDER_SOURCES } from '../orders/order.create.contract';
import { POWERS } from '../auth/powers';
import { REPORT_AXES, REPORT_DIMENSIONS, REPORT_IDS, type ReportAxis, type ReportDimension } from './reports.catalogue';

/** 运营报表 (docs/reports.md): the catalogue, a report's answer, saved queries, export (page views go to /operlog/point). */

const axisKeys = Object.keys(REPORT_AXES) as [ReportAxis, ...ReportAxis[]];
const dimKeys = Object.keys(REPORT_DIMENSIONS) as [ReportDimension, ...ReportDimension[]];
const pick = <T extends string>(keys: [T, ...T[]], label: string) => L(z.enum(keys, { error: `${label}不正确` }), label);
const smallCode = (label: string, max: number) =>
  L(
    z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce
        .number({ error: `${label}不正确` })
        .int(`${label}不正确`)
        .min(1, `${label}不正确`)
        .max(max, `${label}不正确`)
        .optional(),
    ),
    label,
  );

/** A report's parameters: which report, the period on which date axis, the rows' dimension, the filters. */
export const reportParams = z.object({
  reportId: pick(REPORT_IDS, '报表'),
  axis: pick(axisKeys, '日期轴'),
  dimension: pick(dimKeys, '维度'),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  orderType: optionalId('工单类型'),
  serviceGroupId: optionalId('服务团队'),
  servicePersonalId: optionalId('服务人员'),
  priority: smallCode('优先级', 3),
  /** Any of ORDER_SOURCES, 客户门户报修 (3) included. */
  source: smallCode('工单来源', Math.max(...Object.keys(ORDER_SOURCES).map(Number))),
});
export type ReportParams = z.infer<typeof reportParams>;

export const reportMeasureSchema = z.object({
  key: z.string(),
  label: z.string(),
  unit: z.enum(['count', 'percent', 'money', 'number']),
  drillable: z.boolean(),
});
export const reportDefSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  axes: z.array(z.object({ key: z.string(), label: z.string() })),
  dimensions: z.array(z.object({ key: z.string(), label: z.string() })),
  measures: z.array(reportMeasureSchema),
});
export type ReportDefView = z.infer<typeof reportDefSchema>;

export const opReportRowSchema = z.object({
  /** The dimension's value (an id, a code or a date), null for "none". */
  key: z.string().nullable(),
  name: z.string(),
  values: z.record(z.string(), z.number().nullable()),
  /** The /allOrder query of each drillable figure of the row (its total equals the figure); absent where the list cannot say it. */
  drill: z.record(z.string(), z.record(z.string(), z.string())),
});
export type OpReportRow = z.infer<typeof opReportRowSchema>;
export const reportResultSchema = z.object({
  reportId: z.string(),
  name: z.string(),
  axis: z.string(),
  dimension: z.string(),
  measures: z.array(reportMeasureSchema),
  rows: z.array(opReportRowSchema),
  total: opReportRowSchema,
});
export type ReportResult = z.infer<typeof reportResultSchema>;

const queryName = L(z.string({ error: '请输入查询名称' }).trim().min(1, '请输入查询名称').max(50, '查询名称不能超过50个字'), '查询名称');
const flag = (label: string) => L(z.boolean({ error: `${label}不正确` }).optional(), label);
export const savedQueryBody = z.object({ name: queryName, params: L(reportParams, '报表条件'), shared: flag('共享'), inDigest: flag('加入日报') });
const queryId = L(coerceInt('bigint', '查询不存在').positive('查询不存在'), '查询');

export const savedQuerySchema = z.object({
  id: z.number(),
  name: z.string(),
  params: reportParams,
  shared: z.boolean(),
  inDigest: z.boolean(),
  mine: z.boolean(),
  ownerName: z.string(),
  updatedAt: z.string(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

export const REPORT_POWER = POWERS.chart;

export const reportsContract = {
  catalogue: endpoint({ method: 'GET', path: '/operate/report/catalogue', power: REPORT_POWER, plan: 'reports', response: z.array(reportDefSchema) }),
  /** One report for a period, axis, dimension and filters: chart and table rows, each figure with its list query. */
  run: endpoint({ method: 'GET', path: '/operate/report/run', power: REPORT_POWER, plan: 'reports', query: reportParams, response: reportResultSchema }),
  queries: endpoint({
    method: 'GET',
    path: '/operate/report/queries',
    power: REPORT_POWER,
    plan: 'reports',
    query: pageQuery,
    response: z.object({ list: z.array(savedQuerySchema), count: z.number() }),
  }),
  queryCreate: endpoint({
    method: 'POST',
    path: '/operate/report/query',
    power: REPORT_POWER,
    plan: 'reports',
    body: savedQueryBody,
    response: z.object({ id: z.number() }),
  }),
  queryUpdate: endpoint({
    method: 'PUT',
    path: '/operate/report/query',
    power: REPORT_POWER,
    plan: 'reports',
    body: savedQueryBody.partial().extend({ id: queryId }),
    response: z.null(),
  }),
  queryDelete: endpoint({
    method: 'DELETE',
    path: '/operate/report/query',
    power: REPORT_POWER,
    plan: 'reports',
    body: z.object({ id: queryId }),
    response: z.null(),
  }),
  /** The report's table to Excel through the download centre. */
  export: endpoint({
    method: 'POST',
    path: '/operate/report/export',
    power: REPORT_POWER,
    plan: 'reports',
    body: reportParams.extend({ fileName: L(z.string().trim().max(50, '文件名不能超过50个字').optional(), '文件名') }),
    response: z.object({ id: z.number(), name: z.string() }),
  }),
};
