import type { ExamineType } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { OrderRecord } from './orders.repo';
import { lastActionUser } from './examine.repo';

/*
 * The order area's rules for its examines on the approval engine (docs/approvals.md): which examine the row waits for
 * and who caused it. The engine's reads are in examine.repo.ts. No order imports here: order.state.ts reads it.
 */

// Where scope.ts and the list filters read them.
export { onEngine, openTaskOrders } from './examine.repo';

/** What deciding the examine reads of an order's row. */
type Row = Pick<OrderRecord, 'id' | 'examine_type' | 'examine_result' | 'created_by'>;

/** The examine the row waits for (result 0; a null result counts as 0), or null. */
export const pendingExamine = (row: Pick<OrderRecord, 'examine_type' | 'examine_result'>): ExamineType | null =>
  (row.examine_result ?? 0) === 0 && row.examine_type != null ? (row.examine_type as ExamineType) : null;

/** The action that opens each later examine; the last such log row names who caused it. */
const OPENED_BY: Record<Exclude<ExamineType, 1>, string> = { 2: 'applyEndService', 3: 'receipt', 4: 'collect' };

/**
 * Who caused the examine the order waits for (the applicant): the creator for 创建审核, else the user of the
 * last 申请结束服务 / 回执 / 收款 on the order log. Null when nobody is known (system actions, imported rows).
 */
export async function examineApplicantOf(ex: Executor, enterpriseId: number, row: Row): Promise<number | null> {
  const type = pendingExamine(row);
  if (!type) return null;
  if (type === 1) return row.created_by;
  return lastActionUser(ex, enterpriseId, row.id, OPENED_BY[type]);
}
