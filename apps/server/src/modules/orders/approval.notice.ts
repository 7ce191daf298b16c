// A process can name one person as an approval's approver (approvers.{kind}.by = 'user'). They may lack the 审核
// power and its page 待我审批, so they are told in-app when the order starts waiting for them. When an approval flow
// takes the examine over (examine.flow.ts), the engine tells the flow's approvers instead. The named approver is told
// after commit (platform/after-commit.ts); the flow's start stays in the transaction.
import { APPROVAL_KIND_OF_TYPE, EXAMINE_TYPES, type ExamineType } from '@sk/shared';
import type { Executor } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import { registerStateHook } from '../../platform/state';
import { addNotices } from '../notices/index';
import { afterOrderChange } from './examine.flow';
import { startsWaiting } from './examine.repo';
import { afterOrderCreated, runSingleOn } from '../../platform/signals';
import { processOf } from './order.state';
import { asOrderRecord, type OrderRecord, orderRecordById, waitingExamineIds } from './orders.repo';

type Row = OrderRecord;

/** The examine type the row waits for, or null (a null result counts as 0, as pendingExamine reads it). */
const pendingType = (r: Row): ExamineType | null => ((r.examine_result ?? 0) === 0 && r.examine_type != null ? (r.examine_type as ExamineType) : null);

/** The named approver of the approval `row` waits for, if the process names a person. */
export function namedApproverId(row: Row): number | null {
  const type = pendingType(row);
  if (!type) return null;
  const who = processOf(row).approvers[APPROVAL_KIND_OF_TYPE[type]];
  return who?.by === 'user' ? who.userId : null;
}

async function tellApprover(ex: Executor, enterpriseId: number, row: Row): Promise<void> {
  const userId = namedApproverId(row);
  const type = pendingType(row);
  if (!userId || !type) return;
  await addNotices(ex, {
    enterpriseId,
    userIds: [userId],
    kind: 'order_approval',
    title: `工单${String(row.order_no)}等待您${EXAMINE_TYPES[type]}`,
    content: String(row.title ?? ''),
    link: `/allOrder/orderDetail/${String(row.id)}`,
    // One notice each time the order starts waiting (a resubmission after a rejection is a new wait).
    dedupeKey: `order_approval:${String(row.id)}:${type}:${String(row.version ?? '')}`,
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireApprovalNotice(): void {
  afterOrderCreated(
    async (o) => {
      const row = await orderRecordById(o.tx, o.enterpriseId, o.orderId);
      if (row && !(await afterOrderChange(o.tx, o.enterpriseId, 'create', null, row, o.actorId)))
        afterCommit(o.tx, (db) => tellApprover(db, o.enterpriseId, row));
    },
    async (b, single) => {
      // Only an order that starts out waiting for an examine has an approval to start or an approver to tell.
      await runSingleOn(
        b,
        single,
        await waitingExamineIds(
          b.tx,
          b.enterpriseId,
          b.orders.map((o) => o.orderId),
        ),
      );
    },
    startsWaiting,
    'orders.approvalNotice',
  );

  registerStateHook(
    'order',
    '*',
    {
      after: async (h) => {
        const [current, row] = [asOrderRecord(h.current), asOrderRecord(h.row)];
        const onFlow = await afterOrderChange(h.tx, h.enterpriseId, h.action, current, row, h.actorId);
        // Only when the wait begins, not on every move while it lasts.
        if (!onFlow && pendingType(row) && pendingType(row) !== pendingType(current)) {
          const { enterpriseId } = h;
          afterCommit(h.tx, (db) => tellApprover(db, enterpriseId, row));
        }
        return undefined;
      },
    },
    'orders.approvalNotice',
  );
}
