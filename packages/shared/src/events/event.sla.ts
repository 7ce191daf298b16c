import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { dateText } from '../common/dates';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { requiredId } from '../customers/fields';
import { orderClock } from '../sla/sla.contract';
import { SLA_UNITS } from '../sla/sla.constants';
import type { EventFlags } from './event.machine';
import { EVENT_OVERDUE_TYPES } from './events.constants';

/**
 * The event SLA: per event template, a clock per overdue type 1–5 on the SLA engine's clock
 * arithmetic (packages/shared/src/sla). What each type counts is `eventClockPhase` (docs/decisions.md).
 */
export const EVENT_SLA_TYPE_IDS = [1, 2, 3, 4, 5] as const;
export const eventSlaTypeName = (id: number): string => EVENT_OVERDUE_TYPES[id as keyof typeof EVENT_OVERDUE_TYPES] ?? `类型${id}`;

/** What a clock of a type does with the event in these flags: 'wait' = not started (or kept still if it ran). */
export type EventClockPhase = 'run' | 'pause' | 'wait' | 'met' | 'cancel';
export function eventClockPhase(type: number, f: EventFlags): EventClockPhase {
  if (f.close === 1) return 'cancel';
  switch (type) {
    case 1: // assignment: from creation until a principal is assigned or claims it
      return f.dispatch === 1 ? 'met' : f.pause ? 'pause' : 'run';
    case 2: // response: from creation until handling starts
      return f.process >= 1 ? 'met' : f.pause ? 'pause' : 'run';
    case 3: // handling: from the start until completion
      return f.process === 2 ? 'met' : f.process === 0 ? 'wait' : f.pause ? 'pause' : 'run';
    case 4: // paused too long: the time spent paused, every pause added up, until completion
      return f.process === 2 ? 'met' : f.pause ? 'run' : 'wait';
    default: // 5 resolution: from creation until completion
      return f.process === 2 ? 'met' : f.pause ? 'pause' : 'run';
  }
}

const unitIds = SLA_UNITS.map((u) => u.id) as number[];
const eventSlaClock = z.object({
  type: L(
    z.coerce
      .number()
      .int()
      .min(1, '超时类型不正确')
      .max(5, '超时类型不正确')
      .refine((n) => (EVENT_SLA_TYPE_IDS as readonly number[]).includes(n), '超时类型不正确'),
    '超时类型',
  ),
  target: L(z.coerce.number().int('时限应为整数').min(1, '时限至少为1').max(100_000, '时限过长'), '时限'),
  unit: L(
    z.coerce
      .number()
      .int()
      .min(Math.min(...unitIds), '时间单位不正确')
      .max(Math.max(...unitIds), '时间单位不正确')
      .refine((n) => unitIds.includes(n), '时间单位不正确'),
    '时间单位',
  ),
  /** Minutes left at which the clock shows "at risk" (即将超时); 0 never. */
  warnMinutes: L(z.coerce.number().int().min(0, '预警时间不能为负').max(1_000_000, '预警时间过长').default(0), '预警时间'),
});
export type EventSlaClockDef = z.infer<typeof eventSlaClock>;

export const eventSlaSetting = z.object({
  tmpId: requiredId('事件模板'),
  business: L(z.boolean().default(false), '按工作时间计时'),
  clocks: L(
    z
      .array(eventSlaClock)
      .max(5)
      .refine((cs) => new Set(cs.map((c) => c.type)).size === cs.length, '同一超时类型只能设置一次'),
    '时限',
  ),
});
export type EventSlaSetting = z.infer<typeof eventSlaSetting>;

export const EVENT_EXCEED_GROUPS = [
  { id: 'type', name: '超时类型' },
  { id: 'template', name: '事件模板' },
  { id: 'principal', name: '负责人' },
] as const;

const eventExceedQuery = z.object({
  startTime: L(dateText('日期格式应为YYYY-MM-DD').optional(), '开始日期'),
  endTime: L(dateText('日期格式应为YYYY-MM-DD').optional(), '结束日期'),
  type: L(z.coerce.number().int().min(1, '超时类型不正确').max(5, '超时类型不正确').optional(), '超时类型'),
  groupBy: L(z.enum(EVENT_EXCEED_GROUPS.map((g) => g.id) as [string, ...string[]], { error: '统计维度不正确' }).default('type'), '统计维度'),
});
export type EventExceedQuery = z.infer<typeof eventExceedQuery>;
const exceedRow = z.object({ key: z.number().nullable(), name: z.string(), count: z.number() });

const SET = 'menu_EventSet';
export const eventSlaContract = {
  sla: endpoint({
    method: 'GET',
    path: '/v2/eventTemp/sla',
    power: SET,
    plan: 'sla',
    query: z.object({ tmpId: requiredId('事件模板') }),
    response: eventSlaSetting,
  }),
  saveSla: endpoint({ method: 'PUT', path: '/v2/eventTemp/sla', power: SET, plan: 'sla', body: eventSlaSetting, response: z.null() }),
  /** Every clock of an event the caller can open, with its remaining time (the order clock's shape). */
  clocks: endpoint({ method: 'GET', path: '/v2/event/sla/clocks', query: z.object({ eventId: requiredId('事件') }), response: z.array(orderClock) }),
  exceedStatistics: endpoint({
    method: 'GET',
    path: '/report/eventExceedStatistics',
    power: POWERS.chart,
    plan: 'reports',
    query: eventExceedQuery,
    response: z.array(exceedRow),
  }),
  exceedStatisticsCount: endpoint({
    method: 'GET',
    path: '/report/eventExceedStatisticsCount',
    power: POWERS.chart,
    plan: 'reports',
    query: eventExceedQuery,
    response: z.number(),
  }),
};
