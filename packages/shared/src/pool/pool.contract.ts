import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { coord, ids, optionalId, optionalText, requiredDate, requiredId, requiredText } from '../customers/fields';
import { bespokeBody } from '../orders/order.actions.contract';

/**
 * The order pool (工单池 / 抢单; docs/api.md "Order pool"). Dispatchers put orders in and take
 * them out; engineers see the pooled orders they are eligible for and grab one (POST /v2/order/grab);
 * return-visit staff claim a completed order's return visit (visitUserGrab).
 */

export const POOL_POWERS = {
  /** The pool page: everyone who may grab, and the dispatchers who watch it. */
  pool: 'menu_OrderHighSeas',
  /** Putting orders in and out, the rules and the engineers' pool settings. */
  manage: 'menu_AssignOrder',
  /** Claiming a return visit. */
  visit: 'menu_ReturnVisitOrder',
} as const;
const PLAN = 'orderHighSeas';

/** Settings (system-settings catalogue): minutes unclaimed before an order goes back to the dispatcher; minutes an engineer may give a grab back. */
export const POOL_SETTINGS = {
  unclaimedMinutes: 'order_pool_unclaimed_minutes',
  revokeMinutes: 'order_pool_revoke_minutes',
  enabled: 'order_high_seas',
} as const;

const orderId = requiredId('工单');
const version = L(coerceInt('integer', '工单版本不正确').min(0, '工单版本不正确').optional(), '工单版本');
const skillTag = z.string().trim().min(1, '技能标签不能为空').max(20, '技能标签不能超过20个字');
const skillList = L(z.array(skillTag, { error: '技能标签不正确' }).max(20, '技能标签最多20个').default([]), '技能标签');
const areaCode = L(
  z
    .string()
    .trim()
    .regex(/^\d{2,12}$/, '地区编码不正确')
    .nullish(),
  '地区',
);

/** GET /v2/order/pool/list: the pool as the viewer may see it (engineers: what they are eligible for, with the distance from their base). */
export const poolListQuery = pageQuery.extend({ keyword: optionalText('关键字', 50) });
export const poolRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  version: z.number(),
  priority: z.number(),
  customerName: z.string().nullable(),
  fullAddress: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Metres from the engineer's base (null without a base or coordinates). */
  distance: z.number().nullable(),
  serviceGroupName: z.string().nullable(),
  skills: z.array(z.string()),
  appointmentAt: z.string().nullable(),
  pooledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PoolRow = z.infer<typeof poolRow>;
export const poolListResult = z.object({
  list: z.array(poolRow),
  count: z.number(),
  /** Engineers: grabs left today under their daily cap (null: no cap; dispatchers: null). */
  grabsLeft: z.number().nullable(),
  manage: z.boolean(),
});

/** GET /v2/order/pool/mine: the engineer's grabbed orders that may still be given back (newest first, at most 50), and grabs left today. */
export const myGrab = z.object({ id: z.number(), orderNo: z.string(), title: z.string(), takenAt: z.string(), revokeUntil: z.string() });
export type MyGrab = z.infer<typeof myGrab>;
export const myGrabsResult = z.object({ grabs: z.array(myGrab), grabsLeft: z.number().nullable() });

/** POST /v2/order/visitUserGrab: the order (and the version the page showed, optional). */
export const visitGrabBody = z.object({ orderId, version });
/**
 * POST /v2/order/grab: the order, the version the page showed (optional), and optionally the visit time the engineer
 * chose ('YYYY-MM-DD HH:mm[:ss]', the enterprise's zone): it becomes the appointment, checked in the grab's transaction.
 */
export const grabBody = z.object({ orderId, version, bespokeTime: bespokeBody.shape.bespokeTime.optional() });

/** GET /v2/order/pool/freeSlots: the viewer's free visit times for a pooled order over the coming days. */
export const freeSlotsQuery = z.object({
  orderId,
  /** The first day ('YYYY-MM-DD'; default and at the earliest today). */
  startDate: requiredDate('开始日期').optional(),
  days: L(coerceInt('integer').min(1, '天数不能小于1').max(14, '天数不能超过14').default(7), '天数'),
});
export const freeDay = z.object({ date: z.string(), times: z.array(z.string()) });
export type FreeDay = z.infer<typeof freeDay>;
export const freeSlotsResult = z.object({
  /** The order's requested time ('YYYY-MM-DD HH:mm', the enterprise's zone), if any. */
  requested: z.string().nullable(),
  /** Whether the viewer is free at the requested time (no requested time: true). */
  requestedFree: z.boolean(),
  /** The clash message at the requested time (null when free). */
  clash: z.string().nullable(),
  days: z.array(freeDay),
});
/** POST /v2/order/revokeGrab: give a grabbed order back to the pool with the reason. */
export const revokeGrabBody = z.object({ orderId, reason: requiredText('退回原因', 500) });
/** POST /v2/order/pool/put: put orders (待派单, unassigned) into the pool, optionally requiring skill tags. */
export const poolPutBody = z.object({ orderIds: ids('工单', 100), skills: skillList });
/** GET /v2/order/pool/candidates: the 待派单 orders that may go in (unassigned, not in the pool, valid) by number or title; newest 20. */
export const poolCandidatesQuery = z.object({ keyword: optionalText('关键字', 50) });
export const poolCandidate = z.object({ id: z.number(), orderNo: z.string(), title: z.string() });
export type PoolCandidate = z.infer<typeof poolCandidate>;
/** POST /v2/order/pool/take: take orders out of the pool (back to 待派单). */
export const poolTakeBody = z.object({ orderIds: ids('工单', 100) });
export const grabResult = z.object({ id: z.number(), state: z.number() });
export const poolBatchResult = z.object({ count: z.number() });

/** Pool rules: a new, still unassigned order that matches (order type, area) enters the pool. */
export const poolRuleBody = z.object({
  id: optionalId('规则'),
  name: requiredText('规则名称', 50),
  enabled: L(z.boolean().default(true), '是否启用'),
  templateId: optionalId('工单类型'),
  provinceCode: areaCode,
  cityCode: areaCode,
  districtCode: areaCode,
  skills: skillList,
  sort: L(coerceInt('integer').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0), '排序'),
});
export type PoolRuleInput = z.input<typeof poolRuleBody>;
export const poolRule = z.object({
  id: z.number(),
  name: z.string(),
  enabled: z.boolean(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  skills: z.array(z.string()),
  sort: z.number(),
});
export type PoolRule = z.infer<typeof poolRule>;
export const poolRuleIdBody = z.object({ id: requiredId('规则') });

/** An engineer's pool settings: service areas (area codes) or a base with a radius, skill tags, a daily cap (0 none). */
export const poolProfileBody = z
  .object({
    userId: requiredId('服务人员'),
    areaCodes: L(
      z
        .array(
          z
            .string()
            .trim()
            .regex(/^\d{2,12}$/, '地区编码不正确'),
        )
        .max(50, '服务区域最多50个')
        .default([]),
      '服务区域',
    ),
    baseLat: coord('基地纬度', 90),
    baseLng: coord('基地经度', 180),
    radiusM: L(coerceInt('integer').min(100, '服务半径不能小于100米').max(500_000, '服务半径不能大于500公里').nullish(), '服务半径'),
    skills: skillList,
    dailyCap: L(coerceInt('integer').min(0, '每日抢单上限不能小于0').max(999, '每日抢单上限不能大于999').default(0), '每日抢单上限'),
  })
  .refine((b) => b.radiusM == null || (b.baseLat != null && b.baseLng != null), { message: '请先填写基地位置', path: ['radiusM'] });
export const poolProfile = z.object({
  userId: z.number(),
  name: z.string(),
  areaCodes: z.array(z.string()),
  baseLat: z.number().nullable(),
  baseLng: z.number().nullable(),
  radiusM: z.number().nullable(),
  skills: z.array(z.string()),
  dailyCap: z.number(),
});
export type PoolProfile = z.infer<typeof poolProfile>;

const post = <B extends z.ZodType, R extends z.ZodType>(path: string, power: string, body: B, response: R) =>
  endpoint({ method: 'POST', path, power, plan: PLAN, body, response });

export const poolContract = {
  list: endpoint({ method: 'GET', path: '/v2/order/pool/list', power: POOL_POWERS.pool, plan: PLAN, query: poolListQuery, response: poolListResult }),
  mine: endpoint({ method: 'GET', path: '/v2/order/pool/mine', power: POOL_POWERS.pool, plan: PLAN, response: myGrabsResult }),
  grab: post('/v2/order/grab', POOL_POWERS.pool, grabBody, grabResult),
  revokeGrab: post('/v2/order/revokeGrab', POOL_POWERS.pool, revokeGrabBody, grabResult),
  freeSlots: endpoint({
    method: 'GET',
    path: '/v2/order/pool/freeSlots',
    power: POOL_POWERS.pool,
    plan: PLAN,
    query: freeSlotsQuery,
    response: freeSlotsResult,
  }),
  visitUserGrab: endpoint({ method: 'POST', path: '/v2/order/visitUserGrab', power: POOL_POWERS.visit, body: visitGrabBody, response: grabResult }),
  candidates: endpoint({
    method: 'GET',
    path: '/v2/order/pool/candidates',
    power: POOL_POWERS.manage,
    plan: PLAN,
    query: poolCandidatesQuery,
    response: z.array(poolCandidate),
  }),
  put: post('/v2/order/pool/put', POOL_POWERS.manage, poolPutBody, poolBatchResult),
  take: post('/v2/order/pool/take', POOL_POWERS.manage, poolTakeBody, poolBatchResult),
  rules: endpoint({ method: 'GET', path: '/v2/order/pool/rules', power: POOL_POWERS.manage, plan: PLAN, response: z.array(poolRule) }),
  saveRule: post('/v2/order/pool/rules/save', POOL_POWERS.manage, poolRuleBody, z.object({ id: z.number() })),
  deleteRule: post('/v2/order/pool/rules/delete', POOL_POWERS.manage, poolRuleIdBody, z.null()),
  profiles: endpoint({ method: 'GET', path: '/v2/order/pool/profiles', power: POOL_POWERS.manage, plan: PLAN, response: z.array(poolProfile) }),
  saveProfile: post('/v2/order/pool/profiles/save', POOL_POWERS.manage, poolProfileBody, z.null()),
};
