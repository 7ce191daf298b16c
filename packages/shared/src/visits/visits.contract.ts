import { z } from 'zod';
import { endpoint } from '../common/contract';
import { extFieldSchema } from '../forms/forms.schema';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogEntrySchema } from '../common/state-log';
import { L } from '../common/zod';
import { optionalId, optionalIds, optionalText, requiredId, requiredText, timeFilter } from '../customers/fields';
import { requiredDate } from '../customers/fields';
import { BUILT_VISIT_TYPES, VISIT_DIMENSION_LIST, VISIT_REPORT_BY, VISIT_TYPE_NOT_BUILT, VISIT_TYPES } from './visits.constants';

/** Powers: the menu entries of the call-centre group. */
export const VISIT_POWERS = {
  plan: 'menu_ReturnVisitPlan',
  mine: 'menu_ReturnVisitOrder',
  all: 'menu_ReturnVisitTask',
  report: 'menu_ReturnVisitReport',
} as const;

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
const intIn = (label: string, min: number, max: number) =>
  L(coerceInt('integer', `${label}不正确`).min(min, `${label}不能小于${min}`).max(max, `${label}不能大于${max}`), label);
const score = L(coerceInt('smallint', '评分应为1至5分').min(1, '评分应为1至5分').max(5, '评分应为1至5分'), '评分');
const version = L(coerceInt('integer').min(0).optional(), '版本');

// ---- plans ----

export const rvPlanBody = z.object({
  name: requiredText('计划名称', 50),
  visitType: L(
    coerceInt('smallint')
      .refine((n) => n in VISIT_TYPES, '回访类型只能是1（工单）、6（事件）、53（寄修）或201（服务单）')
      .refine((n) => !(n in VISIT_TYPES) || (BUILT_VISIT_TYPES as readonly number[]).includes(n), VISIT_TYPE_NOT_BUILT),
    '回访类型',
  ).default(1),
  /** Order types (order-kind templates) or event templates (type 6) the plan covers; empty: every type. */
  templateIds: L(
    optionalIds('工单类型', 100).transform((v) => v ?? []),
    '工单类型',
  ),
  /** Minutes after completion before the task is made (0: at once). */
  delayMinutes: intIn('完成后延迟（分钟）', 0, 60 * 24 * 90),
  samplePercent: intIn('抽样比例', 1, 100),
  /** Days: a customer visited within them is not visited again (0: no limit). */
  minIntervalDays: intIn('同一客户最小间隔（天）', 0, 365),
  dimensions: L(
    z
      .array(coerceInt('smallint').refine((n) => (VISIT_DIMENSION_LIST as readonly number[]).includes(n), '评价维度只能是0至3'))
      .max(4)
      .default([0, 1, 2, 3])
      .transform((v) => [...new Set(v)].sort()),
    '评价维度',
  ),
  /** The return-visit form (a template of the return-visit form kind) whose custom fields the visit fills. */
  formTemplateId: optionalId('回访表单'),
  visitorMode: L(z.union([z.literal(1), z.literal(2)], { error: '分配方式只能是1（轮流分配）或2（回访池）' }), '分配方式'),
  visitorIds: L(
    optionalIds('回访客服', 50).transform((v) => v ?? []),
    '回访客服',
  ),
  enabled: L(z.boolean().default(true), '启用'),
});
export type VisitPlanBody = z.infer<typeof rvPlanBody>;

export const rvPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  visitType: z.number(),
  templateIds: z.array(z.number()),
  templateNames: z.array(z.string()),
  delayMinutes: z.number(),
  samplePercent: z.number(),
  minIntervalDays: z.number(),
  dimensions: z.array(z.number()),
  formTemplateId: z.number().nullable(),
  visitorMode: z.number(),
  visitorIds: z.array(z.number()),
  visitorNames: z.array(z.string()),
  enabled: z.boolean(),
  taskCount: z.number(),
  create_time: z.string(),
});
export type VisitPlan = z.infer<typeof rvPlanSchema>;

// ---- tasks ----

const stateFilter = L(
  z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), coerceInt('smallint').min(1, '状态只能是1至5').max(5, '状态只能是1至5').optional()),
  '回访状态',
);
export const rvTaskQuery = z.object({
  orderNo: optionalText('工单编号', 50),
  orderTitle: optionalText('工单标题', 100),
  customerName: optionalText('客户名称', 100),
  /** A return visitor (role 7). */
  returnVisit: optionalId('回访客服'),
  returnVisitStartTime: timeFilter('回访开始时间'),
  returnVisitEndTime: timeFilter('回访结束时间'),
  state: stateFilter,
  planId: optionalId('回访计划'),
  engineerId: optionalId('服务人员'),
  serviceGroupId: optionalId('服务团队'),
  templateId: optionalId('工单类型'),
  /** The report's "not passed by reason" figure opens the list on one reason. */
  reason: optionalText('不通过原因', 50),
  /** Created from / to (the report's period). */
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  ...pageQuery.shape,
});

export const rvTaskRowSchema = z.object({
  id: z.number(),
  state: z.number(),
  visitType: z.number(),
  planId: z.number(),
  planName: z.string(),
  /** The order of an order visit; null for an event visit (recordId is the event). */
  orderId: z.number().nullable(),
  recordId: z.number(),
  orderNo: z.string(),
  orderTitle: z.string(),
  customerName: z.string(),
  engineerName: z.string().nullable(),
  visitorId: z.number().nullable(),
  visitorName: z.string().nullable(),
  channel: z.number().nullable(),
  nextVisitDate: z.string().nullable(),
  reason: z.string().nullable(),
  returnVisitTime: z.string().nullable(),
  create_time: z.string(),
  version: z.number(),
});
export type VisitTaskRow = z.infer<typeof rvTaskRowSchema>;

export const rvCountsSchema = z.object({ all: z.number(), states: z.record(z.string(), z.number()) });

export const rvTaskDetailSchema = rvTaskRowSchema.extend({
  scores: z.record(z.string(), z.number()),
  comment: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()),
  /** The return-visit form's answers as the form engine presents them (empty without a form or answers). */
  extFields: z.array(extFieldSchema),
  callSeconds: z.number(),
  followUpOrderId: z.number().nullable(),
  followUpOrderNo: z.string().nullable(),
  dimensions: z.array(z.number()),
  formTemplateId: z.number().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  smsSentAt: z.string().nullable(),
  abilities: z.array(z.string()),
  log: z.array(stateLogEntrySchema),
});
export type VisitTaskDetail = z.infer<typeof rvTaskDetailSchema>;

/** The visited record's summary: an order, or an event (type 6: its number, template, principal and close time). */
export const rvOrderSummarySchema = z.object({
  kind: z.enum(['order', 'event', 'repair']),
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  templateName: z.string().nullable(),
  customerName: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  engineerName: z.string().nullable(),
  finishTime: z.string().nullable(),
  detailDesc: z.string().nullable(),
});
export const rvVisitOrderDetailSchema = z.object({
  order: rvOrderSummarySchema,
  history: z.array(z.object({ action: z.string(), note: z.string().nullable(), userName: z.string().nullable(), time: z.string() })),
  product: z.object({ id: z.number(), name: z.string(), serialNo: z.string().nullable(), warrantyEnd: z.string().nullable() }).nullable(),
  /** The customer's earlier visits (newest first, at most 5). */
  earlier: z.array(z.object({ id: z.number(), state: z.number(), orderNo: z.string(), returnVisitTime: z.string().nullable() })),
});

const scoresInput = L(z.object({ 0: score.optional(), 1: score.optional(), 2: score.optional(), 3: score.optional() }).partial().default({}), '评分');
export const rvSubmitBody = z.object({
  taskId: requiredId('回访任务'),
  version,
  /** 3 passed, 5 passed unrated, 2 not passed, 4 next visit. */
  state: L(
    z.union([z.literal(2), z.literal(3), z.literal(4), z.literal(5)], { error: '回访结果只能是2（不通过）、3（通过）、4（下次回访）或5（通过未评价）' }),
    '回访结果',
  ),
  scores: scoresInput,
  /** Not passed: a 不通过原因; next visit: a 下次回访原因 (dictionary item names). */
  reason: optionalText('原因', 50),
  nextVisitDate: L(
    z.preprocess((v) => (v === '' ? undefined : v), requiredDate('下次回访日期').optional()),
    '下次回访日期',
  ),
  comment: optionalText('回访备注', 500),
  /** Seconds the call timer ran. */
  callSeconds: L(coerceInt('integer').min(0).max(86_400).default(0), '通话时长'),
  ext: L(z.record(z.string(), z.unknown()).optional(), '自定义字段'),
});
export type VisitSubmitBody = z.infer<typeof rvSubmitBody>;

export const rvSurveyTokenQuery = z.object({ token: L(z.string().trim().min(1, '链接无效').max(100, '链接无效'), '链接') });
export const rvSurveyBody = z.object({
  token: L(z.string().trim().min(1, '链接无效').max(100, '链接无效'), '链接'),
  scores: scoresInput,
  comment: optionalText('评价内容', 500),
});
export const rvSurveySchema = z.object({
  enterpriseName: z.string(),
  orderNo: z.string(),
  title: z.string(),
  engineerName: z.string().nullable(),
  finishTime: z.string().nullable(),
  dimensions: z.array(z.number()),
  answered: z.boolean(),
});

// ---- report ----

export const rvReportQuery = z.object({
  by: L(z.enum(Object.keys(VISIT_REPORT_BY) as [keyof typeof VISIT_REPORT_BY, ...(keyof typeof VISIT_REPORT_BY)[]]).default('plan'), '统计维度'),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  /** The spec's /returnVisitReport?id&visitType: one plan, one visit type. */
  id: optionalId('回访计划'),
  visitType: L(
    z.preprocess((v) => (v === '' ? undefined : v), coerceInt('smallint').optional()),
    '回访类型',
  ),
});
export const rvReportRowSchema = z.object({
  key: z.number().nullable(),
  name: z.string(),
  tasks: z.number(),
  reached: z.number(),
  passed: z.number(),
  passRate: z.number().nullable(),
  unrated: z.number(),
  notPassed: z.number(),
  waiting: z.number(),
  byReason: z.record(z.string(), z.number()),
  averages: z.record(z.string(), z.number().nullable()),
});
export const rvReportSchema = z.object({ rows: z.array(rvReportRowSchema), total: rvReportRowSchema });
export type VisitReport = z.infer<typeof rvReportSchema>;

export const visitsContract = {
  planList: endpoint({ method: 'GET', path: '/v2/returnVisitPlan/list', power: VISIT_POWERS.plan, query: pageQuery, response: listOf(rvPlanSchema) }),
  planDetail: endpoint({
    method: 'GET',
    path: '/v2/returnVisitPlan/detail',
    power: VISIT_POWERS.plan,
    query: z.object({ id: requiredId('回访计划') }),
    response: rvPlanSchema,
  }),
  planCreate: endpoint({ method: 'POST', path: '/v2/returnVisitPlan', power: VISIT_POWERS.plan, body: rvPlanBody, response: z.object({ id: z.number() }) }),
  planUpdate: endpoint({
    method: 'PUT',
    path: '/v2/returnVisitPlan',
    power: VISIT_POWERS.plan,
    body: rvPlanBody.extend({ id: requiredId('回访计划') }),
    response: z.null(),
  }),
  planRemove: endpoint({
    method: 'DELETE',
    path: '/v2/returnVisitPlan',
    power: VISIT_POWERS.plan,
    body: z.object({ id: requiredId('回访计划') }),
    response: z.null(),
  }),

  /** /ReturnVisitTask: every task. */
  list: endpoint({ method: 'GET', path: '/v2/returnvisitTask/list', power: VISIT_POWERS.all, query: rvTaskQuery, response: listOf(rvTaskRowSchema) }),
  /** /returnVisitOrder: the caller's tasks, and the pool he may grab from (state 1 without a visitor) with pool=1. */
  myList: endpoint({
    method: 'GET',
    path: '/v2/returnvisitTask/myList',
    power: VISIT_POWERS.mine,
    query: rvTaskQuery.extend({ pool: L(z.enum(['0', '1']).optional(), '回访池') }),
    response: listOf(rvTaskRowSchema),
  }),
  /** The state tabs' counts: all tasks (dataType 1) or mine (dataType 0). */
  count: endpoint({
    method: 'GET',
    path: '/v2/returnvisitTask/count',
    power: VISIT_POWERS.mine,
    query: z.object({ dataType: L(z.enum(['0', '1']).default('0'), '数据范围') }),
    response: rvCountsSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/v2/returnvisitTask/detail',
    power: VISIT_POWERS.mine,
    query: z.object({ taskId: requiredId('回访任务') }),
    response: rvTaskDetailSchema,
  }),
  visitOrderDetail: endpoint({
    method: 'GET',
    path: '/v2/returnvisitTask/visitOrderDetail',
    power: VISIT_POWERS.mine,
    query: z.object({ taskId: requiredId('回访任务') }),
    response: rvVisitOrderDetailSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/v2/returnvisitTask/submit',
    power: VISIT_POWERS.mine,
    body: rvSubmitBody,
    response: z.object({ state: z.number(), followUpOrderId: z.number().nullable() }),
  }),
  /** Pool plans: a return visitor takes a task (exactly one winner). */
  grab: endpoint({
    method: 'POST',
    path: '/v2/returnvisitTask/grab',
    power: VISIT_POWERS.mine,
    body: z.object({ taskId: requiredId('回访任务'), version }),
    response: z.null(),
  }),
  sendSms: endpoint({
    method: 'POST',
    path: '/v2/returnvisitTask/sendSms',
    power: VISIT_POWERS.mine,
    body: z.object({ taskId: requiredId('回访任务') }),
    response: z.object({ mobile: z.string() }),
  }),
  survey: endpoint({ method: 'GET', path: '/v2/returnvisitTask/survey', auth: 'public', query: rvSurveyTokenQuery, response: rvSurveySchema }),
  surveySubmit: endpoint({ method: 'POST', path: '/v2/returnvisitTask/survey', auth: 'public', body: rvSurveyBody, response: z.null() }),
  /**
   * Development and browser tests only (where the dev SMS outbox answers: loopback, codes logged): the visit sweep on a
   * clock `minutes` ahead, for the caller's enterprise: tasks whose plan delay has passed by then are made. Elsewhere: not found.
   */
  devSweep: endpoint({
    method: 'POST',
    path: '/v2/returnvisitTask/dev/sweep',
    power: VISIT_POWERS.plan,
    body: z.object({ minutes: L(coerceInt('integer').min(0, '分钟数不能小于0').max(525_600, '分钟数不能超过一年'), '分钟数') }),
    response: z.object({ made: z.number() }),
  }),
  report: endpoint({
    method: 'GET',
    path: '/v2/returnvisitTask/report',
    power: VISIT_POWERS.report,
    plan: 'reports',
    query: rvReportQuery,
    response: rvReportSchema,
  }),
};
