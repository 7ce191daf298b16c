// Cases: 生成案例 from a completed order, dealer cases, edits, publish / withdraw through changeState, and the
// conversion of a dealer case into an order of source type 2 (docs/knowledge.md).
import { type BodyOf, CASE_ACTION_NAMES, type CaseDetail, type caseContract as C, caseAbilities, createOrderBody } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { gramsOf, texts } from '../../platform/search';
import { NOW } from '../../platform/sql';
import { insertStateLog } from '../../platform/state';
import { foreignUploadIds } from '../files/index';
import { createOrder } from '../orders/index';
import { orderInScope } from '../orders/index';
import { pathText } from '../faults/index';
import { pathOf } from '../faults/index';
import {
  caseLog,
  caseOfOrder,
  caseRow,
  caseScope,
  casesOfOrder,
  customerExists,
  insertCase,
  lockedCaseRecord,
  numberCase,
  orderFaultMode,
  orderPartsInUse,
  orderPhotos,
  presentView,
  setConvertedOrder,
  unitModel,
  updateCaseRow,
} from './case.repo';
import { heldRef } from './kb.repo';
import { CASE_STATE, moveCase } from './case.state';

const COMPLETED = 5;
const CREATE_ORDER_POWER = 'menu_CreateOrder';

const caseGrams = (c: { title: string; no: string; description?: string | null; remedy?: string | null; dealer?: string | null }) =>
  texts(gramsOf(c.title, c.no, c.description, c.remedy, c.dealer));

/** Sets the readable number and the grams once the id is known. */
async function finishInsert(
  tx: Executor,
  ep: number,
  id: number,
  c: { title: string; description?: string | null; remedy?: string | null; dealer?: string | null },
) {
  const no = `AL${String(id).padStart(8, '0')}`;
  await numberCase(tx, ep, id, no, caseGrams({ ...c, no }));
}

const tmpNo = () => `TMP${Date.now()}${Math.random().toString(36).slice(2, 10)}`;

/** Upload ids must be the enterprise's own. */
async function checkPhotos(ex: Executor, ep: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if ((await foreignUploadIds(ex, ep, unique)).length) throw invalid('照片：文件不存在');
  return unique;
}

/**
 * 生成案例: a draft case from a completed order in the caller's scope, with its product model, fault mode (path as the
 * remedy), parts in use (a snapshot) and photos (attachments and images of its conversation, as references). One case
 * per order: the order row is locked, and a second call answers the case already made.
 */
export async function fromOrder(db: Db, a: Actor, orderId: number): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const o = await orderInScope(tx, a, orderId, true);
    if (o.state !== COMPLETED) throw invalid('只有已完成的工单才能生成案例');
    const ep = a.enterpriseId;
    const had = await caseOfOrder(tx, ep, orderId);
    if (had) return { id: had.id, created: false };
    const p = o.installed_product_id ? await unitModel(tx, ep, o.installed_product_id) : undefined;
    const faultId = await orderFaultMode(tx, ep, orderId);
    const path = faultId ? await pathOf(tx, ep, faultId) : [];
    const parts = await orderPartsInUse(tx, ep, orderId);
    const photos = await orderPhotos(tx, ep, orderId, (o.attachments ?? []).map(Number));
    const title = o.title.slice(0, 100);
    const description = o.detail_desc ?? null;
    const remedy = path.length ? pathText(path) : null;
    const id = await insertCase(tx, ep, {
      tmpNo: tmpNo(),
      source: 1,
      orderId,
      dealerName: null,
      customerId: o.customer_id,
      installedProductId: o.installed_product_id,
      productModelId: p?.product_id ?? null,
      faultModeId: faultId,
      providerId: o.provider_id,
      title,
      description,
      remedy,
      parts,
      photos,
      createdBy: a.id,
    });
    await finishInsert(tx, ep, id, { title, description, remedy });
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: a.id, note: o.order_no });
    return { id, created: true };
  });
}

/** A dealer's case, entered by the enterprise's staff (not by a provider's user): a customer of the enterprise, optionally one of its units. */
export async function createDealer(db: Db, a: Actor, b: BodyOf<typeof C.create>): Promise<number> {
  if (a.providerId != null) throw new AppError('NO_POWER');
  return db.transaction(async (tx) => {
    const ep = a.enterpriseId;
    if (!(await customerExists(tx, ep, b.customerId))) throw notFound();
    let modelId: number | null = null;
    if (b.installedProductId) {
      const p = await unitModel(tx, ep, b.installedProductId, b.customerId);
      if (!p) throw invalid('产品：请选择该客户的产品');
      modelId = p.product_id;
    }
    const photos = await checkPhotos(tx, ep, b.photos ?? []);
    const id = await insertCase(tx, ep, {
      tmpNo: tmpNo(),
      source: 2,
      orderId: null,
      dealerName: b.dealerName,
      customerId: b.customerId,
      installedProductId: b.installedProductId ?? null,
      productModelId: modelId,
      faultModeId: null,
      providerId: null,
      title: b.title,
      description: b.description ?? null,
      remedy: null,
      parts: [],
      photos,
      createdBy: a.id,
    });
    await finishInsert(tx, ep, id, { title: b.title, description: b.description, dealer: b.dealerName });
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: a.id });
    return id;
  });
}

async function lockedCase(tx: Tx, a: Actor, id: number) {
  const r = await lockedCaseRecord(tx, a, id);
  if (!r) throw notFound();
  return r;
}

/** Edits a draft or withdrawn case (a published one is withdrawn first); one winner per version. */
export async function update(db: Db, a: Actor, b: BodyOf<typeof C.update>): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockedCase(tx, a, b.id);
    const ep = a.enterpriseId;
    if (b.version != null && r.version !== b.version) throw new AppError('STATE_CHANGED');
    if (r.state === 2) throw invalid('已发布的案例请先撤回再编辑');
    if (b.faultModeId && !(await heldRef(tx, ep, 'fault_modes', b.faultModeId))) throw invalid('故障模式：请从故障管理中选择');
    const photos = b.photos ? await checkPhotos(tx, ep, b.photos) : (r.photos ?? []).map(Number);
    await updateCaseRow(tx, ep, b.id, {
      title: b.title,
      description: b.description ?? null,
      remedy: b.remedy ?? null,
      faultModeId: b.faultModeId ?? null,
      photos,
      grams: caseGrams({ title: b.title, no: r.case_no, description: b.description, remedy: b.remedy, dealer: r.dealer_name }),
    });
    const before: Record<string, unknown> = { title: r.title, description: r.description, remedy: r.remedy, fault_mode_id: r.fault_mode_id };
    const after: Record<string, unknown> = {
      title: b.title,
      description: b.description ?? null,
      remedy: b.remedy ?? null,
      fault_mode_id: b.faultModeId ?? null,
    };
    const changed = Object.fromEntries(Object.entries(after).filter(([k, v]) => String(v ?? '') !== String(before[k] ?? '')));
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id: b.id, from: r.state, to: r.state, action: 'edit', actorId: a.id, changed });
  });
}

/** publish (with its scope: internal or public) or withdraw, compare-and-set on the state the caller saw. */
export async function act(db: Db, a: Actor, b: BodyOf<typeof C.action>): Promise<number> {
  const res = await moveCase(db, {
    enterpriseId: a.enterpriseId,
    id: b.id,
    action: b.action,
    actorId: a.id,
    guard: caseScope(a, 'cases'),
    patch: b.action === 'publish' ? { scope: b.scope ?? 1, published_at: NOW } : {},
    note: b.note ?? null,
    expected: b.state,
  });
  return res.to;
}

/**
 * A dealer case becomes an order of source type 2 (经销商案例转化): its customer, unit, title, description and photos.
 * The case row is locked, so parallel conversions make one order; the case keeps the order (converted_order_id) and
 * the order finds the case (/case/ofOrder). Needs the power to create orders as well.
 */
export async function convert(db: Db, a: Actor, id: number): Promise<{ orderId: number; orderNo: string }> {
  return db.transaction(async (tx) => {
    const r = await lockedCase(tx, a, id);
    if (!a.powers.includes(CREATE_ORDER_POWER)) throw new AppError('NO_POWER');
    if (r.source !== 2) throw invalid('只有经销商案例可以转为工单');
    if (r.converted_order_id != null) throw invalid('该案例已转为工单');
    if (r.state === 3) throw invalid('已撤回的案例不能转为工单');
    const body = createOrderBody.parse({
      customerId: r.customer_id,
      title: r.title,
      productId: r.installed_product_id ?? undefined,
      detailDesc: r.description ?? undefined,
      attachments: (r.photos ?? []).map(Number),
      source: 2,
    });
    const o = await createOrder(tx as unknown as Db, a, body);
    await setConvertedOrder(tx, a.enterpriseId, id, o.id);
    await insertStateLog(tx, CASE_STATE, {
      enterpriseId: a.enterpriseId,
      id,
      from: r.state,
      to: r.state,
      action: 'convert',
      actorId: a.id,
      note: o.orderNo,
    });
    return { orderId: o.id, orderNo: o.orderNo };
  });
}

export async function detail(db: Db, a: Actor & Pick<Actor, 'id'>, id: number): Promise<CaseDetail> {
  const r = await caseRow(db, a, id);
  if (!r) throw notFound();
  const ep = a.enterpriseId;
  const faultId = r.fault_mode_id;
  const log = await caseLog(db, a, id);
  const state = r.state;
  const abilities: string[] = [...caseAbilities(state)];
  if (state !== 2) abilities.push('edit');
  if (r.source === 2 && r.converted_order_id == null && state !== 3) abilities.push('convert');
  return {
    ...(await presentView(db, ep, r, faultId ? pathText(await pathOf(db, ep, faultId)) : null)),
    customerId: r.customer_id,
    installedProductId: r.installed_product_id,
    productModelId: r.product_model_id,
    faultModeId: faultId,
    version: r.version,
    abilities,
    log: log.map((l) => ({
      action: CASE_ACTION_NAMES[l.action as keyof typeof CASE_ACTION_NAMES] ?? l.action,
      note: l.note,
      userName: l.user_name,
      time: l.time,
    })),
  };
}

/** The cases of an order the caller may open: generated from it, or converted into it. */
export async function ofOrder(db: Db, a: Actor, orderId: number) {
  await orderInScope(db, a, orderId);
  const list = await casesOfOrder(db, a.enterpriseId, orderId);
  return list.map((c) => ({
    id: c.id,
    caseNo: c.case_no,
    title: c.title,
    state: c.state,
    relation: c.order_id === orderId ? ('generated' as const) : ('converted' as const),
  }));
}
