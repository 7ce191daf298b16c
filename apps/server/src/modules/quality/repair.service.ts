// Repair-sent orders (寄修单, docs/quality.md): raised from a complaint, an order, a return visit or by hand; states
// 0 待确认 → 1 处理中 → 2 已完成 (or 4 待审核 under a 寄修完成审批 flow) / 3 已取消, every change through changeState.
// The unit is received into the 寄修仓 on confirmation and leaves it when the repair ends (repair.stock.ts).
import {
  type BodyOf,
  type QueryOf,
  REPAIR_ACTION_NAMES,
  REPAIR_APPROVAL_KIND,
  type RepairAction,
  type RepairCreateBody,
  type RepairCtx,
  type RepairDetail,
  type RepairUpdateBody,
  type repairContract as C,
  repairAbilities,
  repairMachine,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import { NOW } from '../../platform/sql';
import { changeState, insertStateLog, type PatchValue, type StateTable, presentStateLog, stateLogOf } from '../../platform/state';
import { hasFlow, startApproval, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { orderInScope } from '../orders/index';
import { dictValueOf } from './quality.dict';
import { receiveRepairUnit, sendBackRepairUnit } from './repair.stock';
import { insertRepair, placeRepair, type RepairRecord, repairDetailRow, repairPage, repairRecord, toRepairRow, updateRepair } from './repair.repo';
import { originOf, providerScope } from './repair.sources';

export const REPAIR_STATE: StateTable = {
  table: 'repair_orders',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'repair_order_logs', recordColumn: 'repair_id' },
};

const SOURCE_KIND = { 1: 'complaint', 2: 'order', 3: 'visit', 4: 'customer' } as const;

export async function create(db: Db, a: Actor, b: RepairCreateBody): Promise<number> {
  return db.transaction(async (tx) => {
    const o = await originOf(tx, a, SOURCE_KIND[b.sourceType], b);
    const serial = b.serialNumber ?? o.serialNumber;
    if (!serial) throw invalid('序列号：该产品没有序列号，请填写寄修件的序列号');
    const id = await insertRepair(tx, a.enterpriseId, {
      sourceType: b.sourceType,
      complaintId: o.complaintId,
      orderId: o.orderId,
      visitTaskId: o.visitTaskId,
      customerId: o.customerId,
      customerName: o.customerName,
      installedProductId: o.installedProductId,
      productModelId: o.productModelId,
      serialNumber: serial,
      providerId: o.providerId,
      fault: b.fault,
      inCarrier: await dictValueOf(tx, a.enterpriseId, 'logistics_company', b.inCarrier, '寄入物流公司'),
      inWaybill: b.inWaybill ?? null,
      remark: b.remark ?? null,
      createdBy: a.id,
    });
    await insertStateLog(tx, REPAIR_STATE, { enterpriseId: a.enterpriseId, id, from: null, to: 0, action: 'create', actorId: a.id });
    return id;
  });
}

async function scopedRow(ex: Executor, a: Actor, id: number, lock = false): Promise<RepairRecord> {
  const r = await repairRecord(ex, a, id, lock);
  if (!r) throw notFound();
  return r;
}

/** Edits the logistics, the result and the cost while the order is open (0, 1); one winner per version, logged as 编辑. */
export async function update(db: Db, a: Actor, b: RepairUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await scopedRow(tx, a, b.id, true);
    if (b.version != null && r.version !== b.version) throw new AppError('STATE_CHANGED');
    if (![0, 1].includes(r.state)) throw new AppError('INVALID_STATE');
    const ep = a.enterpriseId;
    const patch: Record<string, PatchValue> = {
      fault: b.fault,
      in_carrier: await dictValueOf(tx, ep, 'logistics_company', b.inCarrier, '寄入物流公司'),
      in_waybill: b.inWaybill ?? null,
      out_carrier: await dictValueOf(tx, ep, 'logistics_company', b.outCarrier, '寄回物流公司'),
      out_waybill: b.outWaybill ?? null,
      result: b.result ?? null,
      cost: b.cost,
      remark: b.remark ?? null,
    };
    if (!(await updateRepair(tx, ep, b.id, r.version, patch))) throw new AppError('STATE_CHANGED');
    const changed = Object.fromEntries(Object.entries(patch).filter(([k, v]) => String(v ?? '') !== String(r[k] ?? '')));
    await insertStateLog(tx, REPAIR_STATE, { enterpriseId: ep, id: b.id, from: r.state, to: r.state, action: 'edit', actorId: a.id, changed });
  });
}

/** The state helper's row of repair_orders (`select *`, read and updated by the change) as the record it is. */
const asRecord = (row: Record<string, unknown>) => row as RepairRecord;

const readyOf = (r: RepairRecord): boolean => Boolean(r.result) && Boolean(r.out_carrier) && Boolean(r.out_waybill);
const flowInput = (ep: number, r: RepairRecord, applicantId: number) => ({
  enterpriseId: ep,
  kind: REPAIR_APPROVAL_KIND,
  docId: r.id,
  applicantId,
  docNo: r.repair_no,
  title: r.fault.slice(0, 50),
  amount: r.cost / 100,
  providerId: r.provider_id,
});

const unitOf = (r: RepairRecord, userId: number) => ({ repairId: r.id, serial: r.serial_number, modelId: r.product_model_id, userId });

/** After a change: the unit follows the state (received on confirm; sent back on completion or on cancel while here). */
async function moveUnit(tx: Tx, ep: number, row: RepairRecord, from: number, to: number, actorId: number): Promise<void> {
  if (from === 0 && to === 1) {
    await placeRepair(tx, ep, row.id, await receiveRepairUnit(tx, ep, unitOf(row, actorId)));
  } else if ((to === 2 || to === 3) && row.warehouse_id != null && row.spare_id != null) {
    await sendBackRepairUnit(tx, ep, { ...unitOf(row, actorId), warehouseId: row.warehouse_id, spareId: row.spare_id });
    await placeRepair(tx, ep, row.id, null);
  }
}

async function move(
  tx: Tx,
  o: {
    ep: number;
    id: number;
    action: RepairAction;
    actorId: number;
    ctx: (r: RepairRecord) => Promise<RepairCtx> | RepairCtx;
    guard?: SQL;
    expected?: number;
    patch?: Record<string, PatchValue>;
    note?: string | null;
  },
) {
  const res = await changeState(tx, {
    table: REPAIR_STATE,
    machine: repairMachine,
    enterpriseId: o.ep,
    id: o.id,
    action: o.action,
    ctxOf: (row) => o.ctx(asRecord(row)),
    actorId: o.actorId,
    guard: o.guard,
    expected: o.expected,
    patch: o.patch,
    // Stamped in the change itself, so the hooks (the return visit of type 53) read the completion.
    patchOf: ({ to }): Record<string, PatchValue> => (to === 2 ? { completed_at: NOW } : {}),
    note: o.note ?? null,
  });
  await moveUnit(tx, o.ep, asRecord(res.row), res.from, res.to, o.actorId);
  return res;
}

/** confirm (receives the unit), complete (result and return logistics required; to approval when a flow applies), cancel. */
export async function act(db: Db, a: Actor, b: BodyOf<typeof C.action>): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await scopedRow(tx, a, b.id);
    const ep = a.enterpriseId;
    const patch: Record<string, PatchValue> = {};
    if (b.action === 'cancel' && r.state === 1) {
      const reason = await dictValueOf(tx, ep, 'unable_reason', b.unableReason, '无法完成原因');
      if (!reason) throw invalid('无法完成原因：请选择无法完成原因');
      patch.unable_reason = reason;
    }
    const res = await move(tx, {
      ep,
      id: b.id,
      action: b.action,
      actorId: a.id,
      guard: providerScope(a, 'repair_orders'),
      expected: b.state ?? r.state,
      patch,
      note: b.note ?? (patch.unable_reason as string | undefined) ?? null,
      ctx: async (row) => ({ ready: readyOf(row), needsApproval: b.action === 'complete' && (await hasFlow(tx, flowInput(ep, row, a.id))), engine: false }),
    });
    if (res.to === 4) await startApproval(tx, flowInput(ep, asRecord(res.row), a.id));
    return res.to;
  });
}

// ——— Reads ———

export async function list(ex: Executor, a: Actor, q: QueryOf<typeof C.list>) {
  // Filtering by an order opens it: an order outside the caller's scope is not found (as its detail would be).
  if (q.orderId) await orderInScope(ex, a, q.orderId);
  return repairPage(ex, a, q);
}

export async function detail(db: Db, a: Actor, id: number): Promise<RepairDetail> {
  const r = await repairDetailRow(db, a, id);
  if (!r) throw notFound();
  const log = await stateLogOf(db, REPAIR_STATE, a, id);
  const inst = await waitingInstanceOf(db, a.enterpriseId, REPAIR_APPROVAL_KIND, id);
  return {
    ...toRepairRow(r),
    complaintId: r.complaint_id,
    complaintNo: r.complaint_no,
    orderId: r.order_id,
    orderNo: r.order_no,
    visitTaskId: r.visit_task_id,
    installedProductId: r.installed_product_id,
    productModelId: r.product_model_id,
    result: r.result,
    unableReason: r.unable_reason,
    remark: r.remark,
    warehouseName: r.warehouse_name,
    receivedTime: r.received_time,
    completedTime: r.completed_time,
    version: r.version,
    // Complete shows while 处理中 even before the result is filled: the refusal then says what is missing.
    abilities: repairAbilities(r.state, { ready: true, needsApproval: false, engine: false }),
    approvalId: inst?.id ?? null,
    log: log.map((l) => presentStateLog(l, REPAIR_ACTION_NAMES)),
  };
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireRepairService(): void {
  // The engine ended a completion's approval: approved → 已完成 (the unit goes back); rejected or withdrawn → 处理中.
  onApprovalEnd(REPAIR_APPROVAL_KIND, async (tx, end) => {
    await move(tx, {
      ep: end.enterpriseId,
      id: end.docId,
      action: end.result === 1 ? 'approve' : 'reject',
      actorId: end.actorId,
      expected: 4,
      note: end.result === 3 ? `撤回审批${end.comment ? `：${end.comment}` : ''}` : end.comment,
      ctx: () => ({ ready: true, needsApproval: true, engine: true }),
    });
  });
}
