import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { ids, optionalIds, requiredDate, requiredId } from '../customers/fields';
import { batchDispatchResult } from '../dispatch/dispatch.contract';
import { DRAFT_MAX_ENGINEERS, DRAFT_MAX_ORDERS, PLANNING_POWERS } from './planning.constants';

/** The dispatch assistant's calls (docs/planning.md). Times of a day are 'HH:mm' in the enterprise's zone. */

const hhmm = L(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为HH:mm'), '时间');

/** How travel was worked out: a routing service's answers, or straight-line distance × road factor at a set speed. */
export const travelBasis = z.object({
  /** At least one leg is an estimate. */
  estimate: z.boolean(),
  /** '高德路径规划' or '直线距离×1.3，按25公里/小时估算'. */
  label: z.string(),
});

export const legSchema = z.object({ km: z.number(), minutes: z.number() });

/** One reason behind a candidate's score: good ones raise it, others lower it. */
export const reasonSchema = z.object({ text: z.string(), good: z.boolean() });

export const candidateSchema = z.object({
  userId: z.number(),
  name: z.string(),
  providerName: z.string().nullable(),
  /** 0–100, best first. */
  score: z.number(),
  /** The earliest slot that fits his day ('YYYY-MM-DD HH:mm:ss'); null when none fits (then he is last). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** From where he will be then: '上一单 GD…', '基地' or '当前位置'. */
  from: z.string(),
  leg: legSchema.nullable(),
  /** Visits booked that day. */
  dayVisits: z.number(),
  reasons: z.array(reasonSchema),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const excludedSchema = z.object({ userId: z.number(), name: z.string(), reason: z.string() });

export const candidatesQuery = z.object({ orderId: requiredId('工单'), date: L(requiredDate('日期').optional(), '日期') });
export const candidatesAnswer = z.object({
  date: z.string(),
  travel: travelBasis,
  /** The order's SLA due ('YYYY-MM-DD HH:mm:ss'), null without a running clock. */
  dueAt: z.string().nullable(),
  rows: z.array(candidateSchema),
  /** Engineers a hard rule excludes, with the rule. */
  excluded: z.array(excludedSchema),
});
export type CandidatesAnswer = z.infer<typeof candidatesAnswer>;

/** One stop of an engineer's day. */
export const dayStopSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  title: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** The order's version (the apply sends it back). */
  version: z.number(),
  arrive: z.string(),
  start: z.string(),
  end: z.string(),
  /** The customer's window the start must keep ('09:00–12:00'): the schedule's time slot of the booked visit. */
  window: z.string().nullable(),
  leg: legSchema,
});
export const dayRouteSchema = z.object({ stops: z.array(dayStopSchema), km: z.number(), minutes: z.number() });

export const dayQuery = z.object({ userId: requiredId('服务人员'), date: requiredDate('日期') });
export const dayAnswer = z.object({
  userId: z.number(),
  name: z.string(),
  date: z.string(),
  travel: travelBasis,
  /** Where the day starts: his base or his shared position. */
  start: z.object({ latitude: z.number(), longitude: z.number(), label: z.string() }).nullable(),
  current: dayRouteSchema,
  proposed: dayRouteSchema,
  saving: legSchema,
  /** The proposed order differs from the booked one. */
  changed: z.boolean(),
  /** Booked visits without coordinates: kept at their times, left out of the route. */
  unlocated: z.array(z.object({ orderId: z.number(), orderNo: z.string(), title: z.string(), start: z.string() })),
  /** Why nothing better was found ('时间窗内没有更短的顺序'), or null. */
  note: z.string().nullable(),
});
export type DayAnswer = z.infer<typeof dayAnswer>;

export const applyDayBody = z.object({
  userId: requiredId('服务人员'),
  date: requiredDate('日期'),
  stops: L(
    z
      .array(z.object({ orderId: requiredId('工单'), start: hhmm, version: L(coerceInt('bigint', '版本不正确'), '版本') }))
      .min(1, '没有要调整的上门时间')
      .max(50, '一次最多50项'),
    '路线',
  ),
});
export const applyDayAnswer = z.object({ moved: z.number(), notified: z.number() });

const source = L(
  coerceInt('smallint', '工单来源不正确').refine((n) => n === 1 || n === 2 || n === 3, '工单来源不正确') as unknown as z.ZodType<1 | 2 | 3>,
  '工单来源',
);
export const createDraftBody = z
  .object({
    date: requiredDate('日期'),
    source,
    orderIds: optionalIds('工单', DRAFT_MAX_ORDERS),
    userIds: optionalIds('服务人员', DRAFT_MAX_ENGINEERS),
  })
  .refine((b) => b.source !== 3 || (b.orderIds?.length ?? 0) > 0, { message: '请选择工单', path: ['orderIds'] });
export type CreateDraftBody = z.infer<typeof createDraftBody>;

export const proposalSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  title: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  userId: z.number(),
  userName: z.string(),
  start: z.string(),
  end: z.string(),
  leg: legSchema,
  /** PROPOSAL_STATE: 1 建议, 2 已接受, 3 已移除. */
  state: z.number(),
  /** Moved by the dispatcher after the planner proposed it. */
  moved: z.boolean(),
  /** The start lies past the order's SLA due. */
  late: z.boolean(),
  /** Bumped by every move and decision: a move sends the version it saw. */
  version: z.number(),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const draftSchema = z.object({
  id: z.number(),
  date: z.string(),
  source: z.number(),
  createdAt: z.string(),
  createdBy: z.string(),
  travel: travelBasis,
  /** `start`: where his day starts (his base, else his shared position), the first point of his line on the map. */
  engineers: z.array(z.object({ userId: z.number(), name: z.string(), start: z.object({ latitude: z.number(), longitude: z.number() }).nullable() })),
  proposals: z.array(proposalSchema),
  unplaced: z.array(z.object({ orderId: z.number(), orderNo: z.string(), title: z.string(), reason: z.string() })),
  totals: z.object({ km: z.number(), minutes: z.number(), slaMisses: z.number() }),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftQuery = z.object({ id: requiredId('草稿') });
export const moveProposalBody = z.object({
  draftId: requiredId('草稿'),
  orderId: requiredId('工单'),
  userId: requiredId('服务人员'),
  start: hhmm,
  /** The proposal's version as the dispatcher saw it: moved or decided since, the move answers 数据已变更. */
  version: L(coerceInt('integer', '版本不正确'), '版本'),
});
export const removeProposalBody = z.object({ draftId: requiredId('草稿'), orderId: requiredId('工单') });
export const acceptDraftBody = z.object({ draftId: requiredId('草稿'), orderIds: L(ids('工单', DRAFT_MAX_ORDERS).optional(), '工单') });

export const planningContract = {
  candidates: endpoint({
    method: 'GET',
    path: '/v2/planning/candidates',
    title: '工单的推荐人选',
    power: PLANNING_POWERS.assign,
    query: candidatesQuery,
    response: candidatesAnswer,
  }),
  day: endpoint({
    method: 'GET',
    path: '/v2/planning/day',
    title: '服务人员当天路线优化',
    power: PLANNING_POWERS.assign,
    query: dayQuery,
    response: dayAnswer,
  }),
  applyDay: endpoint({
    method: 'POST',
    path: '/v2/planning/day/apply',
    title: '应用优化后的路线',
    power: PLANNING_POWERS.assign,
    body: applyDayBody,
    response: applyDayAnswer,
  }),
  createDraft: endpoint({
    method: 'POST',
    path: '/v2/planning/draft',
    title: '生成排班草稿',
    power: PLANNING_POWERS.assign,
    body: createDraftBody,
    response: draftSchema,
  }),
  draft: endpoint({ method: 'GET', path: '/v2/planning/draft', title: '排班草稿', power: PLANNING_POWERS.assign, query: draftQuery, response: draftSchema }),
  moveProposal: endpoint({
    method: 'POST',
    path: '/v2/planning/draft/move',
    title: '调整草稿中的安排',
    power: PLANNING_POWERS.assign,
    body: moveProposalBody,
    response: draftSchema,
  }),
  removeProposal: endpoint({
    method: 'POST',
    path: '/v2/planning/draft/remove',
    title: '移除草稿中的安排',
    power: PLANNING_POWERS.assign,
    body: removeProposalBody,
    response: draftSchema,
  }),
  acceptDraft: endpoint({
    method: 'POST',
    path: '/v2/planning/draft/accept',
    title: '接受排班草稿',
    power: PLANNING_POWERS.assign,
    body: acceptDraftBody,
    response: batchDispatchResult,
  }),
};
