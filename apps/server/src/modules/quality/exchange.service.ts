// Exchange/return orders (退换货单, docs/quality.md): raised from a complaint, an order, a repair-sent order or by hand;
// 0 待审核 → 2 已通过 / 1 已驳回 through the approval engine (a flow of 退换货审批), or without a flow decided by an
// administrator; the applicant cancels a waiting one (3 已取消). Nobody decides on an order he submitted.
import {
  EXCHANGE_ACTION_NAMES,
  EXCHANGE_APPROVAL_KIND,
  EXCHANGE_KINDS,
  STOCK_LOG_TYPES,
  type BodyOf,
  type ExchangeAction,
  type ExchangeCreateBody,
  type ExchangeCtx,
  type ExchangeDetail,
  type QueryOf,
  type exchangeContract as C,
  exchangeAbilities,
  exchangeMachine,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { NOW } from '../../platform/sql';
import { changeState, insertStateLog, type StateTable, presentStateLog, stateLogOf } from '../../platform/state';
import { adminsNamed, decideDocument, startApproval, waitingDeciders, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { orderInScope } from '../orders/index';
import { exchangeDetailRow, exchangeHead, exchangePage, exchangeStock, holdsApprovalTask, insertExchange, toExchangeRow } from './exchange.repo';
import { originOf, providerScope } from './repair.sources';
import { moveExchangeStock } from './repair.stock';

export const EXCHANGE_STATE: StateTable = {
  table: 'exchange_orders',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'exchange_order_logs', recordColumn: 'exchange_id' },
};

/** What the decision reads of the state helper's row (`select *` of exchange_orders). */
type Decided = { applicant_id: number };
const SOURCE_KIND = { 1: 'complaint', 2: 'order', 3: 'repair', 4: 'customer' } as const;

export async function create(db: Db, a: Actor, b: ExchangeCreateBody): Promise<number> {
  return db.transaction(async (tx) => {
    const ep = a.enterpriseId;
    const o = await originOf(tx, a, SOURCE_KIND[b.sourceType], b);
    if (new Set(b.serialNumbers).size !== b.serialNumbers.length) throw invalid('序列号：有重复的序列号');
    const serials = b.serialNumbers.length ? b.serialNumbers : o.serialNumber ? [o.serialNumber] : [];
    if (b.replacementSerial && serials.includes(b.replacementSerial)) throw invalid('换新序列号：换新机不能是退回的机器');
    const { id, no } = await insertExchange(tx, ep, {
      kind: b.kind,
      sourceType: b.sourceType,
      complaintId: o.complaintId,
      orderId: o.orderId,
      repairId: o.repairId,
      customerId: o.customerId,
      customerName: o.customerName,
      installedProductId: o.installedProductId,
      productModelId: o.productModelId,
      providerId: o.providerId,
      serialNumbers: serials,
      reason: b.reason,
      amount: b.amount,
      remark: b.remark ?? null,
      replacementSerial: b.replacementSerial ?? null,
      applicantId: a.id,
    });
    await insertStateLog(tx, EXCHANGE_STATE, { enterpriseId: ep, id, from: null, to: 0, action: 'create', actorId: a.id });
    // A flow of 退换货审批 decides it; without one an administrator does (settle below).
    await startApproval(tx, {
      enterpriseId: ep,
      kind: EXCHANGE_APPROVAL_KIND,
      docId: id,
      applicantId: a.id,
      docNo: no,
      title: `${EXCHANGE_KINDS[b.kind]} ${o.customerName ?? ''}`.trim(),
      amount: b.amount / 100,
      docType: b.kind,
      providerId: o.providerId,
    });
    return id;
  });
}

async function settle(
  tx: Tx,
  ep: number,
  id: number,
  action: ExchangeAction,
  actorId: number,
  note: string | null,
  ctx: (r: Decided) => ExchangeCtx,
  guard?: SQL,
) {
  const res = await changeState(tx, {
    table: EXCHANGE_STATE,
    machine: exchangeMachine,
    enterpriseId: ep,
    id,
    action,
    ctxOf: (row) => ctx(row as Decided),
    actorId,
    note,
    guard,
    expected: 0,
    patch: action === 'cancel' ? {} : { decider_id: actorId, decided_at: NOW },
  });
  // The approval's effect: the returned units come in, the replacement goes out (once; refused → nothing is decided).
  if (res.to === 2) await moveExchangeStock(tx, ep, id, actorId);
  return res;
}

/**
 * Approve, reject or cancel. An order in a flow's approval is decided by the engine (its end handler below moves the
 * order; cancel withdraws the instance); without a flow an administrator other than the applicant decides here.
 */
export async function act(db: Db, a: Actor, b: BodyOf<typeof C.action>): Promise<number> {
  if (b.action === 'reject' && !b.note) throw invalid('审批意见：驳回时请填写理由');
  if (!(await exchangeHead(db, a.enterpriseId, b.id, providerScope(a, 'e')))) throw notFound();
  return db.transaction(async (tx) => {
    // The engine is asked once, here: a waiting instance takes the decision (its end handler moves the order).
    const decided = await decideDocument(tx, {
      enterpriseId: a.enterpriseId,
      actorId: a.id,
      kind: EXCHANGE_APPROVAL_KIND,
      docId: b.id,
      action: b.action === 'cancel' ? 'withdraw' : b.action,
      comment: b.note ?? null,
    });
    if (decided) return (await exchangeHead(tx, a.enterpriseId, b.id))?.state as number;
    const res = await settle(tx, a.enterpriseId, b.id, b.action, a.id, b.note ?? null, (row) => ({ approver: a.admin, applicant: row.applicant_id === a.id }));
    return res.to;
  });
}

// ——— Reads ———

export async function list(ex: Executor, a: Actor, q: QueryOf<typeof C.list>) {
  // Filtering by an order opens it: an order outside the caller's scope is not found (as its detail would be).
  if (q.orderId) await orderInScope(ex, a, q.orderId);
  return exchangePage(ex, a, q);
}

/** Whether the actor holds an open task of the instance's current step (his own; delegation is the engine's to check). */
const holdsTask = (ex: Executor, a: Actor, instanceId: number) => holdsApprovalTask(ex, a.enterpriseId, instanceId, a.id);

export async function detail(db: Db, a: Actor, id: number): Promise<ExchangeDetail> {
  const r = await exchangeDetailRow(db, a, id);
  if (!r) throw notFound();
  const log = await stateLogOf(db, EXCHANGE_STATE, a, id);
  const stock = await exchangeStock(db, a, id);
  const inst = await waitingInstanceOf(db, a.enterpriseId, EXCHANGE_APPROVAL_KIND, id);
  const applicant = r.applicant_id === a.id;
  const approver = inst ? await holdsTask(db, a, inst.id) : a.admin;
  // 审批人 names who decides before anyone has: the flow's current approvers, else the administrators (the applicant never).
  const deciders =
    r.decider_name == null && r.state === 0
      ? ((await waitingDeciders(db, a.enterpriseId, EXCHANGE_APPROVAL_KIND, id)) ?? (await adminsNamed(db, a.enterpriseId, r.applicant_id)))
      : [];
  return {
    ...toExchangeRow(r),
    complaintId: r.complaint_id,
    complaintNo: r.complaint_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    repairId: r.repair_id,
    repairNo: r.repair_no,
    installedProductId: r.installed_product_id,
    remark: r.remark,
    deciderName: r.decider_name ?? (deciders.length ? `待 ${deciders.map((u) => u.name).join('、')} 审批` : null),
    decidedTime: r.decided_time,
    abilities: exchangeAbilities(r.state, { approver, applicant }),
    approvalId: inst?.id ?? null,
    replacementSerial: r.replacement_serial,
    stock: stock.map((m) => ({
      type: STOCK_LOG_TYPES[m.type as keyof typeof STOCK_LOG_TYPES] ?? String(m.type),
      serial: m.serial,
      warehouseName: m.warehouse_name,
      change: m.change,
      time: m.time,
    })),
    log: log.map((l) => presentStateLog(l, EXCHANGE_ACTION_NAMES)),
  };
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExchangeService(): void {
  // The engine ended the approval: approved → 已通过, rejected → 已驳回, withdrawn by the applicant → 已取消.
  onApprovalEnd(EXCHANGE_APPROVAL_KIND, async (tx, end) => {
    const action: ExchangeAction = end.result === 1 ? 'approve' : end.result === 2 ? 'reject' : 'cancel';
    await settle(tx, end.enterpriseId, end.docId, action, end.actorId, end.comment, () => ({ approver: true, applicant: action === 'cancel' }));
  });
}
