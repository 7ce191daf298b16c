import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalId, optionalText, requiredId, timeFilter } from '../customers/fields';
import { CALL_DIRECTIONS, CALL_EVENT_KINDS, CALL_POWER, CALL_STATES, CALLBACK_STATES } from './calls.constants';

const oneOf = (table: Record<number, unknown>, label: string, allowed: string) =>
  L(
    coerceInt('smallint', `${label}只能是${allowed}`).refine((n) => n in table, `${label}只能是${allowed}`),
    label,
  );
const NUMBER_RE = /^\+?[\d\- ]{3,24}$/;
const numberField = (label: string) =>
  L(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .regex(NUMBER_RE, `${label}格式不正确`),
    label,
  );
const seatNoField = L(
  z
    .string({ error: '请输入坐席号' })
    .trim()
    .min(1, '请输入坐席号')
    .max(32, '坐席号不能超过32个字符')
    .regex(/^[\w\-.]+$/, '坐席号只能包含字母、数字、-、_和.'),
  '坐席号',
);

// ---- seats ----

export const callSeatSchema = z.object({
  /** The seat's id; null when the user has no seat. */
  id: z.number().nullable(),
  fkTUserId: z.number(),
  userName: z.string(),
  /** 0 disabled (or no seat), 1 enabled. */
  enableState: z.number(),
  seatNo: z.string().nullable(),
  /** SEAT_STATES: 0 停用, 1 空闲, 2 通话中, 3 离开. */
  seatState: z.number(),
  /** The user's availability tag (人员状态) the state follows. */
  statusName: z.string().nullable(),
  /** The call on the seat now (ringing or talking). */
  currentCallId: z.number().nullable(),
});
export type CallSeat = z.infer<typeof callSeatSchema>;

export const seatCollectSchema = z.object({
  list: z.array(callSeatSchema),
  total: z.number(),
  idle: z.number(),
  talking: z.number(),
  away: z.number(),
  disabled: z.number(),
});

export const seatBody = z.object({
  id: optionalId('坐席'),
  fkTUserId: requiredId('坐席人员'),
  seatNo: seatNoField,
  enableState: L(z.union([z.literal(0), z.literal(1)], { error: '启用状态只能是0或1' }).default(1), '启用状态'),
});

// ---- call records ----

export const callRecordQuery = pageQuery.extend({
  direction: oneOf(CALL_DIRECTIONS, '呼叫方向', '1（呼入）或2（呼出）').optional(),
  state: oneOf(CALL_STATES, '通话状态', '1、2、3或4').optional(),
  callbackState: oneOf(CALLBACK_STATES, '回电状态', '0、1或2').optional(),
  fkTUserId: optionalId('坐席人员'),
  customerId: optionalId('客户'),
  /** A prefix of the number (digits). */
  number: L(
    z
      .string()
      .trim()
      .max(24, '号码不能超过24个字符')
      .regex(/^[\d+\- ]*$/, '号码只能包含数字')
      .optional(),
    '号码',
  ),
  startTime: timeFilter('开始时间'),
  endTime: timeFilter('结束时间'),
});
export type CallRecordQuery = z.infer<typeof callRecordQuery>;
export const callRecordCountQuery = callRecordQuery.omit({ pageIndex: true, pageSize: true });

export const callRecordSchema = z.object({
  id: z.number(),
  callId: z.string(),
  direction: z.number(),
  number: z.string(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  contactId: z.number().nullable(),
  contactName: z.string().nullable(),
  seatNo: z.string().nullable(),
  fkTUserId: z.number().nullable(),
  userName: z.string().nullable(),
  state: z.number(),
  callbackState: z.number(),
  startTime: z.string(),
  answerTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Seconds of talk. */
  duration: z.number(),
  recordingUrl: z.string().nullable(),
  eventId: z.number().nullable(),
  eventNo: z.string().nullable(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  remark: z.string().nullable(),
});
export type CallRecord = z.infer<typeof callRecordSchema>;

export const callRecordCreateBody = z.object({
  direction: oneOf(CALL_DIRECTIONS, '呼叫方向', '1（呼入）或2（呼出）'),
  number: numberField('号码'),
  customerId: optionalId('客户'),
  contactId: optionalId('联系人'),
  orderId: optionalId('工单'),
  eventId: optionalId('事件'),
  startTime: L(timeFilter('开始时间'), '开始时间'),
  duration: L(coerceInt('integer', '通话时长不正确').min(0, '通话时长不能小于0').max(86400, '通话时长不能超过86400秒').default(0), '通话时长'),
  remark: optionalText('备注', 500),
});

/** What the agent sees when the seat rings (and on the call's detail). */
export const callPopSchema = z.object({
  record: callRecordSchema,
  /** Seconds since the call rang (or was answered, while talking), by the server's clock: the call timer starts there. */
  elapsed: z.number(),
  customer: z.object({ id: z.number(), name: z.string(), phone: z.string().nullable(), level: z.number().nullable() }).nullable(),
  contact: z.object({ id: z.number(), name: z.string(), phone: z.string(), position: z.string().nullable() }).nullable(),
  products: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      serialNumber: z.string().nullable(),
      modelName: z.string().nullable(),
      /** coverageOf: 0 unknown, 1 在保, 2 过保, 3 延保. */
      warrantyState: z.number(),
      warrantyEnd: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.number(),
      orderNo: z.string(),
      title: z.string(),
      state: z.number(),
      createTime: z.string(),
      /** The nearest running SLA clock: its deadline, and whether it has breached. */
      slaDeadline: z.string().nullable(),
      slaBreached: z.boolean(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.number(),
      eventNo: z.string(),
      title: z.string(),
      state: z.number(),
      createTime: z.string(),
      slaDeadline: z.string().nullable(),
      slaBreached: z.boolean(),
    }),
  ),
  /** Earlier calls of the number (newest first, at most 5). */
  history: z.array(z.object({ id: z.number(), direction: z.number(), state: z.number(), startTime: z.string() })),
});
export type CallPop = z.infer<typeof callPopSchema>;

/** The body a telephony platform posts (validated only after its signature is checked). */
export const callEventBody = z.object({
  /** The platform's id of the call; events of one call share it. */
  callId: L(
    z
      .string({ error: '请提供通话编号' })
      .trim()
      .min(1, '请提供通话编号')
      .max(64, '通话编号不能超过64个字符')
      .regex(/^[\w\-.:]+$/, '通话编号格式不正确'),
    '通话编号',
  ),
  event: L(z.enum(CALL_EVENT_KINDS, '事件只能是ringing、answered、ended或recording'), '事件'),
  direction: L(z.enum(['in', 'out'], '方向只能是in或out').default('in'), '方向'),
  /** The customer's number (the caller of an inbound call, the callee of an outbound one). */
  number: numberField('号码'),
  seatNo: L(seatNoField.optional(), '坐席号'),
  /** When it happened (unix seconds); the time it was received when absent. */
  time: L(coerceInt('bigint', '时间不正确').positive().optional(), '时间'),
  recordingUrl: L(
    z
      .string()
      .trim()
      .max(1000, '录音地址不能超过1000个字符')
      .regex(/^https?:\/\/\S+$/, '录音地址须以http://或https://开头')
      .optional(),
    '录音地址',
  ),
});
export type CallEventBody = z.infer<typeof callEventBody>;

const idQuery = z.object({ id: requiredId('通话记录') });
const idBody = z.object({ id: requiredId('通话记录') });
const power = CALL_POWER;

export const callsContract = {
  /** The caller's (or a user's) seat: the spec's `/call/seat/details`. */
  seatDetails: endpoint({
    method: 'GET',
    path: '/call/seat/details',
    query: z.object({ fkTUserId: L(coerceInt('bigint').positive().optional(), '用户') }),
    response: callSeatSchema,
  }),
  /** Every seat of the enterprise with its state, and the totals (the 呼叫中心 page's header). */
  seatCollect: endpoint({ method: 'GET', path: '/call/seat/collect', power, response: seatCollectSchema }),
  seatSave: endpoint({ method: 'POST', path: '/call/seat/save', power, adminOnly: true, body: seatBody, response: z.object({ id: z.number() }) }),
  seatDelete: endpoint({ method: 'DELETE', path: '/call/seat/delete', power, adminOnly: true, body: z.object({ id: requiredId('坐席') }), response: z.null() }),
  recordCount: endpoint({ method: 'GET', path: '/call/record/count', power, query: callRecordCountQuery, response: z.number() }),
  recordList: endpoint({ method: 'GET', path: '/call/record/list', power, query: callRecordQuery, response: z.array(callRecordSchema) }),
  /** A call recorded by hand (a call on a phone outside the platform). */
  recordCreate: endpoint({ method: 'POST', path: '/call/record/creat', power, body: callRecordCreateBody, response: z.object({ id: z.number() }) }),
  /** The screen pop of a call: customer, products with warranty, open orders and events with their SLA clocks. */
  recordPop: endpoint({ method: 'GET', path: '/call/record/pop', power, query: idQuery, response: callPopSchema }),
  /** Links an unmatched number's call to an existing contact (and later calls from it match that contact). */
  attachContact: endpoint({
    method: 'POST',
    path: '/call/record/attachContact',
    power,
    body: z.object({ id: requiredId('通话记录'), contactId: requiredId('联系人') }),
    response: z.object({ customerId: z.number(), contactId: z.number() }),
  }),
  /** 关联到已有工单: the caller rings about an open order; the call links to it (shown on the order and the call record). */
  linkOrder: endpoint({
    method: 'POST',
    path: '/call/record/linkOrder',
    power,
    body: z.object({ id: requiredId('通话记录'), orderId: requiredId('工单') }),
    response: z.object({ orderId: z.number() }),
  }),
  /** The calls of an order (taken from them or linked), with their recordings: for whoever may open the order. */
  ofOrder: endpoint({
    method: 'GET',
    path: '/call/record/ofOrder',
    query: z.object({ orderId: requiredId('工单') }),
    response: z.array(callRecordSchema),
  }),
  /** Closes a missed call's call-back task. */
  callbackDone: endpoint({ method: 'POST', path: '/call/record/callbackDone', power, body: idBody, response: z.null() }),
  /** Click-to-call from a customer or order page, through the enterprise's telephony provider. */
  dial: endpoint({
    method: 'POST',
    path: '/call/dial',
    body: z.object({
      number: numberField('号码'),
      customerId: optionalId('客户'),
      contactId: optionalId('联系人'),
      orderId: optionalId('工单'),
    }),
    response: z.object({ id: z.number() }),
  }),
  /** The provider-neutral call-event endpoint a telephony platform posts to (signed; docs/calls.md). */
  event: endpoint({
    method: 'POST',
    path: '/call/events/:enterpriseId',
    auth: 'public',
    // One platform posts every seat's events from one address: the people's limit, not a stranger's (docs/api.md).
    rate: 'people',
    body: z.looseObject({}),
    response: z.object({ callRecordId: z.number(), duplicate: z.boolean() }),
  }),
};
