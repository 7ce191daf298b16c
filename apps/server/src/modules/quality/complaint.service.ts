// Complaints: created from an order, an event, a failed return visit or by hand; level deadlines on the SLA
// calendar; edits (analysis, responsibility, cost) and the state machine through changeState (docs/quality.md).
import {
  type BodyOf,
  COMPLAINT_DICTS,
  type ComplaintCreateBody,
  type ComplaintDetail,
  type ComplaintUpdateBody,
  type complaintContract as C,
  complaintAbilities,
  dictTypeByCode,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { gramsOf, texts } from '../../platform/search';
import { NOW } from '../../platform/sql';
import { type PatchValue, insertStateLog } from '../../platform/state';
import { eventScope } from '../events/index';
import { orderInScope } from '../orders/index';
import {
  complaintLog,
  complaintRecord,
  complaintRow,
  complaintScope,
  customerOf,
  eventForComplaint,
  faultModeHeld,
  insertComplaintRow,
  liveUser,
  numberComplaint,
  orderForComplaint,
  toComplaintDetail,
  unitOf,
  unitOfCustomer,
  updateComplaint,
  handlerOr,
  REOPEN_COUNT_UP,
  visitForComplaint,
} from './complaint.repo';
import { syncComplaintClocks } from './complaint.sla';
import { COMPLAINT_STATE, complaintCtxOf, moveComplaint } from './complaint.state';
import { pathText } from '../faults/index';
import { pathOf } from '../faults/index';
import { dictValueOf } from './quality.dict';
import { firstDictItem } from '../settings/index';

const dictValue = dictValueOf;

async function checkUser(ex: Executor, ep: number, id: number | null | undefined): Promise<number | null> {
  if (!id) return null;
  if (!(await liveUser(ex, ep, id))) throw invalid('处理人：请选择本企业的人员');
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

/** Inserts a complaint, starts its deadline clocks and writes its creation log row; answers its id (null when the visit already has one). */
async function insertComplaint(tx: Tx, ep: number, actorId: number | null, o: Opening): Promise<number | null> {
  const p = o.installedProductId ? await unitOf(tx, ep, o.installedProductId) : undefined;
  const cu = o.customerId ? await customerOf(tx, ep, o.customerId) : undefined;
  const now = Date.now();
  const id = await insertComplaintRow(tx, ep, {
    tmpNo: `TMP${now}${Math.random().toString(36).slice(2, 10)}`,
    sourceType: o.sourceType,
    orderId: o.orderId ?? null,
    eventId: o.eventId ?? null,
    visitTaskId: o.visitTaskId ?? null,
    customerId: o.customerId,
    customerName: cu?.name ?? null,
    installedProductId: o.installedProductId,
    productModelId: p?.product_id ?? null,
    serialNumber: p?.serial_number ?? null,
    engineerId: o.engineerId,
    providerId: o.providerId,
    handlerId: o.handlerId,
    title: o.title,
    content: o.content,
    complainant: o.complainant,
    phone: o.phone,
    level: o.level,
    startedAt: new Date(now).toISOString(),
    // Set by the clocks below.
    responseDue: null,
    resolveDue: null,
    createdBy: actorId,
  });
  if (id == null) return null;
  await syncComplaintClocks(tx, ep, id, { level: o.level, responded: false, resolved: false }, { now });
  const no = `TS${String(id).padStart(8, '0')}`;
  await numberComplaint(tx, ep, id, no, texts(gramsOf(o.title, no, cu?.name ?? null)));
  await insertStateLog(tx, COMPLAINT_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId });
  return id;
}

/**
 * What a complaint copies from an event (opened on the event, or from its failed return visit): its customer, product,
 * principal (as the engineer) and contact. `scope` limits the events to those the caller sees.
 */
async function eventSource(ex: Executor, ep: number, eventId: number, scope?: SQL) {
  const e = await eventForComplaint(ex, ep, eventId, scope);
  if (!e) return null;
  return {
    source: {
      sourceType: 2,
      eventId: e.id,
      customerId: e.customer_id,
      installedProductId: e.installed_product_id,
      engineerId: e.principal_id,
      providerId: null,
    } satisfies Source,
    title: e.title,
    complainant: e.custom_linkperson,
    phone: e.custom_phone,
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
        orderId: o.id,
        customerId: o.customer_id,
        installedProductId: o.installed_product_id,
        engineerId: o.service_user_id,
        providerId: o.provider_id,
      };
    } else if (b.sourceType === 2) {
      const e = await eventSource(tx, a.enterpriseId, b.eventId as number, eventScope(a));
      if (!e) throw notFound();
      src = e.source;
    } else {
      const c = await customerOf(tx, a.enterpriseId, b.customerId as number);
      if (!c) throw notFound();
      if (b.installedProductId && !(await unitOfCustomer(tx, a.enterpriseId, b.installedProductId, c.id))) throw invalid('产品：请选择该客户的产品');
      src = { sourceType: 4, customerId: c.id, installedProductId: b.installedProductId ?? null, engineerId: null, providerId: null };
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
      const t = await visitForComplaint(sp, a.enterpriseId, taskId);
      if (!t) return null;
      let from: { source: Source; title: string; complainant: string | null; phone: string | null } | null = null;
      if (t.visit_type === 6) from = await eventSource(sp, a.enterpriseId, t.record_id);
      else if (t.order_id != null) {
        const o = await orderForComplaint(sp, a.enterpriseId, t.order_id);
        if (o) {
          from = {
            source: {
              sourceType: 1,
              orderId: o.id,
              customerId: o.customer_id,
              installedProductId: o.installed_product_id,
              engineerId: o.service_user_id,
              providerId: o.provider_id,
            },
            title: o.title,
            complainant: o.custom_link_person,
            phone: o.custom_phone,
          };
        }
      }
      if (!from) return null;
      const level = await firstDictItem(sp, a.enterpriseId, dictTypeByCode(COMPLAINT_DICTS.level)?.type ?? -1);
      return insertComplaint(sp as unknown as Tx, a.enterpriseId, a.id, {
        ...from.source,
        // The source is the return visit (3); the order or the event it visited stays linked.
        sourceType: 3,
        visitTaskId: taskId,
        title: `回访不通过：${from.title}`.slice(0, 100),
        content: `不通过原因：${reason}${comment ? `；回访备注：${comment}` : ''}`.slice(0, 2000),
        level: level ?? '一般投诉',
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

async function scopedRow(ex: Executor, a: Actor, id: number, lock = false) {
  const r = await complaintRecord(ex, a, id, lock);
  if (!r) throw notFound();
  return r;
}

/** Edits the complaint's fields (not when closed); a changed level moves the deadlines not met yet. One winner per version. */
export async function update(db: Db, a: Actor, b: ComplaintUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await scopedRow(tx, a, b.id, true);
    if (b.version != null && r.version !== b.version) throw new AppError('STATE_CHANGED');
    if (r.state === 5) throw new AppError('COMPLAINT_CLOSED');
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
      if (!(await faultModeHeld(tx, ep, b.faultModeId))) throw invalid('故障模式：请从故障管理中选择');
    }
    patch.fault_mode_id = b.faultModeId ?? null;
    if (!(await updateComplaint(tx, ep, b.id, r.version, patch, texts(gramsOf(b.title, r.complaint_no, r.customer_name))))) throw new AppError('STATE_CHANGED');
    if (level !== r.level) {
      // The clocks not met yet re-apply the new level's targets (the time counted so far is kept).
      await syncComplaintClocks(tx, ep, b.id, { level, responded: r.responded_at != null, resolved: r.resolved_at != null });
      const now = await scopedRow(tx, a, b.id);
      patch.response_due_at = now.response_due_at as string | null;
      patch.resolve_due_at = now.resolve_due_at as string | null;
    }
    const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => String(v ?? '') !== String(r[k] ?? '')));
    await insertStateLog(tx, COMPLAINT_STATE, {
      enterpriseId: ep,
      id: b.id,
      from: r.state,
      to: r.state,
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
      patch.responded_at = NOW;
      patch.handler_id = handlerOr(a.id);
    }
    if (b.action === 'resolve') patch.resolved_at = NOW;
    if (b.action === 'close') patch.closed_at = NOW;
    if (b.action === 'reopen') {
      if (!b.note) throw invalid('原因：请填写重新打开的原因');
      Object.assign(patch, { reopen_count: REOPEN_COUNT_UP, resolved_at: null, closed_at: null, resolve_started_at: NOW });
    }
    const res = await moveComplaint(tx, {
      enterpriseId: a.enterpriseId,
      id: b.id,
      action: b.action,
      actorId: a.id,
      guard: complaintScope(a, 'complaints'),
      patch,
      note: b.note ?? null,
      expected: b.state ?? r.state,
    });
    // Accepting meets the response clock, resolving the resolution clock; a reopen starts the resolution clock again.
    if (b.action === 'accept' || b.action === 'resolve' || b.action === 'reopen') {
      const responded = r.responded_at != null || b.action === 'accept';
      const resolved = b.action === 'resolve' || (b.action !== 'reopen' && r.resolved_at != null);
      await syncComplaintClocks(tx, a.enterpriseId, b.id, { level: r.level, responded, resolved }, { restartResolve: b.action === 'reopen' });
    }
    return res.to;
  });
}

export async function detail(db: Db, a: Actor, id: number): Promise<ComplaintDetail> {
  const r = await complaintRow(db, a, id);
  if (!r) throw notFound();
  const log = await complaintLog(db, a, id);
  return toComplaintDetail(r, log, {
    faultModePath: r.fault_mode_id ? pathText(await pathOf(db, a.enterpriseId, r.fault_mode_id)) : null,
    abilities: complaintAbilities(r.state, complaintCtxOf(r)),
  });
}

export type { SQL };
