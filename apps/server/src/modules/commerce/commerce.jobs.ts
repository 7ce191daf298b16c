import type { Deps } from '../../platform/deps';
import { addDailySchedule, type Job, registerJobHandler } from '../../platform/jobs';
import { registerStateHook } from '../../platform/state';
import { holdsParts } from './fees.repo';
import { releaseOrderHolds } from './quotation.order';
import { expireQuotes } from './quotation.service';
import { expireExtensions } from './warranty.service';

/** The daily job that expires sent quotations past their date and extensions past their last day (docs/commerce.md). */
export const COMMERCE_EXPIRY_JOB = 'commerce.expiry';

export const handleCommerceExpiry = async (job: Job, deps: Deps): Promise<{ quotes: number; extensions: number }> => ({
  quotes: await expireQuotes(deps.db, job.enterpriseId),
  extensions: await expireExtensions(deps.db, job.enterpriseId),
});

export function registerCommerceJobs(): void {
  registerJobHandler(COMMERCE_EXPIRY_JOB, async (job, deps) => {
    await handleCommerceExpiry(job, deps);
  });
  addDailySchedule({ name: COMMERCE_EXPIRY_JOB, at: '00:10', kind: COMMERCE_EXPIRY_JOB });
  // A quotation's held parts go back when its order ends (cancelled, voided or completed).
  registerStateHook(
    'order',
    '*',
    {
      // Only an order with a quotation holding parts has anything to release.
      probe: () => holdsParts,
      after: async (h) => {
        const why = endOf(h.current, h.row);
        if (why) await releaseOrderHolds(h.tx, h.enterpriseId, h.id, why, h.actorId);
        return undefined;
      },
    },
    'commerce.jobs',
  );
}

function endOf(before: Record<string, unknown>, after: Record<string, unknown>): string | null {
  if (after.invalid === true && before.invalid !== true) return '已作废';
  // The state helper's rows of orders: state is a smallint, a number as read.
  if (after.state === before.state) return null;
  if (after.state === 6) return '已取消';
  if (after.state === 5) return '已完成';
  return null;
}
