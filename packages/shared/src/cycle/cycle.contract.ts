import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { stateLogRowSchema } from '../common/state-log';
import { L } from '../common/zod';
import { dateField, optionalId, optionalIds, optionalText, requiredId, requiredText } from '../customers/fields';
import { CYCLE_POWERS, CYCLE_START_TYPES, CYCLE_TARGETS, CYCLE_UNITS } from './cycle.constants';

const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });
const oneOf = <T extends Record<number, string>>(table: T, label: string, allowed: string) =>
  L(
    coerceInt('smallint', `${label}只能是${allowed}`).refine((n) => n in table, `${label}只能是${allowed}`),
    label,
  );
const intIn = (label: string, min: number, max: number) =>
  L(coerceInt('integer', `${label}不正确`).min(min, `${label}不能小于${min}`).max(max, `${label}不能大于${max}`), label);
const nothing = z.null();

// ---- templates (/cycleTmpl) ----

export const cycleTmplBody = z.object({
  name: requiredText('模板名称', 50),
  /** Every `every` units (time units: 3 天, 4 月). */
  every: intIn('周期', 1, 366),
  unit: oneOf(CYCLE_UNITS, '周期单位', '3（天）或4（月）'),
  /** The order type (an order-kind form template) the generated orders take; the default type when empty. */
  orderTypeId: optionalId('工单类型'),
  /** The title of the generated orders; the template's name when empty. */
  orderTitle: optionalText('工单标题', 100),
  serviceItemIds: L(
    optionalIds('服务项目', 50).transform((v) => v ?? []),
    '服务项目',
  ),
  /** The checklist the engineer works through (one line each). */
  checklist: L(
    z.array(z.string().trim().min(1, '检查项不能为空').max(100, '检查项不能超过100个字'), { error: '检查项格式不正确' }).max(50, '检查项最多50项').default([]),
    '检查项',
  ),
  remark: optionalText('备注', 500),
});
export type CycleTmplBody = z.infer<typeof cycleTmplBody>;

export const cycleTmplSchema = z.object({
  id: z.number(),
  name: z.string(),
  every: z.number(),
  unit: z.number(),
  orderTypeId: z.number().nullable(),
  orderTypeName: z.string().nullable(),
  orderTitle: z.string().nullable(),
  serviceItemIds: z.array(z.number()),
  serviceItemNames: z.array(z.string()),
  checklist: z.array(z.string()),
  remark: z.string().nullable(),
  /** Plans on it that are not ended. */
  planCount: z.number(),
  create_time: z.string(),
});
export type CycleTmpl = z.infer<typeof cycleTmplSchema>;

/** `keyword`: the list page's search box (the name). */
export const cycleTmplQuery = z.object({ name: optionalText('模板名称', 50), keyword: optionalText('关键字', 50), ...pageQuery.shape });

// ---- plans (/cyclePlan) ----

export const cyclePlanBody = z
  .object({
    name: requiredText('计划名称', 50),
    templateId: requiredId('周期模板'),
    /** 1 an installed product, 2 a maintenance contract. */
    targetType: oneOf(CYCLE_TARGETS, '计划对象', '1（设备）或2（维保合同）'),
    installedProductId: optionalId('设备'),
    contractId: optionalId('维保合同'),
    /** 1 a fixed date, 2 purchase time, 3 install time. */
    startType: oneOf(CYCLE_START_TYPES, '开始方式', '1（固定日期）、2（购买时间）或3（安装时间）'),
    startDate: dateField('开始日期'),
    /** Day of the month of a monthly plan (1–31; a shorter month takes its last day); empty: the start's day. */
    dayOfPeriod: L(
      z.preprocess((v) => (v === '' ? null : v), coerceInt('smallint', '每月几号应为1至31').min(1, '每月几号应为1至31').max(31, '每月几号应为1至31').nullish()),
      '每月几号',
    ),
    endDate: dateField('结束日期'),
    remark: optionalText('备注', 500),
    /** The engineer its orders go to (a 工程师 of the enterprise); empty: the dispatch rules decide. */
    engineerId: optionalId('指定工程师'),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.targetType === 1 && !b.installedProductId) issue('installedProductId', '请选择设备');
    if (b.targetType === 2 && !b.contractId) issue('contractId', '请选择维保合同');
    if (b.targetType === 2 && b.startType !== 1) issue('startType', '维保合同的计划只能按固定日期开始');
    if (b.startType === 1 && !b.startDate) issue('startDate', '请选择开始日期');
    if (b.startDate && b.endDate && b.endDate < b.startDate) issue('endDate', '结束日期不能早于开始日期');
    // Dates a plan can mean (and PostgreSQL's date type holds: it has no year 0).
    for (const [k, label] of [
      ['startDate', '开始日期'],
      ['endDate', '结束日期'],
    ] as const) {
      const d = b[k];
      if (d && (d < '2000-01-01' || d > '2099-12-31')) issue(k, `${label}应在2000年至2099年之间`);
    }
  });
export type CyclePlanBody = z.infer<typeof cyclePlanBody>;

export const cyclePlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  state: z.number(),
  templateId: z.number(),
  templateName: z.string(),
  every: z.number(),
  unit: z.number(),
  targetType: z.number(),
  installedProductId: z.number().nullable(),
  productName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  contractId: z.number().nullable(),
  contractName: z.string().nullable(),
  customerId: z.number(),
  customerName: z.string(),
  startType: z.number(),
  startDate: z.string().nullable(),
  dayOfPeriod: z.number().nullable(),
  endDate: z.string().nullable(),
  remark: z.string().nullable(),
  engineerId: z.number().nullable(),
  engineerName: z.string().nullable(),
  /** The last generated due date and its order. */
  lastDueDate: z.string().nullable(),
  lastOrderId: z.number().nullable(),
  orderCount: z.number(),
  create_time: z.string(),
});
export type CyclePlan = z.infer<typeof cyclePlanSchema>;

export const cyclePlanDetailSchema = cyclePlanSchema.extend({
  abilities: z.array(z.string()),
  /** The next due dates (moved off non-working days); `generated` when its order exists. */
  upcoming: z.array(z.object({ due: z.string(), nominal: z.string(), generated: z.boolean() })),
  /** Why no order is being generated now, when none is (paused, previous order open, no start date …). */
  waiting: z.string().nullable(),
  orders: z.array(
    z.object({
      dueDate: z.string(),
      orderId: z.number(),
      orderNo: z.string(),
      state: z.number(),
      create_time: z.string(),
    }),
  ),
  logs: z.array(stateLogRowSchema),
});
export type CyclePlanDetail = z.infer<typeof cyclePlanDetailSchema>;

export const cyclePlanQuery = z.object({
  name: optionalText('计划名称', 50),
  /** The list page's search box: the plan's name. */
  keyword: optionalText('关键字', 50),
  state: L(
    z.preprocess((v) => (v === '' || v === '0' || v === 0 ? undefined : v), coerceInt('smallint').min(1, '状态只能是1至3').max(3, '状态只能是1至3').optional()),
    '状态',
  ),
  templateId: optionalId('周期模板'),
  customerId: optionalId('客户'),
  installedProductId: optionalId('设备'),
  contractId: optionalId('维保合同'),
  ...pageQuery.shape,
});

export const cyclePlanStateBody = z.object({
  id: requiredId('计划'),
  action: L(z.enum(['pause', 'resume', 'end'], { error: '操作只能是暂停、恢复或结束' }), '操作'),
  /** The state the user saw. */
  expected: L(coerceInt('smallint').min(1).max(3).optional(), '状态'),
  note: optionalText('说明', 200),
});

const idQuery = z.object({ id: requiredId('编号') });
const idBody = z.object({ id: requiredId('编号') });
const plan = 'cyclePlan';

export const cycleContract = {
  tmplList: endpoint({ method: 'GET', path: '/cycleTmpl/list', power: CYCLE_POWERS.tmpl, plan, query: cycleTmplQuery, response: listOf(cycleTmplSchema) }),
  tmplDetail: endpoint({ method: 'GET', path: '/cycleTmpl/detail', power: CYCLE_POWERS.tmpl, plan, query: idQuery, response: cycleTmplSchema }),
  tmplAdd: endpoint({ method: 'POST', path: '/cycleTmpl/add', power: CYCLE_POWERS.tmpl, plan, body: cycleTmplBody, response: z.object({ id: z.number() }) }),
  tmplUpdate: endpoint({
    method: 'PUT',
    path: '/cycleTmpl/update',
    power: CYCLE_POWERS.tmpl,
    plan,
    body: cycleTmplBody.extend(idBody.shape),
    response: nothing,
  }),
  tmplDelete: endpoint({ method: 'DELETE', path: '/cycleTmpl/delete', power: CYCLE_POWERS.tmpl, plan, body: idBody, response: nothing }),
  /** The templates a plan may choose (the plan dialog's picker; the plan power, not the template page's). */
  tmplOptions: endpoint({
    method: 'GET',
    path: '/cycleTmpl/options',
    power: CYCLE_POWERS.plan,
    plan,
    response: z.array(z.object({ id: z.number(), name: z.string(), every: z.number(), unit: z.number() })),
  }),
  planList: endpoint({ method: 'GET', path: '/cyclePlan/list', power: CYCLE_POWERS.plan, plan, query: cyclePlanQuery, response: listOf(cyclePlanSchema) }),
  planDetail: endpoint({ method: 'GET', path: '/cyclePlan/detail', power: CYCLE_POWERS.plan, plan, query: idQuery, response: cyclePlanDetailSchema }),
  planAdd: endpoint({ method: 'POST', path: '/cyclePlan/add', power: CYCLE_POWERS.plan, plan, body: cyclePlanBody, response: z.object({ id: z.number() }) }),
  planUpdate: endpoint({
    method: 'PUT',
    path: '/cyclePlan/update',
    power: CYCLE_POWERS.plan,
    plan,
    body: z.intersection(cyclePlanBody, idBody),
    response: nothing,
  }),
  planChangeState: endpoint({
    method: 'POST',
    path: '/cyclePlan/changeState',
    power: CYCLE_POWERS.plan,
    plan,
    body: cyclePlanStateBody,
    response: z.object({ state: z.number() }),
  }),
};
