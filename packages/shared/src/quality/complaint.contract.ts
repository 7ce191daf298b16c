import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogEntrySchema } from '../common/state-log';
import { L } from '../common/zod';
import { optionalId, optionalText, requiredId, requiredText, timeFilter } from '../customers/fields';
import { COMPLAINT_STATES, QUALITY_REPORT_BY } from './quality.constants';

/** Power: the menu entry 客户投诉. */
export const COMPLAINT_POWER = 'menu_CustomerComplaintList';

const stateFilter = L(
  z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), coerceInt('smallint').min(1, '状态只能是1至5').max(5, '状态只能是1至5').optional()),
  '投诉状态',
);
/** Integer cents, 0 to 100 million yuan. */
const cents = (label: string) => L(coerceInt('bigint', `${label}不正确`).min(0, `${label}不能小于0`).max(10_000_000_000, `${label}过大`).default(0), label);
const version = L(coerceInt('integer').min(0).optional(), '版本');

export const complaintQuery = z.object({
  /** Number, title or customer. */
  keyword: optionalText('关键字', 50),
  state: stateFilter,
  level: optionalText('投诉等级', 50),
  sourceType: L(
    z.preprocess((v) => (v === '' ? undefined : v), coerceInt('smallint').min(1, '来源不正确').max(4, '来源不正确').optional()),
    '来源',
  ),
  customerId: optionalId('客户'),
  productModelId: optionalId('产品型号'),
  faultModeId: optionalId('故障模式'),
  placeOfUse: optionalText('使用场所', 50),
  salesUnit: optionalText('销售单位', 50),
  responsibility: optionalText('责任原因', 50),
  serialNumber: optionalText('序列号', 100),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
  ...pageQuery.shape,
});
export type ComplaintQuery = z.infer<typeof complaintQuery>;

export const complaintRowSchema = z.object({
  id: z.number(),
  complaintNo: z.string(),
  title: z.string(),
  state: z.number(),
  level: z.string(),
  sourceType: z.number(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  productName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  engineerName: z.string().nullable(),
  providerName: z.string().nullable(),
  handlerName: z.string().nullable(),
  responseDue: z.string().nullable(),
  resolveDue: z.string().nullable(),
  /** Not accepted by the response deadline (still, or accepted late). */
  responseOverdue: z.boolean(),
  /** Not resolved by the resolution deadline. */
  resolveOverdue: z.boolean(),
  reopenCount: z.number(),
  create_time: z.string(),
});
export type ComplaintRow = z.infer<typeof complaintRowSchema>;

export const complaintDetailSchema = complaintRowSchema.extend({
  content: z.string().nullable(),
  complainant: z.string().nullable(),
  phone: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  eventId: z.number().nullable(),
  visitTaskId: z.number().nullable(),
  installedProductId: z.number().nullable(),
  productModelId: z.number().nullable(),
  handlerId: z.number().nullable(),
  responsibility: z.string().nullable(),
  analysisUnit: z.string().nullable(),
  salesUnit: z.string().nullable(),
  placeOfUse: z.string().nullable(),
  faultModeId: z.number().nullable(),
  faultModePath: z.string().nullable(),
  causeAnalysis: z.string().nullable(),
  resolution: z.string().nullable(),
  costParts: z.number(),
  costLabour: z.number(),
  costCompensation: z.number(),
  costTotal: z.number(),
  respondedTime: z.string().nullable(),
  resolvedTime: z.string().nullable(),
  closedTime: z.string().nullable(),
  version: z.number(),
  abilities: z.array(z.string()),
  log: z.array(stateLogEntrySchema),
});
export type ComplaintDetail = z.infer<typeof complaintDetailSchema>;

export const complaintCreateBody = z
  .object({
    /** 1 from an order, 2 from an event, 4 by hand (3, a failed return visit, is opened by the visit itself). */
    sourceType: L(z.union([z.literal(1), z.literal(2), z.literal(4)], { error: '来源只能是1（工单）、2（事件）或4（手工录入）' }), '来源'),
    orderId: optionalId('工单'),
    eventId: optionalId('事件'),
    customerId: optionalId('客户'),
    installedProductId: optionalId('产品'),
    title: requiredText('投诉标题', 100),
    content: optionalText('投诉内容', 2000),
    level: requiredText('投诉等级', 50),
    complainant: optionalText('投诉人', 50),
    phone: optionalText('联系电话', 30),
    handlerId: optionalId('处理人'),
  })
  .superRefine((b, ctx) => {
    if (b.sourceType === 1 && !b.orderId) ctx.addIssue({ code: 'custom', path: ['orderId'], message: '请选择工单' });
    if (b.sourceType === 2 && !b.eventId) ctx.addIssue({ code: 'custom', path: ['eventId'], message: '请选择事件' });
    if (b.sourceType === 4 && !b.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: '请选择客户' });
  });
export type ComplaintCreateBody = z.infer<typeof complaintCreateBody>;

export const complaintUpdateBody = z.object({
  id: requiredId('投诉'),
  version,
  title: requiredText('投诉标题', 100),
  content: optionalText('投诉内容', 2000),
  level: requiredText('投诉等级', 50),
  complainant: optionalText('投诉人', 50),
  phone: optionalText('联系电话', 30),
  handlerId: optionalId('处理人'),
  responsibility: optionalText('责任原因', 50),
  analysisUnit: optionalText('分析单位', 50),
  salesUnit: optionalText('销售单位', 50),
  placeOfUse: optionalText('使用场所', 50),
  faultModeId: optionalId('故障模式'),
  causeAnalysis: optionalText('原因分析', 2000),
  resolution: optionalText('处理结果', 2000),
  costParts: cents('备件费用'),
  costLabour: cents('人工费用'),
  costCompensation: cents('赔偿费用'),
});
export type ComplaintUpdateBody = z.infer<typeof complaintUpdateBody>;

export const complaintActionBody = z.object({
  id: requiredId('投诉'),
  action: L(z.enum(['accept', 'investigate', 'resolve', 'close', 'reopen'], { error: '操作不正确' }), '操作'),
  /** The state the caller saw. */
  state: L(coerceInt('smallint').min(1).max(5).optional(), '状态'),
  /** A reopen's reason (required), or a note. */
  note: optionalText('原因', 500),
});

export const levelTargetSchema = z.object({
  level: z.string(),
  responseMinutes: z.number(),
  resolveMinutes: z.number(),
  /** Counted in business hours (the SLA calendar) rather than calendar time. */
  business: z.boolean(),
});
const minutes = (label: string) =>
  L(
    coerceInt('integer', `${label}不正确`)
      .min(1, `${label}至少1分钟`)
      .max(365 * 24 * 60, `${label}不能超过一年`),
    label,
  );

export const reportQuery = z.object({
  by: L(z.enum(Object.keys(QUALITY_REPORT_BY) as [keyof typeof QUALITY_REPORT_BY], { error: '统计维度不正确' }), '统计维度'),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
});
export const reportAnswer = z.object({
  rows: z.array(
    z.object({
      /** The filter value that opens the list (id or name); null: not filled. */
      key: z.string().nullable(),
      name: z.string(),
      complaints: z.number(),
      closed: z.number(),
      cost: z.number(),
    }),
  ),
  total: z.number(),
  /** Serial numbers with more than one complaint in the period (repeat faults). */
  repeats: z.array(z.object({ serialNumber: z.string(), complaints: z.number() })),
});
export type QualityReport = z.infer<typeof reportAnswer>;

export const complaintContract = {
  list: endpoint({
    method: 'GET',
    path: '/customerComplaint/list',
    power: COMPLAINT_POWER,
    query: complaintQuery,
    response: z.object({ list: z.array(complaintRowSchema), count: z.number() }),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/customerComplaint/detail',
    power: COMPLAINT_POWER,
    query: z.object({ id: requiredId('投诉') }),
    response: complaintDetailSchema,
  }),
  create: endpoint({ method: 'POST', path: '/customerComplaint', power: COMPLAINT_POWER, body: complaintCreateBody, response: z.object({ id: z.number() }) }),
  update: endpoint({ method: 'PUT', path: '/customerComplaint', power: COMPLAINT_POWER, body: complaintUpdateBody, response: z.null() }),
  action: endpoint({
    method: 'POST',
    path: '/customerComplaint/action',
    power: COMPLAINT_POWER,
    body: complaintActionBody,
    response: z.object({ state: z.number() }),
  }),
  levels: endpoint({ method: 'GET', path: '/customerComplaint/levelSla', power: COMPLAINT_POWER, response: z.array(levelTargetSchema) }),
  saveLevel: endpoint({
    method: 'PUT',
    path: '/customerComplaint/levelSla',
    power: COMPLAINT_POWER,
    body: z.object({
      level: requiredText('投诉等级', 50),
      responseMinutes: minutes('响应时限'),
      resolveMinutes: minutes('解决时限'),
      business: L(z.boolean().default(false), '按工作时间计算'),
    }),
    response: z.null(),
  }),
  report: endpoint({ method: 'GET', path: '/customerComplaint/report', power: COMPLAINT_POWER, query: reportQuery, response: reportAnswer }),
  /** The same report as its own page of 运营 (质量分析), for those who hold the reports (the director), as the other reports. */
  chartReport: endpoint({ method: 'GET', path: '/report/quality', power: POWERS.chart, plan: 'reports', query: reportQuery, response: reportAnswer }),
};

export const COMPLAINT_STATE_LIST = Object.keys(COMPLAINT_STATES).map(Number);
