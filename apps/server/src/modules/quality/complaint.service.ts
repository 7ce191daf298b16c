// Complaints: created from an order, an event, a failed return visit or by hand; level deadlines on the SLA
// calendar; edits (analysis, responsibility, cost) and the state machine through changeState (docs/quality.md).
import {
  type BodyOf,
  COMPLAINT_ACTION_NAMES,
  COMPLAINT_DICTS,
  type ComplaintCreateBody,
  type ComplaintDetail,
  type ComplaintUpdateBody,
  type complaintContract as C,
  complaintAbilities,
  dictTypeByCode,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { gramsOf, texts } from '../../platform/search';
import { type PatchValue, insertStateLog } from '../../platform/state';
import { timeOf } from '../../platform/sql';
import { eventScope } from '../events/event.state';
import { orderInScope } from '../orders/scope';
import { complaintRow, complaintScope, toComplaintRow, type Row } from './complaint.repo';
import { deadlinesOf, deadlineOf, targetOf } from './complaint.sla';
import { COMPLAINT_STATE, complaintCtxOf, moveComplaint } from './complaint.state';
import { pathOf, pathText } from './fault.service';
import { dictValueOf } from './quality.dict';

type Rec = Record<string, unknown>;
const n = (v: unknown): number | null => (v == null ? null : Number(v));

const dictValue = dictValueOf;

async function checkUser(ex: Executor, ep: number, id: number | null | undefined): Promise<number | null> {
  if (!id) return null;
  const [u] = await rows<{ id: number }>(ex, sql`select id from users where enterprise_id = ${ep} and id = ${id} and deleted_at is null`);
  if (!u) throw invalid('处理人：请选择本企业的人员');
  return id;
}

/** What a complaint copies from its source. */
interface Source {
  sourceType: number;
  orderId?: number | null;
  eventId?: number | null;
  visitTaskId?: number | null;
  customerId: number | null;
  installedProductId: number | null;
  engineerId: number | null;
  providerId: number | null;
}

interface Opening extends Source {
  title: string;
  content: string | null;
  level: string;
  complainant: string | null;
  phone: string | null;
  handlerId: number | null;
}

/** Inserts a complaint with its deadlines and its creation log row; answers its id (null when the visit already has one). */
async function insertComplaint(tx: Tx, ep: number, actorId: number | null, o: Opening): Promise<number | null> {
  const [p] = o.installedProductId
    ? await rows<{ product_id: number; serial_number: string | null }>(
        tx,
        sql`select product_id, serial_number from installed_products where enterprise_id = ${ep} and id = ${o.installedProductId}`,
      )
    : [];
  const [cu] = o.customerId ? await rows<{ name: string }>(tx, sql`select name from customers where enterprise_id = ${ep} and id = ${o.customerId}`) : [];
  const now = Date.now();
  const due = await deadlinesOf(tx, ep, o.level, now, now);
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, event_id, visit_task_id, customer_id, customer_name,
        installed_product_id, product_model_id, serial_number, engineer_id, provider_id, handler_id, title, content, complainant, phone, level,
        resolve_started_at, response_due_at, resolve_due_at, created_by, created_at)
      values (${ep}, ${`TMP${now}${Math.random().toString(36).slice(2, 10)}`}, ${o.sourceType}, ${o.orderId ?? null}, ${o.eventId ?? null},
        ${o.visitTaskId ?? null}, ${o.customerId}, ${cu?.name ?? null}, ${o.installedProductId}, ${p?.product_id ?? null}, ${p?.serial_number ?? null},
        ${o.engineerId}, ${o.providerId}, ${o.handlerId}, ${o.title}, ${o.content}, ${o.complainant}, ${o.phone}, ${o.level},
        ${new Date(now).toISOString()}, ${due.response}, ${due.resolve}, ${actorId}, ${new Date(now).toISOString()})
      on conflict (enterprise_id, visit_task_id) do nothing
      returning id`,
  );
  if (!r) return null;
  const id = Number(r.id);
  const no = `TS${String(id).padStart(8, '0')}`;
  await tx.execute(sql`update complaints set complaint_no = ${no}, search_grams = ${texts(gramsOf(o.title, no, cu?.name ?? null))}
    where enterprise_id = ${ep} and id = ${id}`);
  await insertStateLog(tx, COMPLAINT_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId });
  return id;
}

/**
 * What a complaint copies from an event (opened on the event, or from its failed return visit): its customer, product,
 * principal (as the engineer) and contact. `scope` limits the events to those the caller sees.
 */
async function eventSource(ex: Executor, ep: number, eventId: number, scope: SQL = sql`true`) {
  const [e] = await rows<Rec>(
    ex,
    sql`select e.id, e.title, e.customer_id, e.installed_product_id, e.principal_id, e.custom_linkperson, e.custom_phone from events e
      where e.enterprise_id = ${ep} and e.id = ${eventId} and ${scope}`,
  );
  if (!e) return null;
  return {
    source: {
      sourceType: 2,
      eventId: Number(e.id),
      customerId: n(e.customer_id),
      installedProductId: n(e.installed_product_id),
      engineerId: n(e.principal_id),
      providerId: null,
    } satisfies Source,
    title: String(e.title),
    complainant: (e.custom_linkperson as string | null) ?? null,
    phone: (e.custom_phone as string | null) ?? null,
  };
}

/** A complaint opened by a user: its source must be in his scope (an order he may open, an event he sees, a customer of his enterprise). */
export async function create(db: Db, a: Actor, b: ComplaintCreateBody): Promise<number> {
  return db.transaction(async (tx) => {
    const level = (await dictValue(tx, a.enterpriseId, COMPLAINT_DICTS.level, b.level, '投诉等级')) as string;
    const handlerId = await checkUser(tx, a.enterpriseId, b.handlerId);
    let src: Source;
    if (b.sourceType === 1) {
      const o = await orderInScope(tx, a, b.orderId as number);
      src = {
        sourceType: 1,
        orderId: Number(o.id),
        customerId: n(o.customer_id),
        installedProductId: n(o.installed_product_id),
        engineerId: n(o.service_user_id),
        providerId: n(o.provider_id),
      };
    } else if (b.sourceType === 2) {
      const e = await eventSource(tx, a.enterpriseId, b.eventId as number, eventScope(a));
      if (!e) throw notFound();
      src = e.source;
    } else {
      const [c] = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${a.enterpriseId} and id = ${b.customerId as number}`);
      if (!c) throw notFound();
      if (b.installedProductId) {
        const [p] = await rows<{ id: number }>(
          tx,
          sql`select id from installed_products where enterprise_id = ${a.enterpriseId} and id = ${b.installedProductId} and customer_id = ${c.id}`,
        );
        if (!p) throw invalid('产品：请选择该客户的产品');
      }
      src = { sourceType: 4, customerId: Number(c.id), installedProductId: b.installedProductId ?? null, engineerId: null, providerId: null };
    }
    // A provider's user files complaints only on his provider's work.
    if (a.providerId != null && src.providerId !== a.providerId) throw notFound();
    return (await insertComplaint(tx, a.enterpriseId, a.id, {
      ...src,
      title: b.title,
      content: b.content ?? null,
      level,
      complainant: b.complainant ?? null,
      phone: b.phone ?? null,
      handlerId,
    })) as number;
  });
}

/**
 * A return visit that did not pass opens a complaint on its record (once per task), at the enterprise's first
 * complaint level: an order visit's on the order, an event visit's (type 6) on the event, through the same copy as a
 * complaint opened on the event. Runs in the visit's transaction, in a savepoint: a failure here never loses the visit.
 */
export async function openFromVisit(
  tx: Tx,
  /** The visitor (null: the customer answering the SMS survey). */
  a: { id: number | null; enterpriseId: number },
  taskId: number,
  reason: string,
  comment: string | null,
): Promise<number | null> {
  try {
    return await tx.transaction(async (sp) => {
      const [t] = await rows<{ visit_type: number; record_id: number; order_id: number | null }>(
        sp,
        sql`select visit_type, record_id, order_id from return_visit_tasks where enterprise_id = ${a.enterpriseId} and id = ${taskId}`,
      );
      if (!t) return null;
      let from: { source: Source; title: string; complainant: string | null; phone: string | null } | null = null;
      if (Number(t.visit_type) === 6) from = await eventSource(sp, a.enterpriseId, Number(t.record_id));
      else if (t.order_id != null) {
        const [o] = await rows<Rec>(
          sp,
          sql`select o.id, o.title, o.customer_id, o.installed_product_id, o.service_user_id, o.provider_id, o.custom_link_person, o.custom_phone
            from orders o where o.enterprise_id = ${a.enterpriseId} and o.id = ${t.order_id}`,
        );
        if (o) {
          from = {
            source: {
              sourceType: 1,
              orderId: Number(o.id),
              customerId: n(o.customer_id),
              installedProductId: n(o.installed_product_id),
              engineerId: n(o.service_user_id),
              providerId: n(o.provider_id),
            },
            title: String(o.title),
            complainant: (o.custom_link_person as string | null) ?? null,
            phone: (o.custom_phone as string | null) ?? null,
          };
        }
      }
      if (!from) return null;
      const [lv] = await rows<{ name: string }>(
        sp,
        sql`select name from dict_items where enterprise_id = ${a.enterpriseId} and type = ${dictTypeByCode(COMPLAINT_DICTS.level)?.type ?? -1} and enabled order by sort, id limit 1`,
      );
      return insertComplaint(sp as unknown as Tx, a.enterpriseId, a.id, {
        ...from.source,
        // The source is the return visit (3); the order or the event it visited stays linked.
        sourceType: 3,
        visitTaskId: taskId,
        title: `回访不通过：${from.title}`.slice(0, 100),
        content: `不通过原因：${reason}${comment ? `；回访备注：${comment}` : ''}`.slice(0, 2000),
        level: lv?.name ?? '一般投诉',
        complainant: from.complainant,
        phone: from.phone,
        handlerId: null,
      });
    });
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
}

async function scopedRow(ex: Executor, a: Actor, id: number, lock = false): Promise<Rec> {
  const [r] = await rows<Rec>(
    ex,
    sql`select * from complaints c where c.enterprise_id = ${a.enterpriseId} and c.id = ${id} and ${complaintScope(a)}${lock ? sql` for update` : sql``}`,
  );
  if (!r) throw notFound();
  return r;
}

const ms = (v: unknown): number => new Date(String(v)).getTime();

/** Edits the complaint's fields (not when closed); a changed level moves the deadlines not met yet. One winner per version. */
export async function update(db: Db, a: Actor, b: ComplaintUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await scopedRow(tx, a, b.id, true);
    if (b.version != null && Number(r.version) !== b.version) throw new AppError('STATE_CHANGED');
    if (Number(r.state) === 5) throw new AppError('COMPLAINT_CLOSED');
    const ep = a.enterpriseId;
    const level = (await dictValue(tx, ep, COMPLAINT_DICTS.level, b.level, '投诉等级')) as string;
    const patch: Record<string, PatchValue> = {
      title: b.title,
      content: b.content ?? null,
      level,
      complainant: b.complainant ?? null,
      phone: b.phone ?? null,
      handler_id: await checkUser(tx, ep, b.handlerId),
      responsibility: await dictValue(tx, ep, COMPLAINT_DICTS.responsibility, b.responsibility, '责任原因'),
      analysis_unit: await dictValue(tx, ep, COMPLAINT_DICTS.analysisUnit, b.analysisUnit, '分析单位'),
      sales_unit: await dictValue(tx, ep, COMPLAINT_DICTS.salesUnit, b.salesUnit, '销售单位'),
      place_of_use: await dictValue(tx, ep, COMPLAINT_DICTS.placeOfUse, b.placeOfUse, '使用场所'),
      cause_analysis: b.causeAnalysis ?? null,
      resolution: b.resolution ?? null,
      cost_parts: b.costParts,
      cost_labour: b.costLabour,
      cost_compensation: b.costCompensation,
    };
    if (b.faultModeId) {
      const [f] = await rows<{ id: number }>(tx, sql`select id from fault_modes where enterprise_id = ${ep} and id = ${b.faultModeId} for key share`);
      if (!f) throw invalid('故障模式：请从故障管理中选择');
    }
    patch.fault_mode_id = b.faultModeId ?? null;
    if (level !== r.level) {
      const due = await deadlinesOf(tx, ep, level, ms(r.created_at), ms(r.resolve_started_at ?? r.created_at));
      if (r.responded_at == null) patch.response_due_at = due.response;
      if (r.resolved_at == null) patch.resolve_due_at = due.resolve;
    }
    const sets = Object.entries(patch).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
    const done = await rows<{ id: number }>(
      tx,
      sql`update complaints set ${sql.join(sets, sql`, `)}, version = version + 1, updated_at = now(), search_grams = ${texts(gramsOf(b.title, String(r.complaint_no), r.customer_name as string | null))}
        where enterprise_id = ${ep} and id = ${b.id} and version = ${Number(r.version)} returning id`,
    );
    if (!done.length) throw new AppError('STATE_CHANGED');
    const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => String(v ?? '') !== String(r[k] ?? '')));
    await insertStateLog(tx, COMPLAINT_STATE, {
      enterpriseId: ep,
      id: b.id,
      from: Number(r.state),
      to: Number(r.state),
      action: 'edit',
      actorId: a.id,
      changed,
    });
  });
}

/** A state change: accept, investigate, resolve, close (responsibility and analysis unit required), reopen (a reason; counted). */
export async function act(db: Db, a: Actor, b: BodyOf<typeof C.action>): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await scopedRow(tx, a, b.id);
    const patch: Record<string, PatchValue> = {};
    if (b.action === 'accept') {
      patch.responded_at = sql`now()`;
      patch.handler_id = sql`coalesce(handler_id, ${a.id}::bigint)`;
    }
    if (b.action === 'resolve') patch.resolved_at = sql`now()`;
    if (b.action === 'close') patch.closed_at = sql`now()`;
    if (b.action === 'reopen') {
      if (!b.note) throw invalid('原因：请填写重新打开的原因');
      const t = await targetOf(tx, a.enterpriseId, String(r.level));
      const now = Date.now();
      Object.assign(patch, {
        reopen_count: sql`reopen_count + 1`,
        resolved_at: null,
        closed_at: null,
        resolve_started_at: new Date(now).toISOString(),
        resolve_due_at: await deadlineOf(tx, a.enterpriseId, now, t.resolveMinutes, t.business),
      });
    }
    const res = await moveComplaint(tx, {
      enterpriseId: a.enterpriseId,
      id: b.id,
      action: b.action,
      actorId: a.id,
      guard: complaintScope(a, 'complaints'),
      patch,
      note: b.note ?? null,
      expected: b.state ?? Number(r.state),
    });
    return res.to;
  });
}

export async function detail(db: Db, a: Actor, id: number): Promise<ComplaintDetail> {
  const r = await complaintRow(db, a, id);
  if (!r) throw notFound();
  const log = await rows<{ action: string; from_state: number | null; to_state: number; note: string | null; user_name: string | null; time: string }>(
    db,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from complaint_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.complaint_id = ${id} order by l.id`,
  );
  const faultId = n(r.fault_mode_id);
  const money = (k: string) => Number(r[k] ?? 0);
  return {
    ...toComplaintRow(r as unknown as Row),
    content: (r.content as string | null) ?? null,
    complainant: (r.complainant as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    orderId: n(r.order_id),
    orderNo: (r.order_no as string | null) ?? null,
    eventId: n(r.event_id),
    visitTaskId: n(r.visit_task_id),
    installedProductId: n(r.installed_product_id),
    productModelId: n(r.product_model_id),
    handlerId: n(r.handler_id),
    responsibility: (r.responsibility as string | null) ?? null,
    analysisUnit: (r.analysis_unit as string | null) ?? null,
    salesUnit: (r.sales_unit as string | null) ?? null,
    placeOfUse: (r.place_of_use as string | null) ?? null,
    faultModeId: faultId,
    faultModePath: faultId ? pathText(await pathOf(db, a.enterpriseId, faultId)) : null,
    causeAnalysis: (r.cause_analysis as string | null) ?? null,
    resolution: (r.resolution as string | null) ?? null,
    costParts: money('cost_parts'),
    costLabour: money('cost_labour'),
    costCompensation: money('cost_compensation'),
    costTotal: money('cost_parts') + money('cost_labour') + money('cost_compensation'),
    respondedTime: (r.responded_time as string | null) ?? null,
    resolvedTime: (r.resolved_time as string | null) ?? null,
    closedTime: (r.closed_time as string | null) ?? null,
    version: Number(r.version),
    abilities: complaintAbilities(Number(r.state), complaintCtxOf(r)),
    log: log.map((l) => ({
      action: COMPLAINT_ACTION_NAMES[l.action as keyof typeof COMPLAINT_ACTION_NAMES] ?? l.action,
      fromState: n(l.from_state),
      toState: Number(l.to_state),
      note: l.note,
      userName: l.user_name,
      time: l.time,
    })),
  };
}

export type { SQL };
