// Return-visit tasks: the lists, the detail (with the order's summary, history and product), submitting a visit and
// taking a pool task. Every change goes through moveTask (platform changeState).
import {
  type BodyOf,
  type CreateOrderBody,
  type ExtValues,
  EVENT_ACTION_LABELS,
  REPAIR_ACTION_NAMES,
  NEXT_VISIT_REASON_DICT,
  NOT_PASSED_REASON_DICT,
  ORDER_ACTION_NAMES,
  type QueryOf,
  VISIT_DIMENSIONS,
  VISIT_POWERS,
  type VisitSubmitBody,
  type VisitTaskDetail,
  dictTypeByCode,
  hasPower,
  visitAbilities,
  type visitsContract as C,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { NOW } from '../../platform/sql';
import { cleanExtWith, presentExt } from '../forms/index';
import { latestVersion } from '../forms/index';
import { createOrder } from '../orders/index';
import { visitFailed } from './visits.signals';
import {
  callSecondsPlus,
  dayStartIn,
  earlierTasks,
  mine,
  nothing,
  pooled,
  providerScope,
  evaluateOrder,
  followUpSource,
  isFutureDate,
  myOpenCount,
  productSummary,
  setFollowUpOrder,
  setOrderVisitor,
  summaryStateCounts,
  type TaskDetailRow,
  type TaskQuery,
  stateCounts,
  taskFilters,
  taskPage,
  taskRow,
  toTaskRow,
  visitedHistory,
  type VisitedKind,
  visitedRecord,
} from './tasks.repo';
import { isVisitDesk, moveTask, VISIT_STATE, visitCtxOf } from './visits.state';
import { presentStateLog, stateLogOf } from '../../platform/state';
import { enabledDictItem } from '../settings/index';

/** Who sees every task: the /ReturnVisitTask desk and administrators. */
const seesAll = (a: Actor): boolean => a.admin || hasPower(a.powers, VISIT_POWERS.all);

export function listAll(db: Db, a: Actor, q: TaskQuery) {
  return taskPage(db, a, [...providerScope(a), ...taskFilters(q, a)], q);
}

export function listMine(db: Db, a: Actor, q: QueryOf<typeof C.myList>) {
  const who = q.pool === '1' ? (isVisitDesk(a) ? pooled(a) : nothing) : mine(a);
  return taskPage(db, a, [who, ...taskFilters(q, a)], q);
}

export function counts(db: Db, a: Actor, dataType: '0' | '1') {
  if (dataType === '1' && !seesAll(a)) throw new AppError('NO_POWER');
  // Every task of the enterprise: the per-day summary's sums (a provider's user is scoped, and mine is on its index).
  if (dataType === '1' && a.providerId == null) return summaryStateCounts(db, a.enterpriseId);
  return stateCounts(db, a.enterpriseId, dataType === '1' ? providerScope(a) : [mine(a)]);
}

/** The badge getAllVisitCount: my tasks to visit (1) and to visit again (4). */
export const badgeCount = (ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>): Promise<number> => myOpenCount(ex, a);

/** A task the caller may open: all for the desk; else his own, or a pool task he may take. Others: not found. */
export async function visibleTask(ex: Executor, a: Actor, id: number): Promise<TaskDetailRow> {
  const r = await taskRow(ex, a, id);
  if (!r) throw notFound();
  if (a.providerId != null && (r.provider_id ?? 0) !== a.providerId) throw notFound();
  if (seesAll(a)) return r;
  if (r.visitor_id != null && r.visitor_id === a.id) return r;
  if (r.visitor_id == null && r.state === 1 && isVisitDesk(a) && (r.engineer_id ?? 0) !== a.id) return r;
  throw notFound();
}

export async function detail(db: Db, a: Actor, id: number): Promise<VisitTaskDetail> {
  const r = await visibleTask(db, a, id);
  const log = await stateLogOf(db, VISIT_STATE, a, id);
  return {
    ...toTaskRow(r),
    // Scores are JSON numbers as saved; Number() keeps an old string score a number.
    scores: Object.fromEntries(Object.entries(r.scores ?? {}).map(([k, v]) => [k, Number(v)])),
    comment: r.comment,
    ext: r.ext ?? {},
    extFields:
      r.form_version_id == null
        ? []
        : await presentExt(db, a.enterpriseId, r.form_version_id, (r.ext ?? {}) as ExtValues, { roles: a.sysrole == null ? undefined : [a.sysrole] }),
    callSeconds: r.call_seconds ?? 0,
    followUpOrderId: r.follow_up_order_id,
    followUpOrderNo: r.follow_up_order_no,
    dimensions: r.dimensions ?? [],
    formTemplateId: r.form_template_id,
    contactName: r.custom_link_person,
    contactPhone: r.custom_phone,
    smsSentAt: r.sms_time,
    abilities: visitAbilities(r.state, visitCtxOf(a, r)),
    log: log.map((l) => presentStateLog(l)),
  };
}

/** The visited record's summary (an order, or an event for type 6), its history and the customer's product, for the visitor's page. */
export async function visitOrderDetail(db: Db, a: Actor, id: number) {
  const t = await visibleTask(db, a, id);
  // A repair-sent visit (type 53) shows the repair-sent order: its number, fault, handler and completion.
  const kind: VisitedKind = t.visit_type === 53 ? 'repair' : t.visit_type === 6 ? 'event' : 'order';
  const o = await visitedRecord(db, a, kind, t);
  if (!o) throw notFound();
  const history = await visitedHistory(db, a, kind, t);
  const p = o.installed_product_id ? await productSummary(db, a.enterpriseId, o.installed_product_id) : undefined;
  const earlier = o.customer_id == null ? [] : await earlierTasks(db, a, o.customer_id, id);
  const names: Record<string, string> = kind === 'repair' ? REPAIR_ACTION_NAMES : kind === 'event' ? EVENT_ACTION_LABELS : ORDER_ACTION_NAMES;
  return {
    order: {
      kind,
      id: o.id,
      orderNo: o.order_no,
      title: o.title,
      state: o.state,
      templateName: o.template_name,
      customerName: o.customer_name,
      contactName: o.custom_link_person,
      contactPhone: o.custom_phone,
      address: o.full_address,
      engineerName: o.engineer_name,
      finishTime: o.finish_time,
      detailDesc: o.detail_desc,
    },
    history: history.map((h) => ({
      action: names[h.action] ?? h.action,
      note: h.note,
      userName: h.user_name,
      time: h.time,
    })),
    product: p ? { id: p.id, name: p.name, serialNo: p.serial_number, warrantyEnd: p.warranty_end } : null,
    earlier: earlier.map((e) => ({ id: e.id, state: e.state, orderNo: e.order_no, returnVisitTime: e.visit_time })),
  };
}

/** An enabled item of a dictionary (by code), else a Chinese refusal naming the dictionary. */
async function dictItem(ex: Executor, ep: number, code: string, name: string | null | undefined, label: string): Promise<string> {
  if (!name) throw invalid(`${label}：请选择${label}`);
  const found = await enabledDictItem(ex, ep, dictTypeByCode(code)?.type ?? -1, name);
  if (!found) throw invalid(`${label}：请从字典“${label}”中选择`);
  return found;
}

const ACTION_OF = { 3: 'pass', 5: 'passUnrated', 2: 'fail', 4: 'later' } as const;

/** The scores of the plan's dimensions, each 1–5; a pass needs every one. */
function scoresOf(b: VisitSubmitBody, dims: number[], required: boolean): Record<string, number> {
  const given = b.scores as Record<string, number | undefined>;
  const out: Record<string, number> = {};
  for (const d of dims) {
    const v = given[String(d)];
    if (v == null) {
      if (required) throw invalid(`评分：请为“${VISIT_DIMENSIONS[d as keyof typeof VISIT_DIMENSIONS]}”打分`);
      continue;
    }
    out[String(d)] = v;
  }
  return out;
}

/** Not passed: a follow-up order for the dispatcher on the same customer, address and product (docs/visits.md). */
export async function openFollowUp(tx: Tx, a: Actor, orderId: number, reason: string, comment: string | null): Promise<number | null> {
  const o = await followUpSource(tx, a.enterpriseId, orderId);
  if (!o) return null;
  const body: CreateOrderBody = {
    orderType: o.template_id,
    customerId: o.customer_id,
    title: `回访不通过：${o.title}`.slice(0, 100),
    contactId: o.contact_id,
    addressId: o.address_id,
    productId: o.installed_product_id,
    priority: Math.max(o.priority ?? 1, 2),
    serviceGroupId: o.service_group_id,
    detailDesc: `原工单 ${o.order_no} 回访不通过，原因：${reason}${comment ? `；回访备注：${comment}` : ''}`.slice(0, 2000),
    // The same type's fields, as filled on the original order.
    ext: o.ext ?? {},
  } as CreateOrderBody;
  // The follow-up is the enterprise's (made for the visitor, who may not create orders himself). Each try is a
  // savepoint: a type since disabled or changed falls back to the default type; failing that the visit is still recorded.
  const as: Actor = { ...a, admin: true, sysrole: 3, providerId: null };
  for (const b of [body, { ...body, orderType: null, ext: {} }]) {
    try {
      return (await createOrder(tx as unknown as Db, as, b)).id;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
    }
  }
  return null;
}

/**
 * The return-visit form's answers: checked against the plan's form (its latest version, kind 8), the required fields
 * only on a pass (3, 5; not passed and next visit are often cut short). Without a form the answers are none.
 */
async function visitExtOf(tx: Tx, a: Actor, t: TaskDetailRow, b: VisitSubmitBody): Promise<Record<string, unknown>> {
  if (t.form_template_id == null) return { ext: {}, form_version_id: null };
  const v = await latestVersion(tx, a.enterpriseId, t.form_template_id);
  if (!v) return { ext: {}, form_version_id: null };
  const previous = (t.ext ?? {}) as ExtValues;
  const pass = b.state === 3 || b.state === 5;
  const fields = pass ? v.fields : v.fields.map((f) => ({ ...f, required: false }));
  const ext = await cleanExtWith(
    tx,
    a.enterpriseId,
    fields,
    { ...previous, ...((b.ext ?? {}) as ExtValues) },
    {
      previous,
      roles: a.sysrole == null ? undefined : [a.sysrole],
    },
  );
  return { ext, form_version_id: v.id };
}

/** Submits a visit: 3 passed (every score), 5 passed unrated, 2 not passed (a reason; opens a follow-up), 4 next visit (date and reason). */
export async function submit(db: Db, a: Actor, b: VisitSubmitBody, channel: 1 | 2 = 1) {
  return db.transaction(async (tx) => {
    const t = await visibleTask(tx, a, b.taskId);
    if (b.version != null && t.version !== b.version) throw new AppError('STATE_CHANGED');
    const dims = t.dimensions ?? [];
    const patch: Record<string, string | number | null | Record<string, unknown> | SQL> = {
      visited_at: NOW,
      channel,
      comment: b.comment ?? null,
      call_seconds: callSecondsPlus(b.callSeconds),
      next_visit_at: null,
    };
    Object.assign(patch, await visitExtOf(tx, a, t, b));
    let reason: string | null = null;
    if (b.state === 3) patch.scores = scoresOf(b, dims, true);
    if (b.state === 2) {
      reason = await dictItem(tx, a.enterpriseId, NOT_PASSED_REASON_DICT, b.reason, '不通过原因');
      patch.scores = scoresOf(b, dims, false);
    }
    if (b.state === 4) {
      if (!b.nextVisitDate) throw invalid('下次回访日期：请选择下次回访日期');
      if (!(await isFutureDate(tx, b.nextVisitDate, a.timeZone))) throw invalid('下次回访日期：请选择今天以后的日期');
      reason = await dictItem(tx, a.enterpriseId, NEXT_VISIT_REASON_DICT, b.reason, '下次回访原因');
      patch.next_visit_at = dayStartIn(b.nextVisitDate, a.timeZone);
    }
    if (b.state === 5) patch.scores = {};
    patch.reason = reason;
    // The log shows the state it moved to; the note adds the reason (and the next date).
    const note = reason ? `${reason}${b.state === 4 ? `（${b.nextVisitDate}）` : ''}` : null;
    await moveTask(tx, a, a.enterpriseId, b.taskId, ACTION_OF[b.state], { patch, note, expected: t.state });
    let followUpOrderId: number | null = null;
    // A failed visit opens a complaint: an order visit's carries the order's customer and engineer, an event visit's
    // the event's customer, contact, product and principal.
    if (b.state === 2)
      await visitFailed.publish(tx, { enterpriseId: a.enterpriseId, actorId: a.id, taskId: b.taskId, reason: reason as string, comment: b.comment ?? null });
    // An order visit opens a follow-up order; an event visit has no order to follow (docs/decisions.md).
    if (b.state === 2 && t.order_id != null) {
      followUpOrderId = await openFollowUp(tx, a, t.order_id, reason as string, b.comment ?? null);
      if (followUpOrderId) await setFollowUpOrder(tx, a.enterpriseId, b.taskId, followUpOrderId);
    }
    // The visit is where the customer's evaluation is taken: the order carries the scores of a rated visit.
    if (b.state === 3 && t.order_id != null) {
      await evaluateOrder(tx, a.enterpriseId, t.order_id, patch.scores, b.comment ?? null);
    }
    return { state: b.state, followUpOrderId };
  });
}

/** A pool task taken by a return visitor: exactly one winner (compare-and-set on the version). */
export async function grab(db: Db, a: Actor, b: BodyOf<typeof C.grab>): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await visibleTask(tx, a, b.taskId);
    if (b.version != null && t.version !== b.version) throw new AppError('VISIT_TAKEN');
    if ((t.engineer_id ?? 0) === a.id) throw new AppError('VISIT_OWN_ORDER');
    try {
      await moveTask(tx, a, a.enterpriseId, b.taskId, 'grab', { patch: { visitor_id: a.id }, note: '领取回访', expected: 1 });
    } catch (e) {
      // Someone took it between our read and our update.
      if (e instanceof AppError && e.code === 'STATE_CHANGED') throw new AppError('VISIT_TAKEN');
      throw e;
    }
    if (t.order_id != null) {
      await setOrderVisitor(tx, a.enterpriseId, t.order_id, a.id);
    }
  });
}
