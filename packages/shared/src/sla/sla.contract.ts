import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { dateText, calendarDayText } from '../common/dates';
import { endpoint } from '../common/contract';
import { id, L } from '../common/zod';
import { EXCEED_GROUPS, SLA_ESCALATE_TO, SLA_PAUSE_OPTIONS, SLA_TYPE_IDS, SLA_UNITS } from './sla.constants';

/** The SLA management page's power (its menu entry's code) and the free-plan lock. */
export const SLA_POWER = 'menu_SlaManage';

const oneOf = (label: string, ids: readonly number[]) =>
  L(
    z.coerce
      .number()
      .int()
      .min(Math.min(...ids), `${label}不正确`)
      .max(Math.max(...ids), `${label}不正确`)
      .refine((n) => ids.includes(n), `${label}不正确`),
    label,
  );
const idArray = (label: string, max = 200) => L(z.array(id).max(max, `${label}最多${max}项`).default([]), label);

const slaClockDef = z.object({
  type: oneOf('超时类型', SLA_TYPE_IDS),
  target: L(z.coerce.number().int('时限应为整数').min(1, '时限至少为1').max(100_000, '时限过长'), '时限'),
  unit: oneOf(
    '时间单位',
    SLA_UNITS.map((u) => u.id),
  ),
  /** Minutes left at which the clock shows "at risk" (即将超时); 0 never. */
  warnMinutes: L(z.coerce.number().int().min(0, '预警时间不能为负').max(1_000_000, '预警时间过长').default(0), '预警时间'),
});
export type SlaClockDef = z.infer<typeof slaClockDef>;

const ladderStep = z.object({
  afterMinutes: L(z.coerce.number().int().min(0, '升级时间不能为负').max(100_000, '升级时间过长'), '升级时间'),
  to: L(z.enum(SLA_ESCALATE_TO.map((x) => x.id) as [string, ...string[]], { error: '通知对象不正确' }), '通知对象'),
});

export const slaPolicyInput = z.object({
  name: L(z.string().trim().min(1, '请输入SLA名称').max(50, 'SLA名称不能超过50个字'), 'SLA名称'),
  enabled: L(z.boolean().default(true), '启用'),
  sort: L(z.coerce.number().int().min(0).max(9999).default(0), '优先顺序'),
  templateIds: idArray('工单类型'),
  priorities: L(
    z
      .array(oneOf('优先级', [1, 2, 3]))
      .max(3)
      .default([]),
    '优先级',
  ),
  customerTagIds: idArray('客户标签'),
  customerLevels: L(z.array(z.coerce.number().int().min(0).max(100)).max(50).default([]), '客户等级'),
  serviceGroupIds: idArray('服务团队'),
  business: L(z.boolean().default(false), '按工作时间计时'),
  pauseStates: L(
    z
      .array(
        oneOf(
          '暂停状态',
          SLA_PAUSE_OPTIONS.map((o) => o.id),
        ),
      )
      .max(10)
      .default([]),
    '暂停状态',
  ),
  clocks: L(
    z
      .array(slaClockDef)
      .min(1, '请至少设置一个时限')
      .max(11)
      .refine((cs) => new Set(cs.map((c) => c.type)).size === cs.length, '同一超时类型只能设置一次'),
    '时限',
  ),
  escalation: L(z.array(ladderStep).max(5, '升级最多5级').default([]), '升级规则'),
});
export type SlaPolicyInput = z.infer<typeof slaPolicyInput>;

export const slaPolicy = slaPolicyInput.extend({ id: z.number(), update_time: z.string() });
export type SlaPolicy = z.infer<typeof slaPolicy>;

const minuteOfDay = (label: string) => L(z.coerce.number().int().min(0, `${label}不正确`).max(1440, `${label}不正确`), label);
const day = L(calendarDayText('日期格式应为YYYY-MM-DD'), '日期');
export const slaCalendarSchema = z
  .object({
    weekdays: L(z.array(z.coerce.number().int().min(1).max(7)).max(7).default([1, 2, 3, 4, 5]), '工作日'),
    startMinute: minuteOfDay('上班时间'),
    endMinute: minuteOfDay('下班时间'),
    holidays: L(z.array(day).max(400).default([]), '节假日'),
    workdays: L(z.array(day).max(400).default([]), '调休工作日'),
  })
  .refine((c) => c.endMinute > c.startMinute, { message: '下班时间应晚于上班时间', path: ['endMinute'] })
  .refine((c) => c.weekdays.length > 0 || c.workdays.length > 0, { message: '请至少选择一个工作日', path: ['weekdays'] });
export type SlaCalendarInput = z.infer<typeof slaCalendarSchema>;

export const orderClock = z.object({
  type: z.number(),
  name: z.string(),
  policyName: z.string(),
  state: z.enum(['running', 'paused', 'met', 'cancelled']),
  mark: z.enum(['ok', 'atRisk', 'overdue']),
  targetMs: z.number(),
  elapsedMs: z.number(),
  /** Negative once breached. */
  remainingMs: z.number(),
  pausedMs: z.number(),
  start_time: z.string(),
  deadline: z.string().nullable(),
  breach_time: z.string().nullable(),
});
export type OrderClock = z.infer<typeof orderClock>;

const exceedQuery = z.object({
  startTime: L(dateText('日期格式应为YYYY-MM-DD').optional(), '开始日期'),
  endTime: L(dateText('日期格式应为YYYY-MM-DD').optional(), '结束日期'),
  type: L(z.coerce.number().int().min(1, '超时类型不正确').max(11, '超时类型不正确').optional(), '超时类型'),
  groupBy: L(z.enum(EXCEED_GROUPS.map((g) => g.id) as [string, ...string[]], { error: '统计维度不正确' }).default('type'), '统计维度'),
});
export const exceedRow = z.object({ key: z.number().nullable(), name: z.string(), count: z.number() });
export type ExceedRow = z.infer<typeof exceedRow>;

const plan = 'sla';
export const slaContract = {
  list: endpoint({ method: 'GET', path: '/sla/list', power: SLA_POWER, plan, response: z.array(slaPolicy) }),
  detail: endpoint({ method: 'GET', path: '/sla/detail', power: SLA_POWER, plan, query: z.object({ id: L(id, 'SLA策略') }), response: slaPolicy }),
  create: endpoint({ method: 'POST', path: '/sla', power: SLA_POWER, plan, body: slaPolicyInput, response: z.object({ id: z.number() }) }),
  update: endpoint({ method: 'PUT', path: '/sla', power: SLA_POWER, plan, body: slaPolicyInput.extend({ id: L(id, 'SLA策略') }), response: z.null() }),
  remove: endpoint({ method: 'DELETE', path: '/sla', power: SLA_POWER, plan, query: z.object({ id: L(id, 'SLA策略') }), response: z.null() }),
  calendar: endpoint({ method: 'GET', path: '/sla/calendar', power: SLA_POWER, plan, response: slaCalendarSchema }),
  saveCalendar: endpoint({ method: 'PUT', path: '/sla/calendar', power: SLA_POWER, plan, body: slaCalendarSchema, response: z.null() }),
  /** Every clock of an order the caller can open, with its remaining time. */
  orderClocks: endpoint({ method: 'GET', path: '/sla/order/clocks', query: z.object({ orderId: L(id, '工单') }), response: z.array(orderClock) }),
  exceedStatistics: endpoint({
    method: 'GET',
    path: '/report/exceedStatistics',
    power: POWERS.chart,
    plan: 'reports',
    query: exceedQuery,
    response: z.array(exceedRow),
  }),
  exceedStatisticsCount: endpoint({
    method: 'GET',
    path: '/report/exceedStatisticsCount',
    power: POWERS.chart,
    plan: 'reports',
    query: exceedQuery,
    response: z.number(),
  }),
};
