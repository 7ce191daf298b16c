import {
  type BodyOf,
  type CreateOrderBody,
  discountOverLimit,
  QUOTE_APPROVAL_KIND,
  QUOTE_DISCOUNT_LIMIT_SETTING,
  QUOTE_VALID_DAYS,
  type QueryOf,
  type QuoteAction,
  type QuoteDetail,
  type QuoteLine,
  type QuoteRow,
  type QuoteSnapshot,
  type quotationContract as Q,
  quoteAbilities,
  quoteMachine,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid } from '../../platform/errors';
import { NOW } from '../../platform/sql';
import { changeState, insertStateLog } from '../../platform/state';
import { hasFlow, startApproval, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { visibleCustomer } from '../customers/index';
import { createOrder } from '../orders/index';
import { orderFor } from '../orders/index';
import { orderInScope } from '../orders/index';
import { getSettingInt } from '../settings/index';
import { productCoverage, todayIn } from './coverage';
import { nextNo } from './numbers';
import { QUOTE_TABLE, writeOrderFees } from './quotation.order';

export { QUOTE_TABLE };
import { priceLines } from './quotation.pricing';
import {
  acceptanceOf,
  acceptedOf,
  catalogueOptions,
  expiredQuotes,
  insertQuote,
  insertVersion,
  lockedForConvert,
  lockedForSend,
  quotePage,
  quotationScope,
  SAME_VALID_UNTIL,
  replaceLines,
  setDiscountState,
  snapshotRow,
  timeZoneOf,
  unitCustomer,
  versionOf,
  versionsOf,
  warehouseEnabled,
} from './quotation.repo';
import { logsOf } from './warranty.service';

/** The list's SQL snapshot takes the scope from here. */
export { quotationScope };

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

type Body = BodyOf<typeof Q.create>;

/** The customer, its product and order must be the caller's to see, and belong together. */
async function checkParties(ex: Executor, a: Actor, b: Body): Promise<void> {
  await visibleCustomer(ex, a, b.customerId);
  if (b.installedProductId) {
    const p = await unitCustomer(ex, a.enterpriseId, b.installedProductId);
    if (!p) throw new AppError('NOT_FOUND');
    if (p.customer_id !== b.customerId) throw invalid('设备：该设备不属于所选客户');
  }
  if (b.orderId) {
    const o = await orderFor(ex, a, b.orderId);
    if (o.customer_id != null && o.customer_id !== b.customerId) throw invalid('工单：该工单不属于所选客户');
  }
  if (b.warehouseId && !(await warehouseEnabled(ex, a.enterpriseId, b.warehouseId))) throw new AppError('NOT_FOUND');
}

const writeLines = (tx: Tx, enterpriseId: number, id: number, lines: QuoteLine[]) => replaceLines(tx, enterpriseId, id, lines);

/** Keeps the version the quotation is now at, readable as it is (header and lines). */
async function keepVersion(tx: Tx, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number, action: string, userId: number | null): Promise<void> {
  await insertVersion(tx, a.enterpriseId, id, await snapshotOf(tx, a, id), action, userId);
}

export async function createQuote(db: Db, a: Actor, b: Body): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await checkParties(tx, a, b);
    const priced = await priceLines(tx, a, b.installedProductId, b.lines, b.discountCents);
    const no = await nextNo(tx, a, 'quotation', 'BJ');
    const id = await insertQuote(tx, a.enterpriseId, {
      no,
      title: b.title,
      customerId: b.customerId,
      installedProductId: b.installedProductId ?? null,
      orderId: b.orderId ?? null,
      warehouseId: b.warehouseId ?? null,
      validUntil: b.validUntil ?? addDays(todayIn(a.timeZone), QUOTE_VALID_DAYS),
      grossCents: priced.grossCents,
      discountCents: b.discountCents,
      totalCents: priced.totalCents,
      remark: b.remark ?? '',
      salesId: a.id,
    });
    await writeLines(tx, a.enterpriseId, id, priced.lines);
    await insertStateLog(tx, QUOTE_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id });
    await keepVersion(tx, a, id, 'create', a.id);
    return { id };
  });
}

/** Edits a draft: one compare-and-set (state 1, the version the caller's read) that bumps the version; the lines are re-priced. */
export async function updateQuote(db: Db, a: Actor, b: BodyOf<typeof Q.update>): Promise<{ id: number; version: number }> {
  return db.transaction(async (tx) => {
    const { id, ...body } = b;
    await checkParties(tx, a, body);
    const priced = await priceLines(tx, a, body.installedProductId, body.lines, body.discountCents);
    const r = await changeState(tx, {
      table: QUOTE_TABLE,
      machine: quoteMachine,
      enterpriseId: a.enterpriseId,
      id,
      action: 'edit',
      ctxOf: (row) => ({ discountWaiting: row.discount_state === 1 }),
      actorId: a.id,
      guard: quotationScope(a, 'quotations'),
      note: '修改报价',
      patch: {
        title: body.title,
        customer_id: body.customerId,
        installed_product_id: body.installedProductId ?? null,
        order_id: body.orderId ?? null,
        warehouse_id: body.warehouseId ?? null,
        valid_until: body.validUntil ?? SAME_VALID_UNTIL,
        gross_cents: priced.grossCents,
        discount_cents: body.discountCents,
        total_cents: priced.totalCents,
        discount_state: 0,
        remark: body.remark ?? '',
      },
    });
    await writeLines(tx, a.enterpriseId, id, priced.lines);
    await keepVersion(tx, a, id, 'edit', a.id);
    return { id, version: (r.row as { version: number }).version };
  });
}

/** One state change of a quotation, with its new version kept. */
async function move(
  tx: Tx,
  a: Pick<Actor, 'enterpriseId' | 'timeZone'>,
  id: number,
  action: QuoteAction,
  actorId: number | null,
  note: string | null,
  o: { guard?: SQL; patch?: Record<string, string | number | null | SQL> } = {},
) {
  const r = await changeState(tx, {
    table: QUOTE_TABLE,
    machine: quoteMachine,
    enterpriseId: a.enterpriseId,
    id,
    action,
    ctxOf: (row) => ({ discountWaiting: row.discount_state === 1 }),
    actorId,
    note,
    guard: o.guard,
    patch: o.patch ?? {},
  });
  await keepVersion(tx, a, id, action, actorId);
  return r;
}

/**
 * 发送: a discount past the limit (setting quote_discount_limit_pct) first goes through the approval flow of kind
 * quotation_discount, and the quotation is sent when it is approved; without such a flow only an administrator may
 * send it. Within the limit it is sent at once.
 */
async function send(tx: Tx, a: Actor, id: number, note: string | null): Promise<{ state: number; message?: string }> {
  const q = await lockedForSend(tx, a.enterpriseId, id, quotationScope(a));
  if (!q) throw new AppError('NOT_FOUND');
  const limit = await getSettingInt(tx, a.enterpriseId, QUOTE_DISCOUNT_LIMIT_SETTING);
  const over = discountOverLimit(q.discount_cents, q.gross_cents, limit);
  if (over && q.state === 1 && q.discount_state !== 2) {
    if (q.discount_state === 1) throw new AppError('QUOTE_DISCOUNT_WAITING');
    const start = {
      enterpriseId: a.enterpriseId,
      kind: QUOTE_APPROVAL_KIND,
      docId: id,
      applicantId: a.id,
      docNo: q.quote_no,
      title: q.title,
      amount: q.discount_cents / 100,
    };
    if (await hasFlow(tx, start)) {
      await startApproval(tx, start);
      await setDiscountState(tx, a.enterpriseId, id, 1);
      await insertStateLog(tx, QUOTE_TABLE, {
        enterpriseId: a.enterpriseId,
        id,
        from: 1,
        to: 1,
        action: 'discount',
        actorId: a.id,
        note: `折扣超过${limit}%，提交审批`,
      });
      return { state: 1, message: '折扣超过上限，已提交审批，审批通过后自动发送' };
    }
    if (!a.admin) throw new AppError('QUOTE_DISCOUNT_NO_FLOW', { pct: limit });
  }
  const r = await move(tx, a, id, 'send', a.id, note);
  return { state: r.to };
}

/** Who accepted: a portal user or a signer named by the salesperson; the signature is a stored file. */
export interface Acceptance {
  enterpriseId: number;
  timeZone: string;
  id: number;
  acceptedName: string;
  /** The user who recorded it (a salesperson, or later the portal's account); null for an anonymous link. */
  userId: number | null;
  signatureFileId: string | null;
  /** The caller's scope, when a staff member records it. */
  guard?: SQL;
}

/**
 * The customer accepts a sent quotation (the seam the portal and the signature link call). One compare-and-set
 * 2 → 3: of parallel accepts one wins; an expired one (by the job, or past its date today) cannot be accepted. When the
 * quotation names an order, the order's fees are written from it and its parts reserved, and it is 已转工单 at once.
 */
export async function acceptQuotation(db: Db, c: Acceptance): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const q = await acceptanceOf(tx, c.enterpriseId, c.id, todayIn(c.timeZone), c.guard);
    if (!q) throw new AppError('NOT_FOUND');
    if (q.state === 2 && q.past) throw new AppError('QUOTE_EXPIRED');
    await move(tx, c, c.id, 'accept', c.userId, `${c.acceptedName} 接受报价`, {
      guard: c.guard,
      patch: { accepted_name: c.acceptedName, accepted_user_id: c.userId, signature_file_id: c.signatureFileId, accepted_at: NOW },
    });
    if (q.order_id == null) return { state: 3 };
    await writeOrderFees(tx, c.enterpriseId, c.id, q.order_id, c.userId);
    const r = await move(tx, c, c.id, 'convert', c.userId, '已写入工单费用并预留备件');
    return { state: r.to };
  });
}

/** The customer declines a sent quotation (the portal): one compare-and-set 2 → 4 under the caller's guard. */
export async function rejectQuotation(
  db: Db,
  c: Pick<Acceptance, 'enterpriseId' | 'timeZone' | 'id' | 'guard'> & { note: string },
): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const r = await move(tx, c, c.id, 'reject', null, c.note, { guard: c.guard });
    return { state: r.to };
  });
}

/** 转工单 of an accepted quotation without an order: into the order the salesperson names, or a new one made from it. */
async function convert(tx: Tx, a: Actor, id: number, orderId: number | null | undefined): Promise<{ state: number; orderId: number }> {
  const q = await lockedForConvert(tx, a.enterpriseId, id, quotationScope(a));
  if (!q) throw new AppError('NOT_FOUND');
  let target = q.order_id ?? orderId ?? null;
  if (target) {
    const o = await orderFor(tx, a, target);
    if (o.customer_id != null && o.customer_id !== q.customer_id) throw invalid('工单：该工单不属于报价单的客户');
  } else target = (await orderFromQuote(tx, a, q)).id;
  const r = await move(tx, a, id, 'convert', a.id, null, { guard: quotationScope(a, 'quotations'), patch: { order_id: target } });
  await writeOrderFees(tx, a.enterpriseId, id, target, a.id);
  return { state: r.to, orderId: target };
}

/** A new order of the enterprise's default type for the quotation's customer and product; its fees come from the quotation. */
function orderFromQuote(tx: Tx, a: Actor, q: { customer_id: number; installed_product_id: number | null; title: string; quote_no: string }) {
  return createOrder(
    tx as unknown as Db,
    a,
    {
      orderType: null,
      customerId: q.customer_id,
      title: q.title.slice(0, 100),
      productId: q.installed_product_id,
      priority: 1,
      detailDesc: `由报价单 ${q.quote_no} 转入`,
      ext: {},
    } as CreateOrderBody,
    undefined,
    undefined,
    { requiredLater: true },
  );
}

export async function act(db: Db, a: Actor, b: BodyOf<typeof Q.action>): Promise<{ state: number; message?: string; orderId?: number }> {
  if (b.action === 'accept')
    return acceptQuotation(db, {
      enterpriseId: a.enterpriseId,
      timeZone: a.timeZone,
      id: b.id,
      acceptedName: b.acceptedName as string,
      userId: a.id,
      signatureFileId: b.signatureFileId ?? null,
      guard: quotationScope(a, 'quotations'),
    });
  return db.transaction(async (tx) => {
    if (b.action === 'send') return send(tx, a, b.id, b.note ?? null);
    if (b.action === 'convert') return convert(tx, a, b.id, b.orderId);
    const r = await move(tx, a, b.id, b.action, a.id, b.note ?? null, {
      guard: quotationScope(a, 'quotations'),
      patch: b.action === 'revise' ? { discount_state: 0 } : {},
    });
    return { state: r.to };
  });
}

export async function listQuotes(db: Db, a: Actor, f: QueryOf<typeof Q.list>): Promise<{ list: QuoteRow[]; count: number }> {
  // An order named as the filter must be one the caller may open: an order outside it answers as a missing one.
  if (f.orderId) await orderInScope(db, a, f.orderId);
  return quotePage(db, a, quotationScope(a), f);
}

async function snapshotOf(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number, guard?: SQL): Promise<QuoteSnapshot> {
  const snap = await snapshotRow(ex, a, id, guard);
  if (!snap) throw new AppError('NOT_FOUND');
  return snap;
}

export async function quoteDetail(db: Db, a: Actor, id: number): Promise<QuoteDetail> {
  const snap = await snapshotOf(db, a, id, quotationScope(a));
  const extra = await acceptedOf(db, a, id);
  const versions = await versionsOf(db, a, id);
  const inst = await waitingInstanceOf(db, a.enterpriseId, QUOTE_APPROVAL_KIND, id);
  return {
    ...snap,
    coverage: snap.installedProductId ? await productCoverage(db, a.enterpriseId, snap.installedProductId, a.timeZone) : null,
    abilities: quoteAbilities(snap.state, { discountWaiting: snap.discountState === 1 }),
    approvalId: inst?.id ?? null,
    discountLimitPct: await getSettingInt(db, a.enterpriseId, QUOTE_DISCOUNT_LIMIT_SETTING),
    acceptedName: extra?.accepted_name ?? null,
    signatureFileId: extra?.signature_file_id ?? null,
    accepted_time: extra?.accepted_time ?? null,
    versions,
    logs: await logsOf(db, a, 'quotation_logs', 'quotation_id', id),
  };
}

export async function quoteVersion(db: Db, a: Actor, id: number, version: number) {
  const v = await versionOf(db, a.enterpriseId, id, version, quotationScope(a));
  if (!v) throw new AppError('NOT_FOUND');
  return v;
}

export const itemOptions = (db: Db, a: Actor, keyword: string | undefined) => catalogueOptions(db, a.enterpriseId, keyword);

/** Sent quotations past their date (in each enterprise's today) become 已过期; answers how many moved. */
export async function expireQuotes(db: Db, enterpriseId: number | null = null): Promise<number> {
  const due = await expiredQuotes(db, enterpriseId);
  let n = 0;
  for (const d of due) {
    try {
      await db.transaction((tx) => move(tx, { enterpriseId: d.enterprise_id, timeZone: d.time_zone }, d.id, 'expire', null, '超过有效期，自动过期'));
      n++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return n;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireQuotationService(): void {
  onApprovalEnd(QUOTE_APPROVAL_KIND, async (tx, end) => {
    const a = { enterpriseId: end.enterpriseId, timeZone: (await timeZoneOf(tx, end.enterpriseId)) ?? 'Asia/Shanghai' };
    const what = end.result === 1 ? '通过' : end.result === 2 ? '驳回' : '撤回';
    await setDiscountState(tx, end.enterpriseId, end.docId, end.result === 1 ? 2 : end.result === 2 ? 3 : 0);
    const note = [`折扣审批${what}`, end.comment].filter(Boolean).join('；');
    if (end.result === 1) await move(tx, a, end.docId, 'send', end.actorId, note);
    else
      await insertStateLog(tx, QUOTE_TABLE, { enterpriseId: end.enterpriseId, id: end.docId, from: 1, to: 1, action: 'discount', actorId: end.actorId, note });
  });
}
