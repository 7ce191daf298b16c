// Cases: 生成案例 from a completed order, dealer cases, edits, publish / withdraw through changeState, and the
// conversion of a dealer case into an order of source type 2 (docs/knowledge.md).
import { type BodyOf, CASE_ACTION_NAMES, type CaseDetail, type caseContract as C, caseAbilities, createOrderBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { gramsOf, texts } from '../../platform/search';
import { bigints, timeOf } from '../../platform/sql';
import { insertStateLog } from '../../platform/state';
import { foreignUploadIds } from '../files/uploads.repo';
import { createOrder } from '../orders/create.service';
import { orderInScope } from '../orders/scope';
import { pathOf, pathText } from '../quality/fault.service';
import { caseRow, caseScope, presentView } from './case.repo';
import { CASE_STATE, moveCase } from './case.state';

const n = (v: unknown): number | null => (v == null ? null : Number(v));
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
  await tx.execute(sql`update cases set case_no = ${no}, search_grams = ${caseGrams({ ...c, no })} where enterprise_id = ${ep} and id = ${id}`);
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
    if (Number(o.state) !== COMPLETED) throw invalid('只有已完成的工单才能生成案例');
    const ep = a.enterpriseId;
    const [had] = await rows<{ id: number }>(tx, sql`select id from cases where enterprise_id = ${ep} and order_id = ${orderId}`);
    if (had) return { id: Number(had.id), created: false };
    const [p] = o.installed_product_id
      ? await rows<{ product_id: number | null }>(
          tx,
          sql`select product_id from installed_products where enterprise_id = ${ep} and id = ${Number(o.installed_product_id)}`,
        )
      : [];
    const [f] = await rows<{ fault_mode_id: number }>(
      tx,
      sql`select fault_mode_id from order_fault_modes where enterprise_id = ${ep} and order_id = ${orderId}`,
    );
    const faultId = n(f?.fault_mode_id);
    const path = faultId ? await pathOf(tx, ep, faultId) : [];
    const parts = await rows<{ name: string; code: string; quantity: number; unit: string | null }>(
      tx,
      sql`select s.name, s.code, sum(p.quantity)::int as quantity, s.unit from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
        where p.enterprise_id = ${ep} and p.order_id = ${orderId} and p.state = 1 group by s.id, s.name, s.code, s.unit order by min(p.id)`,
    );
    const photos = await rows<{ id: number }>(
      tx,
      sql`select u.id from uploads u where u.enterprise_id = ${ep} and u.kind = 'image' and u.id in (
          select unnest(${bigints(((o.attachments as (number | string)[] | null) ?? []).map(Number))})
          union select unnest(m.upload_ids) from order_messages m where m.enterprise_id = ${ep} and m.order_id = ${orderId} and m.kind = 2)
        order by u.id limit 20`,
    );
    const title = String(o.title).slice(0, 100);
    const description = (o.detail_desc as string | null) ?? null;
    const remedy = path.length ? pathText(path) : null;
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into cases (enterprise_id, case_no, source, order_id, customer_id, installed_product_id, product_model_id, fault_mode_id, provider_id,
          title, description, remedy, parts, photos, created_by)
        values (${ep}, ${tmpNo()}, 1, ${orderId}, ${n(o.customer_id)}, ${n(o.installed_product_id)}, ${n(p?.product_id)}, ${faultId}, ${n(o.provider_id)},
          ${title}, ${description}, ${remedy}, ${JSON.stringify(parts.map((x) => ({ ...x, quantity: Number(x.quantity) })))}::jsonb,
          ${bigints(photos.map((x) => Number(x.id)))}, ${a.id})
        returning id`,
    );
    const id = Number(r?.id);
    await finishInsert(tx, ep, id, { title, description, remedy });
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: a.id, note: String(o.order_no) });
    return { id, created: true };
  });
}

/** A dealer's case, entered by the enterprise's staff (not by a provider's user): a customer of the enterprise, optionally one of its units. */
export async function createDealer(db: Db, a: Actor, b: BodyOf<typeof C.create>): Promise<number> {
  if (a.providerId != null) throw new AppError('NO_POWER');
  return db.transaction(async (tx) => {
    const ep = a.enterpriseId;
    const [c] = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${ep} and id = ${b.customerId}`);
    if (!c) throw notFound();
    let modelId: number | null = null;
    if (b.installedProductId) {
      const [p] = await rows<{ product_id: number | null }>(
        tx,
        sql`select product_id from installed_products where enterprise_id = ${ep} and id = ${b.installedProductId} and customer_id = ${b.customerId}`,
      );
      if (!p) throw invalid('产品：请选择该客户的产品');
      modelId = n(p.product_id);
    }
    const photos = await checkPhotos(tx, ep, b.photos ?? []);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into cases (enterprise_id, case_no, source, dealer_name, customer_id, installed_product_id, product_model_id, title, description, photos, created_by)
        values (${ep}, ${tmpNo()}, 2, ${b.dealerName}, ${b.customerId}, ${b.installedProductId ?? null}, ${modelId}, ${b.title}, ${b.description ?? null},
          ${bigints(photos)}, ${a.id}) returning id`,
    );
    const id = Number(r?.id);
    await finishInsert(tx, ep, id, { title: b.title, description: b.description, dealer: b.dealerName });
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id, from: null, to: 1, action: 'create', actorId: a.id });
    return id;
  });
}

async function lockedCase(tx: Tx, a: Actor, id: number) {
  const [r] = await rows<Record<string, unknown>>(
    tx,
    sql`select * from cases k where k.enterprise_id = ${a.enterpriseId} and k.id = ${id} and ${caseScope(a)} for update`,
  );
  if (!r) throw notFound();
  return r;
}

/** Edits a draft or withdrawn case (a published one is withdrawn first); one winner per version. */
export async function update(db: Db, a: Actor, b: BodyOf<typeof C.update>): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockedCase(tx, a, b.id);
    const ep = a.enterpriseId;
    if (b.version != null && Number(r.version) !== b.version) throw new AppError('STATE_CHANGED');
    if (Number(r.state) === 2) throw invalid('已发布的案例请先撤回再编辑');
    if (b.faultModeId) {
      const [f] = await rows<{ id: number }>(tx, sql`select id from fault_modes where enterprise_id = ${ep} and id = ${b.faultModeId} for key share`);
      if (!f) throw invalid('故障模式：请从故障管理中选择');
    }
    const photos = b.photos ? await checkPhotos(tx, ep, b.photos) : ((r.photos as number[]) ?? []).map(Number);
    await tx.execute(sql`update cases set title = ${b.title}, description = ${b.description ?? null}, remedy = ${b.remedy ?? null},
        fault_mode_id = ${b.faultModeId ?? null}, photos = ${bigints(photos)}, version = version + 1, updated_at = now(),
        search_grams = ${caseGrams({ title: b.title, no: String(r.case_no), description: b.description, remedy: b.remedy, dealer: r.dealer_name as string | null })}
      where enterprise_id = ${ep} and id = ${b.id}`);
    const before: Record<string, unknown> = { title: r.title, description: r.description, remedy: r.remedy, fault_mode_id: n(r.fault_mode_id) };
    const after: Record<string, unknown> = {
      title: b.title,
      description: b.description ?? null,
      remedy: b.remedy ?? null,
      fault_mode_id: b.faultModeId ?? null,
    };
    const changed = Object.fromEntries(Object.entries(after).filter(([k, v]) => String(v ?? '') !== String(before[k] ?? '')));
    await insertStateLog(tx, CASE_STATE, { enterpriseId: ep, id: b.id, from: Number(r.state), to: Number(r.state), action: 'edit', actorId: a.id, changed });
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
    patch: b.action === 'publish' ? { scope: b.scope ?? 1, published_at: sql`now()` } : {},
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
    if (Number(r.source) !== 2) throw invalid('只有经销商案例可以转为工单');
    if (r.converted_order_id != null) throw invalid('该案例已转为工单');
    if (Number(r.state) === 3) throw invalid('已撤回的案例不能转为工单');
    const body = createOrderBody.parse({
      customerId: Number(r.customer_id),
      title: String(r.title),
      productId: n(r.installed_product_id) ?? undefined,
      detailDesc: (r.description as string | null) ?? undefined,
      attachments: ((r.photos as number[]) ?? []).map(Number),
      source: 2,
    });
    const o = await createOrder(tx as unknown as Db, a, body);
    await tx.execute(
      sql`update cases set converted_order_id = ${o.id}, version = version + 1, updated_at = now() where enterprise_id = ${a.enterpriseId} and id = ${id}`,
    );
    await insertStateLog(tx, CASE_STATE, {
      enterpriseId: a.enterpriseId,
      id,
      from: Number(r.state),
      to: Number(r.state),
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
  const faultId = n(r.fault_mode_id);
  const log = await rows<{ action: string; note: string | null; user_name: string | null; time: string }>(
    db,
    sql`select l.action, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from case_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${ep} and l.case_id = ${id} order by l.id`,
  );
  const state = Number(r.state);
  const abilities: string[] = [...caseAbilities(state)];
  if (state !== 2) abilities.push('edit');
  if (Number(r.source) === 2 && r.converted_order_id == null && state !== 3) abilities.push('convert');
  return {
    ...(await presentView(db, ep, r, faultId ? pathText(await pathOf(db, ep, faultId)) : null)),
    customerId: n(r.customer_id),
    installedProductId: n(r.installed_product_id),
    productModelId: n(r.product_model_id),
    faultModeId: faultId,
    version: Number(r.version),
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
  const list = await rows<{ id: number; case_no: string; title: string; state: number; order_id: number | null }>(
    db,
    sql`select id, case_no, title, state, order_id from cases where enterprise_id = ${a.enterpriseId} and order_id = ${orderId}
      union select id, case_no, title, state, order_id from cases where enterprise_id = ${a.enterpriseId} and converted_order_id = ${orderId}
      order by id`,
  );
  return list.map((c) => ({
    id: Number(c.id),
    caseNo: c.case_no,
    title: c.title,
    state: Number(c.state),
    relation: Number(c.order_id) === orderId ? ('generated' as const) : ('converted' as const),
  }));
}
