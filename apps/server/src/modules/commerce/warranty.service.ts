import {
  type BodyOf,
  type QueryOf,
  WARRANTY_EXT_APPROVAL_KIND,
  type WarrantyExtDetail,
  type WarrantyExtRow,
  type warrantyExtContract as W,
  warrantyEnd,
  warrantyExtAbilities,
  warrantyExtMachine,
  extensionStart,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { isUniqueViolation, NOW } from '../../platform/sql';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { closeApproval, startApproval, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { visibleCustomer } from '../customers/index';
import { productCoverage, todayIn } from './coverage';
import { nextNo } from './numbers';
import { expiredExtensions, extensionPage, extensionRow, extensionScope, insertExtension, refreshExtendedEnd, stateLogRows, unitOwner } from './warranty.repo';

/** Extended warranties (延保, docs/commerce.md): where they keep their state and log. */
export const EXT_TABLE: StateTable = {
  table: 'warranty_extensions',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'warranty_extension_logs', recordColumn: 'extension_id' },
};

/** The product (in the caller's scope) an extension is sold on: it must belong to a customer the caller may see. */
async function productOf(ex: Executor, a: Actor, productId: number) {
  const p = await unitOwner(ex, a.enterpriseId, productId);
  if (!p) throw new AppError('NOT_FOUND');
  if (p.customer_id == null) throw new AppError('EXT_NO_PRODUCT_CUSTOMER');
  await visibleCustomer(ex, a, p.customer_id);
  return { customerId: p.customer_id, name: p.name };
}

export async function previewExtension(db: Db, a: Actor, q: QueryOf<typeof W.preview>) {
  await productOf(db, a, q.installedProductId);
  const coverage = await productCoverage(db, a.enterpriseId, q.installedProductId, a.timeZone);
  const startDate = extensionStart(coverage.warrantyEnd, coverage.extendedEnd, todayIn(a.timeZone));
  return { coverage, startDate, endDate: warrantyEnd(startDate, q.period, q.unit) as string };
}

/**
 * Sells an extension: it starts the day after the product's current coverage ends (today when it has lapsed) and runs
 * for the period bought. With an approval flow of kind warranty_extension it waits (1 待审批); without one it is in
 * force at once (2 生效) and the product's coverage follows. One waiting extension per product.
 */
export async function createExtension(db: Db, a: Actor, b: BodyOf<typeof W.create>): Promise<{ id: number; state: number }> {
  try {
    return await db.transaction(async (tx) => {
      const p = await productOf(tx, a, b.installedProductId);
      const coverage = await productCoverage(tx, a.enterpriseId, b.installedProductId, a.timeZone, true);
      const start = extensionStart(coverage.warrantyEnd, coverage.extendedEnd, todayIn(a.timeZone));
      const end = warrantyEnd(start, b.period, b.unit) as string;
      const no = await nextNo(tx, a, 'warranty_extension', 'YB');
      const id = await insertExtension(tx, a.enterpriseId, {
        no,
        productId: b.installedProductId,
        customerId: p.customerId,
        period: b.period,
        unit: b.unit,
        start,
        end,
        priceCents: b.priceCents,
        remark: b.remark ?? '',
        createdBy: a.id,
      });
      await insertStateLog(tx, EXT_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id, note: `${start} 至 ${end}` });
      const inst = await startApproval(tx, {
        enterpriseId: a.enterpriseId,
        kind: WARRANTY_EXT_APPROVAL_KIND,
        docId: id,
        applicantId: a.id,
        docNo: no,
        title: `${p.name} 延保`,
        amount: b.priceCents / 100,
      });
      if (inst) return { id, state: 1 };
      await moveExtension(tx, a.enterpriseId, id, 'approve', a.id, '无需审批，直接生效');
      return { id, state: 2 };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('EXT_WAITING');
    throw err;
  }
}

/** One compare-and-set on the extension, then the product's coverage follows the extensions in force. */
export async function moveExtension(
  tx: Tx,
  enterpriseId: number,
  id: number,
  action: 'approve' | 'reject' | 'cancel' | 'expire',
  actorId: number | null,
  note: string | null,
  guard?: SQL,
) {
  const r = await changeState(tx, {
    table: EXT_TABLE,
    machine: warrantyExtMachine,
    enterpriseId,
    id,
    action,
    actorId,
    note,
    guard,
    patch: action === 'approve' || action === 'reject' ? { decided_at: NOW } : {},
  });
  await refreshExtendedEnd(tx, enterpriseId, (r.row as { installed_product_id: number }).installed_product_id);
  return r;
}

/** 作废: a waiting one (its approval is withdrawn) or one in force; the coverage shrinks back at once. */
export async function cancelExtension(db: Db, a: Actor, id: number, note: string): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const r = await moveExtension(tx, a.enterpriseId, id, 'cancel', a.id, note, extensionScope(a, 'warranty_extensions'));
    await closeApproval(tx, { enterpriseId: a.enterpriseId, kind: WARRANTY_EXT_APPROVAL_KIND, docId: id, actorId: a.id, note: `延保单已作废：${note}` });
    return { state: r.to };
  });
}

export async function listExtensions(db: Db, a: Actor, q: QueryOf<typeof W.list>): Promise<{ list: WarrantyExtRow[]; count: number }> {
  return extensionPage(db, a, extensionScope(a), q);
}

export async function extensionDetail(db: Db, a: Actor, id: number): Promise<WarrantyExtDetail> {
  const e = await extensionRow(db, a, id, extensionScope(a));
  if (!e) throw new AppError('NOT_FOUND');
  const inst = await waitingInstanceOf(db, a.enterpriseId, WARRANTY_EXT_APPROVAL_KIND, id);
  const logs = await logsOf(db, a, 'warranty_extension_logs', 'extension_id', id);
  return {
    ...e,
    abilities: warrantyExtAbilities(e.state),
    approvalId: inst?.id ?? null,
    coverage: await productCoverage(db, a.enterpriseId, e.installedProductId, a.timeZone),
    logs,
  };
}

/** A record's state log, oldest first. */
export async function logsOf(ex: Executor, a: Actor, table: string, column: string, id: number) {
  return stateLogRows(ex, a, table, column, id);
}

/** Extensions in force past their last day (in each enterprise's today) become 已过期; answers how many moved. */
export async function expireExtensions(db: Db, enterpriseId: number | null = null): Promise<number> {
  const due = await expiredExtensions(db, enterpriseId);
  let n = 0;
  for (const d of due) {
    try {
      await db.transaction((tx) => moveExtension(tx, d.enterprise_id, d.id, 'expire', null, '延保到期，自动过期', undefined));
      n++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return n;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireWarrantyService(): void {
  onApprovalEnd(WARRANTY_EXT_APPROVAL_KIND, async (tx, end) => {
    const what = end.result === 1 ? '通过' : end.result === 2 ? '驳回' : '撤回';
    await moveExtension(
      tx,
      end.enterpriseId,
      end.docId,
      end.result === 1 ? 'approve' : 'reject',
      end.actorId,
      [`延保审批${what}`, end.comment].filter(Boolean).join('；'),
    );
  });
}
