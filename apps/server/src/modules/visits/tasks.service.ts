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
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { timeOf } from '../../platform/sql';
import { cleanExtWith, presentExt } from '../forms/ext.service';
import * as forms from '../forms/forms.repo';
import { createOrder } from '../orders/create.service';
import { openFromVisit } from '../quality/complaint.service';
import { presentRow, summaryStateCounts, type TaskQuery, stateCounts, taskFilters, taskPage, taskRow } from './tasks.repo';
import { isVisitDesk, moveTask, visitCtxOf } from './visits.state';

/** Who sees every task: the /ReturnVisitTask desk and administrators. */
const seesAll = (a: Actor): boolean => a.admin || hasPower(a.powers, VISIT_POWERS.all);
/** The caller's own tasks. */
const mine = (a: Actor): SQL => sql`t.visitor_id = ${a.id}`;
/** Pool tasks the caller may take: waiting, without a visitor, not of his own service. */
const pool = (a: Actor): SQL => sql`t.visitor_id is null and t.state = 1 and t.engineer_id is distinct from ${a.id}`;

/** An outsourced provider's user sees only the visits of his provider's orders (docs/permissions.md). */
const providerScope = (a: Actor): SQL[] =>
  a.providerId == null
    ? []
    : [sql`exists (select 1 from orders po where po.enterprise_id = t.enterprise_id and po.id = t.order_id and po.provider_id = ${a.providerId})`];

export function listAll(db: Db, a: Actor, q: TaskQuery) {
  return taskPage(db, a, [...providerScope(a), ...taskFilters(q, a)], q);
}

export function listMine(db: Db, a: Actor, q: QueryOf<typeof C.myList>) {
  const who = q.pool === '1' ? (isVisitDesk(a) ? pool(a) : sql`false`) : mine(a);
  return taskPage(db, a, [who, ...taskFilters(q, a)], q);
}

export function counts(db: Db, a: Actor, dataType: '0' | '1') {
  if (dataType === '1' && !seesAll(a)) throw new AppError('NO_POWER');
  // Every task of the enterprise: the per-day summary's sums (a provider's user is scoped, and mine is on its index).
  if (dataType === '1' && a.providerId == null) return summaryStateCounts(db, a.enterpriseId);
  return stateCounts(db, a.enterpriseId, dataType === '1' ? providerScope(a) : [mine(a)]);
}

/** The badge getAllVisitCount: my tasks to visit (1) and to visit again (4). */
export async function badgeCount(ex: Executor, a: Pick<Actor, 'id' | 'enterpriseId'>): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from return_visit_tasks t where t.enterprise_id = ${a.enterpriseId} and t.visitor_id = ${a.id} and t.state in (1, 4)`,
  );
  return Number(r?.n ?? 0);
}

/** A task the caller may open: all for the desk; else his own, or a pool task he may take. Others: not found. */
export async function visibleTask(ex: Executor, a: Actor, id: number) {
  const r = await taskRow(ex, a, id);
  if (!r) throw notFound();
  if (a.providerId != null && Number(r.provider_id ?? 0) !== a.providerId) throw notFound();
  if (seesAll(a)) return r;
  if (r.visitor_id != null && Number(r.visitor_id) === a.id) return r;
  if (r.visitor_id == null && Number(r.state) === 1 && isVisitDesk(a) && Number(r.engineer_id ?? 0) !== a.id) return r;
  throw notFound();
}

export async function detail(db: Db, a: Actor, id: number): Promise<VisitTaskDetail> {
  const r = await visibleTask(db, a, id);
  const log = await rows<{ action: string; from_state: number | null; to_state: number; note: string | null; user_name: string | null; time: string }>(
    db,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from return_visit_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.task_id = ${id} order by l.id`,
  );
  return {
    ...presentRow(r as never),
    scores: Object.fromEntries(Object.entries((r.scores ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Number(v)])),
    comment: (r.comment as string | null) ?? null,
    ext: (r.ext ?? {}) as Record<string, unknown>,
    extFields:
      r.form_version_id == null
        ? []
        : await presentExt(db, a.enterpriseId, Number(r.form_version_id), (r.ext ?? {}) as ExtValues, { roles: a.sysrole == null ? undefined : [a.sysrole] }),
    callSeconds: Number(r.call_seconds ?? 0),
    followUpOrderId: r.follow_up_order_id == null ? null : Number(r.follow_up_order_id),
    followUpOrderNo: (r.follow_up_order_no as string | null) ?? null,
    dimensions: ((r.dimensions ?? []) as number[]).map(Number),
    formTemplateId: r.form_template_id == null ? null : Number(r.form_template_id),
    contactName: (r.custom_link_person as string | null) ?? null,
    contactPhone: (r.custom_phone as string | null) ?? null,
    smsSentAt: (r.sms_time as string | null) ?? null,
    abilities: visitAbilities(Number(r.state), visitCtxOf(a, r)),
    log: log.map((l) => ({
      action: l.action,
      fromState: l.from_state == null ? null : Number(l.from_state),
      toState: Number(l.to_state),
      note: l.note,
      userName: l.user_name,
      time: l.time,
    })),
  };
}

/** The visited record's summary (an order, or an event for type 6), its history and the customer's product, for the visitor's page. */
export async function visitOrderDetail(db: Db, a: Actor, id: number) {
  const t = await visibleTask(db, a, id);
  const isEvent = Number(t.visit_type) === 6;
  // A repair-sent visit (type 53) shows the repair-sent order: its number, fault, handler and completion.
  const isRepair = Number(t.visit_type) === 53;
  const [o] = await rows<Record<string, string | number | null>>(
    db,
    isRepair
      ? sql`select r.id, r.repair_no as order_no, r.fault as title, r.state, null as template_name, coalesce(cu.name, r.customer_name, '') as customer_name,
          null as custom_link_person, null as custom_phone, null as full_address, e.name as engineer_name,
          ${timeOf(sql`r.completed_at`, a)} as finish_time, r.result as detail_desc, r.installed_product_id, r.customer_id
        from repair_orders r left join customers cu on cu.enterprise_id = r.enterprise_id and cu.id = r.customer_id
        left join users e on e.enterprise_id = r.enterprise_id and e.id = r.created_by
        where r.enterprise_id = ${a.enterpriseId} and r.id = ${t.record_id}`
      : isEvent
        ? sql`select ev.id, ev.event_no as order_no, ev.title, ev.state, ft.name as template_name, coalesce(cu.name, ev.custom_name, '') as customer_name,
          ev.custom_linkperson as custom_link_person, ev.custom_phone, ev.full_address, e.name as engineer_name,
          ${timeOf(sql`ev.closed_at`, a)} as finish_time, ev.description as detail_desc, ev.installed_product_id, ev.customer_id
        from events ev left join customers cu on cu.enterprise_id = ev.enterprise_id and cu.id = ev.customer_id
        left join form_templates ft on ft.enterprise_id = ev.enterprise_id and ft.id = ev.template_id
        left join users e on e.enterprise_id = ev.enterprise_id and e.id = ev.principal_id
        where ev.enterprise_id = ${a.enterpriseId} and ev.id = ${t.record_id}`
        : sql`select o.id, o.order_no, o.title, o.state, ft.name as template_name, cu.name as customer_name, o.custom_link_person, o.custom_phone,
          o.full_address, e.name as engineer_name, ${timeOf(sql`o.finished_at`, a)} as finish_time, o.detail_desc, o.installed_product_id, o.customer_id
        from orders o join customers cu on cu.enterprise_id = o.enterprise_id and cu.id = o.customer_id
        left join form_templates ft on ft.enterprise_id = o.enterprise_id and ft.id = o.template_id
        left join users e on e.enterprise_id = o.enterprise_id and e.id = o.service_user_id
        where o.enterprise_id = ${a.enterpriseId} and o.id = ${t.order_id}`,
  );
  if (!o) throw notFound();
  const history = await rows<{ action: string; note: string | null; user_name: string | null; time: string }>(
    db,
    isRepair
      ? sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
        from repair_order_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
        where l.enterprise_id = ${a.enterpriseId} and l.repair_id = ${t.record_id} order by l.id desc limit 50`
      : isEvent
        ? sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
        from event_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
        where l.enterprise_id = ${a.enterpriseId} and l.event_id = ${t.record_id} order by l.id desc limit 50`
        : sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
        from order_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
        where l.enterprise_id = ${a.enterpriseId} and l.order_id = ${t.order_id} order by l.id desc limit 50`,
  );
  const [p] = o.installed_product_id
    ? await rows<{ id: number; name: string; serial_number: string | null; warranty_end: string | null }>(
        db,
        sql`select id, name, serial_number, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end from installed_products
          where enterprise_id = ${a.enterpriseId} and id = ${o.installed_product_id}`,
      )
    : [];
  const earlier =
    o.customer_id == null
      ? []
      : await rows<{ id: number; state: number; order_no: string; visit_time: string | null }>(
          db,
          sql`select id, state, order_no, ${timeOf(sql`visited_at`, a)} as visit_time from return_visit_tasks
            where enterprise_id = ${a.enterpriseId} and customer_id = ${o.customer_id} and id <> ${id} order by created_at desc limit 5`,
        );
  const s = (v: unknown) => (v == null ? null : String(v));
  const names: Record<string, string> = isRepair ? REPAIR_ACTION_NAMES : isEvent ? EVENT_ACTION_LABELS : ORDER_ACTION_NAMES;
  return {
    order: {
      kind: isRepair ? ('repair' as const) : isEvent ? ('event' as const) : ('order' as const),
      id: Number(o.id),
      orderNo: String(o.order_no),
      title: String(o.title),
      state: Number(o.state),
      templateName: s(o.template_name),
      customerName: String(o.customer_name),
      contactName: s(o.custom_link_person),
      contactPhone: s(o.custom_phone),
      address: s(o.full_address),
      engineerName: s(o.engineer_name),
      finishTime: s(o.finish_time),
      detailDesc: s(o.detail_desc),
    },
    history: history.map((h) => ({
      action: names[h.action] ?? h.action,
      note: h.note,
      userName: h.user_name,
      time: h.time,
    })),
    product: p ? { id: Number(p.id), name: p.name, serialNo: p.serial_number, warrantyEnd: p.warranty_end } : null,
    earlier: earlier.map((e) => ({ id: Number(e.id), state: Number(e.state), orderNo: e.order_no, returnVisitTime: e.visit_time })),
  };
}

/** An enabled item of a dictionary (by code), else a Chinese refusal naming the dictionary. */
async function dictItem(ex: Executor, ep: number, code: string, name: string | null | undefined, label: string): Promise<string> {
  if (!name) throw invalid(`${label}：请选择${label}`);
  const type = dictTypeByCode(code)?.type;
  const [r] = await rows<{ name: string }>(
    ex,
    sql`select name from dict_items where enterprise_id = ${ep} and type = ${type ?? -1} and name = ${name} and enabled`,
  );
  if (!r) throw invalid(`${label}：请从字典“${label}”中选择`);
  return r.name;
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
  const [o] = await rows<Record<string, unknown>>(
    tx,
    sql`select order_no, title, template_id, customer_id, contact_id, address_id, installed_product_id, priority, service_group_id, ext
      from orders where enterprise_id = ${a.enterpriseId} and id = ${orderId}`,
  );
  if (!o) return null;
  const n = (v: unknown) => (v == null ? null : Number(v));
  const body: CreateOrderBody = {
    orderType: n(o.template_id),
    customerId: Number(o.customer_id),
    title: `回访不通过：${String(o.title)}`.slice(0, 100),
    contactId: n(o.contact_id),
    addressId: n(o.address_id),
    productId: n(o.installed_product_id),
    priority: Math.max(Number(o.priority ?? 1), 2),
    serviceGroupId: n(o.service_group_id),
    detailDesc: `原工单 ${String(o.order_no)} 回访不通过，原因：${reason}${comment ? `；回访备注：${comment}` : ''}`.slice(0, 2000),
    // The same type's fields, as filled on the original order.
    ext: (o.ext ?? {}) as Record<string, unknown>,
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
async function visitExtOf(tx: Tx, a: Actor, t: Record<string, unknown>, b: VisitSubmitBody): Promise<Record<string, unknown>> {
  if (t.form_template_id == null) return { ext: {}, form_version_id: null };
  const v = await forms.latestVersion(tx, a.enterpriseId, Number(t.form_template_id));
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
    if (b.version != null && Number(t.version) !== b.version) throw new AppError('STATE_CHANGED');
    const dims = ((t.dimensions ?? []) as number[]).map(Number);
    const patch: Record<string, string | number | null | Record<string, unknown> | SQL> = {
      visited_at: sql`now()`,
      channel,
      comment: b.comment ?? null,
      call_seconds: sql`call_seconds + ${b.callSeconds}`,
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
      const [d] = await rows<{ future: boolean }>(tx, sql`select ${b.nextVisitDate}::date > (now() at time zone ${a.timeZone})::date as future`);
      if (!d?.future) throw invalid('下次回访日期：请选择今天以后的日期');
      reason = await dictItem(tx, a.enterpriseId, NEXT_VISIT_REASON_DICT, b.reason, '下次回访原因');
      patch.next_visit_at = sql`(${b.nextVisitDate}::date)::timestamp at time zone ${a.timeZone}`;
    }
    if (b.state === 5) patch.scores = {};
    patch.reason = reason;
    // The log shows the state it moved to; the note adds the reason (and the next date).
    const note = reason ? `${reason}${b.state === 4 ? `（${b.nextVisitDate}）` : ''}` : null;
    await moveTask(tx, a, a.enterpriseId, b.taskId, ACTION_OF[b.state], { patch, note, expected: Number(t.state) });
    let followUpOrderId: number | null = null;
    // A failed visit opens a complaint: an order visit's carries the order's customer and engineer, an event visit's
    // the event's customer, contact, product and principal.
    if (b.state === 2) await openFromVisit(tx, a, b.taskId, reason as string, b.comment ?? null);
    // An order visit opens a follow-up order; an event visit has no order to follow (docs/decisions.md).
    if (b.state === 2 && t.order_id != null) {
      followUpOrderId = await openFollowUp(tx, a, Number(t.order_id), reason as string, b.comment ?? null);
      if (followUpOrderId) {
        await tx.execute(
          sql`update return_visit_tasks set follow_up_order_id = ${followUpOrderId} where enterprise_id = ${a.enterpriseId} and id = ${b.taskId}`,
        );
      }
    }
    // The visit is where the customer's evaluation is taken: the order carries the scores of a rated visit.
    if (b.state === 3 && t.order_id != null) {
      await tx.execute(sql`update orders set evaluation = ${JSON.stringify({ scores: patch.scores, comment: b.comment ?? null, source: 'returnVisit' })}::jsonb,
          evaluated_at = coalesce(evaluated_at, now()) where enterprise_id = ${a.enterpriseId} and id = ${t.order_id} and evaluated_at is null`);
    }
    return { state: b.state, followUpOrderId };
  });
}

/** A pool task taken by a return visitor: exactly one winner (compare-and-set on the version). */
export async function grab(db: Db, a: Actor, b: BodyOf<typeof C.grab>): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await visibleTask(tx, a, b.taskId);
    if (b.version != null && Number(t.version) !== b.version) throw new AppError('VISIT_TAKEN');
    if (Number(t.engineer_id ?? 0) === a.id) throw new AppError('VISIT_OWN_ORDER');
    try {
      await moveTask(tx, a, a.enterpriseId, b.taskId, 'grab', { patch: { visitor_id: a.id }, note: '领取回访', expected: 1 });
    } catch (e) {
      // Someone took it between our read and our update.
      if (e instanceof AppError && e.code === 'STATE_CHANGED') throw new AppError('VISIT_TAKEN');
      throw e;
    }
    if (t.order_id != null) {
      await tx.execute(sql`update orders set return_visitor_id = ${a.id}, version = version + 1, updated_at = now()
        where enterprise_id = ${a.enterpriseId} and id = ${t.order_id} and return_visitor_id is null`);
    }
  });
}
