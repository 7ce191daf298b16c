import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { optionalId, optionalIds, requiredDate, requiredId, requiredText } from '../customers/fields';
import { bespokeBody, dispatchFields } from '../orders/order.actions.contract';
import { SCHEDULE_MAX_DAYS } from './schedule.constants';

/**
 * Map, schedule table and dispatch board (docs/api.md "Schedule, map and dispatch board").
 * The spec's calls are /v2/schedule/table/report, /dispatch (each a list and a count) and /time/interval;
 * the map, the board's booking, positions and the route are ours.
 */
export const SCHEDULE_POWERS = {
  list: 'menu_ScheduleList',
  report: 'menu_ScheduleReport',
  /** Assigning from the map and the board is the AssignOrder desk's work. */
  assign: 'menu_AssignOrder',
  map: 'menu_AllOrder',
  /** The engineer's own position (the phone page). */
  mine: 'menu_MyOrder',
} as const;

const dayDiff = (a: string, b: string): number => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** A date range of at most SCHEDULE_MAX_DAYS days, both ends included. */
const range = {
  startDate: requiredDate('开始日期'),
  endDate: requiredDate('结束日期'),
};
const inRange = <T extends { startDate: string; endDate: string }>(s: z.ZodType<T>) =>
  s
    .refine((q) => dayDiff(q.startDate, q.endDate) >= 0, { message: '结束日期不能早于开始日期', path: ['endDate'] })
    .refine((q) => dayDiff(q.startDate, q.endDate) < SCHEDULE_MAX_DAYS, { message: `日期范围不能超过${SCHEDULE_MAX_DAYS}天`, path: ['endDate'] });

const page = {
  pageIndex: L(coerceInt().min(0, '页码不能小于0').default(0), '页码'),
  pageSize: L(coerceInt().min(1, '每页条数不正确').max(100, '每页条数不能超过100').default(20), '每页条数'),
};

const keyword = L(z.string().trim().max(50, '关键字不能超过50个字').optional(), '关键字');
/** The engineers of the table: a name or mobile keyword, chosen ids, or the members of one service group. */
const engineerFilter = { keyword, userIds: optionalIds('服务人员', 200), serviceGroupId: optionalId('服务团队') };
export const scheduleQuery = inRange(z.object({ ...range, ...page, ...engineerFilter }));
export const scheduleCountQuery = inRange(z.object({ ...range, ...engineerFilter }));
export type ScheduleQuery = z.infer<typeof scheduleQuery>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, '时间格式应为HH:mm');
export const intervalSchema = z.object({ id: z.number().nullable(), name: z.string(), start: z.string(), end: z.string() });
export type TimeInterval = z.infer<typeof intervalSchema>;

const intervalInput = z.object({
  name: requiredText('时间段名称', 20),
  start: L(hhmm, '开始时间'),
  end: L(hhmm, '结束时间'),
});
/** PUT /v2/schedule/table/time/interval: the whole list replaces the old one; slots may not overlap. */
export const intervalsBody = z.object({
  list: L(
    z
      .array(intervalInput, { error: '请添加时间段' })
      .min(1, '请至少保留一个时间段')
      .max(12, '最多12个时间段')
      .refine((l) => l.every((i) => i.start < i.end), '时间段的结束时间须晚于开始时间')
      .refine((l) => {
        const s = [...l].sort((a, b) => a.start.localeCompare(b.start));
        return s.every((i, n) => n === 0 || (s[n - 1] as { end: string }).end <= i.start);
      }, '时间段不能重叠'),
    '时间段',
  ),
});

export const loadLevel = z.enum(['under', 'optimal', 'full', 'overbooked']);
export type LoadLevel = z.infer<typeof loadLevel>;
const load = z.object({ minutes: z.number(), capacity: z.number(), level: loadLevel });

export const visitSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  priority: z.number(),
  start: z.string(),
  end: z.string(),
  address: z.string().nullable(),
  /** The order's version (a drag of the visit sends it). */
  version: z.number(),
});
export type Visit = z.infer<typeof visitSchema>;

export const slotSchema = z.object({ name: z.string(), start: z.string(), end: z.string(), busy: z.boolean(), orderIds: z.array(z.number()) });
export const dayRowSchema = z.object({ date: z.string(), load, slots: z.array(slotSchema), visits: z.array(visitSchema) });
export const engineerRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  mobile: z.string(),
  load,
  days: z.array(dayRowSchema),
  /** Skill tags (the engineer's pool settings). */
  skills: z.array(z.string()),
  /** Where the engineer is: the shared position, else the pool base (null: unknown). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type EngineerRow = z.infer<typeof engineerRowSchema>;

export const reportRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  /** Appointments in the range (orders of the engineer, any state but cancelled). */
  visits: z.number(),
  completed: z.number(),
  /** Working slots of the range with and without an appointment. */
  busySlots: z.number(),
  freeSlots: z.number(),
  bookedMinutes: z.number(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const mapQuery = z.object({
  states: L(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
      z.array(coerceInt('smallint', '工单状态不正确').min(0, '工单状态不正确').max(7, '工单状态不正确')).max(8).optional(),
    ),
    '工单状态',
  ),
  /** Only orders waiting for an engineer (/assignOrderInMap). */
  unassigned: L(
    z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean().default(false)),
    '仅待派单',
  ),
});
export const mapOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  priority: z.number(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  /** How precise the pin is (GEO_PRECISION_LABELS): the centre of the province, city or district, or the place itself. */
  precision: z.enum(['province', 'city', 'district', 'exact']).nullable(),
  appointmentAt: z.string().nullable(),
  serviceUserName: z.string().nullable(),
  version: z.number(),
});
export type MapOrder = z.infer<typeof mapOrderSchema>;
export const engineerPositionSchema = z.object({ userId: z.number(), name: z.string(), latitude: z.number(), longitude: z.number(), reportedAt: z.string() });
export const mapSchema = z.object({ orders: z.array(mapOrderSchema), engineers: z.array(engineerPositionSchema), truncated: z.boolean() });

export const nearestRowSchema = z.object({
  userId: z.number(),
  name: z.string(),
  /** Straight-line metres from the order (earth radius 6378137 m); null without a shared position or order coordinates. */
  distance: z.number().nullable(),
  open: z.number(),
  todayVisits: z.number(),
});
export type NearestRow = z.infer<typeof nearestRowSchema>;

export const unassignedRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  priority: z.number(),
  version: z.number(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
});
export type UnassignedRow = z.infer<typeof unassignedRowSchema>;
/** The board's side pane, a page at a time: order number or title. */
export const unassignedCountQuery = z.object({ keyword });
export const unassignedQuery = z.object({ ...page, keyword });

/**
 * POST /v2/schedule/book: the board's drop: dispatch to the engineer (unless the order is already his) and keep the
 * date, refused on a clash, and refused for a time already past unless `confirmPast` (the dispatcher confirmed).
 */
export const bookBody = dispatchFields.omit({ providerId: true }).extend({
  serviceUserId: requiredId('服务人员'),
  bespokeTime: bespokeBody.shape.bespokeTime,
  confirmPast: L(z.boolean().optional(), '确认过去的时间'),
});
export type BookBody = z.infer<typeof bookBody>;

export const workingDaySchema = z.object({ date: z.string(), working: z.boolean(), startMinute: z.number(), endMinute: z.number() });
export type WorkingDay = z.infer<typeof workingDaySchema>;

export const positionBody = z.object({
  latitude: L(z.coerce.number({ error: '纬度不正确' }).min(-90, '纬度超出范围').max(90, '纬度超出范围'), '纬度'),
  longitude: L(z.coerce.number({ error: '经度不正确' }).min(-180, '经度超出范围').max(180, '经度超出范围'), '经度'),
  accuracy: L(z.coerce.number().min(0, '精度不正确').max(100_000, '精度不正确').nullish(), '精度'),
});
export const myPositionSchema = z.object({
  sharing: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  reportedAt: z.string().nullable(),
});

export const scheduleContract = {
  /** The engineers × days table for a range (the schedule list and the board). */
  dispatchList: endpoint({
    method: 'GET',
    path: '/v2/schedule/table/dispatch',
    power: SCHEDULE_POWERS.list,
    query: scheduleQuery,
    response: z.array(engineerRowSchema),
  }),
  dispatchCount: endpoint({
    method: 'GET',
    path: '/v2/schedule/table/dispatch/count',
    power: SCHEDULE_POWERS.list,
    query: scheduleCountQuery,
    response: z.number(),
  }),
  /** Per-engineer counts for a range. */
  reportList: endpoint({
    method: 'GET',
    path: '/v2/schedule/table/report',
    power: SCHEDULE_POWERS.report,
    plan: 'reports',
    query: scheduleQuery,
    response: z.array(reportRowSchema),
  }),
  reportCount: endpoint({
    method: 'GET',
    path: '/v2/schedule/table/report/count',
    power: SCHEDULE_POWERS.report,
    plan: 'reports',
    query: scheduleCountQuery,
    response: z.number(),
  }),
  intervals: endpoint({ method: 'GET', path: '/v2/schedule/table/time/interval', power: SCHEDULE_POWERS.list, response: z.array(intervalSchema) }),
  saveIntervals: endpoint({
    method: 'PUT',
    path: '/v2/schedule/table/time/interval',
    power: SCHEDULE_POWERS.assign,
    body: intervalsBody,
    response: z.array(intervalSchema),
  }),
  map: endpoint({ method: 'GET', path: '/v2/schedule/map', power: SCHEDULE_POWERS.map, query: mapQuery, response: mapSchema }),
  /** The engineers for one order, nearest first. */
  nearest: endpoint({
    method: 'GET',
    path: '/v2/schedule/nearest',
    power: SCHEDULE_POWERS.assign,
    query: z.object({ orderId: requiredId('工单') }),
    response: z.array(nearestRowSchema),
  }),
  /** The board's side pane: orders waiting for an engineer, most urgent first. */
  unassigned: endpoint({
    method: 'GET',
    path: '/v2/schedule/unassigned',
    power: SCHEDULE_POWERS.assign,
    query: unassignedQuery,
    response: z.array(unassignedRowSchema),
  }),
  unassignedCount: endpoint({
    method: 'GET',
    path: '/v2/schedule/unassigned/count',
    power: SCHEDULE_POWERS.assign,
    query: unassignedCountQuery,
    response: z.number(),
  }),
  book: endpoint({
    method: 'POST',
    path: '/v2/schedule/book',
    power: SCHEDULE_POWERS.assign,
    body: bookBody,
    response: z.object({ id: z.number(), state: z.number() }),
  }),
  /** The business calendar's working days and hours for a range (the board greys the rest). */
  workingDays: endpoint({
    method: 'GET',
    path: '/v2/schedule/workingDays',
    power: SCHEDULE_POWERS.list,
    query: inRange(z.object(range)),
    response: z.array(workingDaySchema),
  }),
  myPosition: endpoint({ method: 'GET', path: '/v2/schedule/position', power: SCHEDULE_POWERS.mine, response: myPositionSchema }),
  reportPosition: endpoint({ method: 'POST', path: '/v2/schedule/position', power: SCHEDULE_POWERS.mine, body: positionBody, response: z.null() }),
  withdrawPosition: endpoint({ method: 'DELETE', path: '/v2/schedule/position', power: SCHEDULE_POWERS.mine, response: z.null() }),
};

/** The websocket frame the board listens for (eventType 'schedule'). */
export const SCHEDULE_EVENT = 'schedule';
