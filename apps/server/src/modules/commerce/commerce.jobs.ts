import type { Deps } from '../../platform/deps';
import { addDailySchedule, type Job, registerJobHandler } from '../../platform/jobs';
import { expireQuotes } from './quotation.service';
import { expireExtensions } from './warranty.service';

/** The daily job that expires sent quotations past their date and extensions past their last day (docs/commerce.md). */
export const COMMERCE_EXPIRY_JOB = 'commerce.expiry';

export const handleCommerceExpiry = async (job: Job, deps: Deps): Promise<{ quotes: number; extensions: number }> => ({
  quotes: await expireQuotes(deps.db, job.enterpriseId),
  extensions: await expireExtensions(deps.db, job.enterpriseId),
});

let registered = false;
export function registerCommerceJobs(): void {
  if (registered) return;
  registered = true;
  registerJobHandler(COMMERCE_EXPIRY_JOB, async (job, deps) => {
    await handleCommerceExpiry(job, deps);
  });
  addDailySchedule({ name: COMMERCE_EXPIRY_JOB, at: '00:10', kind: COMMERCE_EXPIRY_JOB });
}
