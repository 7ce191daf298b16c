// Order examine on the approval engine (docs/approvals.md, "Kinds on the engine today"): when an order starts waiting
// for an examine and a flow of that kind applies (审批流程设置), an instance decides it step by step and the order moves
// only when the instance ends. Without a matching flow the process's one-step examine stays as it was.
import { EXAMINE_TYPES, type ExamineType, type OrderContext, orderMachine } from '@sk/shared';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { changeState, type PatchValue } from '../../platform/state';
import { closeApproval, type Instance, startApproval } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { examineApplicantOf, pendingExamine } from './examine.kinds';
import { ORDER_APPROVAL_KIND } from './examine.repo';
import { flagsOf, ORDER_STATE, processOf, standardPatch } from './order.state';
import { asOrderRecord, type OrderRecord } from './orders.repo';
import { notDeleted } from './state.repo';
import { NOW } from '../../platform/sql';

type Row = OrderRecord;

const amountOf = (v: string | null): number | null => (v == null ? null : Number(v));

/**
 * Starts the instance for the examine `row` waits for, in the caller's transaction. The applicant is who caused the
 * examine (examineApplicantOf, else `actorId`); the responsible person is the order's dispatcher (an order never
 * dispatched has none: the engine's empty step goes to the administrators, as the process's dispatcher approver does).
 * Null: no flow applies, or nobody is known to have asked — the process's one-step examine decides.
 */
export async function startOrderApproval(tx: Executor, enterpriseId: number, row: Row, actorId: number | null): Promise<Instance | null> {
  const type = pendingExamine(row);
  if (!type) return null;
  const applicant = (await examineApplicantOf(tx, enterpriseId, row)) ?? (actorId && actorId > 0 ? actorId : null);
  if (!applicant) return null;
  return startApproval(tx, {
    enterpriseId,
    kind: ORDER_APPROVAL_KIND[type],
    docId: row.id,
    applicantId: applicant,
    docNo: row.order_no ?? '',
    title: row.title ?? '',
    // 收款审核 carries the collected amount (numeric text), so a flow may choose by it.
    amount: type === 4 ? amountOf(row.paid_amount) : null,
    // The order type (工单类型) is the document type: kept on the instance (flows do not filter order types yet).
    docType: row.template_id,
    responsibleId: row.dispatcher_id,
    providerId: row.provider_id,
  });
}

/** Ends the waiting instance of an order whose examine ended another way (cancelled, to the recycle bin). */
export const closeOrderApproval = (tx: Executor, enterpriseId: number, orderId: number, type: ExamineType, actorId: number | null, note: string) =>
  closeApproval(tx, { enterpriseId, kind: ORDER_APPROVAL_KIND[type], docId: orderId, actorId, note });

/** The order counts as waiting: not cancelled (6) and not in the recycle bin. */
const live = (row: Row) => row.deleted_at == null && row.state !== 6;

/**
 * After every order change (approval.notice.ts's hook): an examine that ended without its instance (the order was
 * cancelled or deleted) closes the instance; an examine that begins (or comes back with a restore) starts one.
 * Answers whether a flow's instance now decides the examine (then the process's named approver is not told).
 */
export async function afterOrderChange(tx: Tx, enterpriseId: number, action: string, before: Row | null, row: Row, actorId: number | null): Promise<boolean> {
  const was = before && live(before) ? pendingExamine(before) : null;
  const now = live(row) ? pendingExamine(row) : null;
  if (was && was !== now) {
    const why = row.deleted_at != null ? '工单已删除' : row.state === 6 ? '工单已取消' : `${EXAMINE_TYPES[was]}已结束`;
    await closeOrderApproval(tx, enterpriseId, row.id, was, actorId, why);
  }
  if (!now || (now === was && action !== 'restore')) return false;
  return (await startOrderApproval(tx, enterpriseId, row, actorId)) !== null;
}

/** The examine type each kind decides. */
const TYPE_OF_KIND = new Map(Object.entries(ORDER_APPROVAL_KIND).map(([t, k]) => [k as string, Number(t) as ExamineType]));

/** A withdrawn examine: back to where a rejection sends the order, with no decision recorded (no examiner, no result). */
function withdrawnPatch(type: ExamineType): Record<string, PatchValue> {
  const p: Record<string, PatchValue> = { examine_type: null, examine_result: null };
  if (type === 1) p.cancelled_at = NOW;
  if (type === 3) p.receipted_at = null;
  if (type === 4) p.paid_at = null;
  return p;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExamineFlow(): void {
  // The instance ended: approved → what the examine's pass does; rejected → what its rejection does (with the
  // comment); withdrawn by the applicant → the rejection's destination without a decision (a withdrawn 创建审核 cancels
  // the new order). Runs in the deciding transaction: an order that can no longer move refuses the decision.
  for (const [kind, type] of TYPE_OF_KIND) {
    onApprovalEnd(kind, async (tx, end) => {
      const action = end.result === 1 ? 'approve' : 'reject';
      const what = end.result === 1 ? '通过' : end.result === 2 ? '驳回' : '撤回';
      const note = [`${EXAMINE_TYPES[type]}${what}（审批流程）`, end.comment].filter(Boolean).join('；');
      await changeState(tx, {
        table: ORDER_STATE,
        machine: orderMachine,
        enterpriseId: end.enterpriseId,
        id: end.docId,
        action,
        actorId: end.actorId,
        // The flow decided who approves: the order machine is asked only whether the order may still move.
        ctxOf: (locked): OrderContext => {
          const row = asOrderRecord(locked);
          if (flagsOf(row).examineType !== type) throw new AppError('ORDER_INVALID_TRANSITION');
          return {
            process: processOf(row),
            flags: flagsOf(row),
            actor: { parts: [], admin: true, dispatchRole: false, acceptRole: false, serviceRole: false, approver: true, role: null },
          };
        },
        patchOf: (d) => (end.result === 3 ? withdrawnPatch(type) : standardPatch(action, d, end.actorId)),
        guard: notDeleted,
        note,
      });
    });
  }
}
