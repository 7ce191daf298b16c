import { maintainMachine } from '@sk/shared';
import type { Db } from '../../db/client';
import { addBackground } from '../../platform/create-deps';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { addDailySchedule, enqueue, type Job, registerJobHandler } from '../../platform/jobs';
import { changeState } from '../../platform/state';
import { CONTRACT_STATE } from './contracts.common';
import { dueContracts, lockContractDates, renewalsDue } from './contracts.repo';
import { contractRenewalDue } from './customers.signals';

/** The daily job that moves maintenance contracts along their dates (signed → executing → finished). */
export const CONTRACT_DATES_JOB = 'contracts.dates';
export const CONTRACT_DATES_NOTE = '按合同日期自动更新';

/**
 * Moves one contract as far as its dates say, one logged step at a time, in one transaction.
 * The dates are re-read under the row lock, and each step is a compare-and-set: a manual change made
 * meanwhile wins and the job leaves the contract alone.
 */
async function catchUp(db: Db, enterpriseId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    let steps = 0;
    for (;;) {
      const c = await lockContractDates(tx, enterpriseId, id);
      if (!c) return steps;
      const status = c.status;
      const action = status === 1 && c.started ? 'execute' : status === 2 && c.ended ? 'finish' : null;
      if (action == null) return steps;
      // The system moves it (no user): one compare-and-set step through the state-change helper, logged.
      const move = {
        table: CONTRACT_STATE.maintain,
        machine: maintainMachine,
        enterpriseId,
        id,
        action,
        expected: status,
        ctx: undefined,
        actorId: null,
      } as const;
      await changeState(tx, { ...move, note: CONTRACT_DATES_NOTE });
      steps++;
    }
  });
}

/** Runs the date rules over every enterprise (or one); answers how many state steps were taken. */
export async function runContractDates(db: Db, enterpriseId: number | null = null): Promise<number> {
  let steps = 0;
  for (const c of await dueContracts(db, enterpriseId)) {
    try {
      steps += await catchUp(db, c.enterprise_id, c.id);
    } catch (err) {
      // Changed or deleted by someone else between the scan and the lock: their change stands.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return steps;
}

/** Tells contractRenewalDue for each contract in force that ends within RENEWAL_DAYS (after the date moves); answers how many. */
export async function tellRenewalsDue(db: Db, enterpriseId: number | null = null): Promise<number> {
  const due = await renewalsDue(db, enterpriseId);
  for (const c of due) {
    await db.transaction((tx) =>
      contractRenewalDue.publish(tx, {
        enterpriseId: c.enterprise_id,
        contractId: c.id,
        contractNo: c.contract_no,
        name: c.name,
        customerName: c.customer_name,
        endDate: c.end_date,
        ownerId: c.created_by,
      }),
    );
  }
  return due.length;
}

/** The job's handler: one enterprise when the job names one, else all; then the renewals due are told. */
export const handleContractDates = async (job: Job, deps: Deps): Promise<void> => {
  await runContractDates(deps.db, job.enterpriseId);
  await tellRenewalsDue(deps.db, job.enterpriseId);
};

/** Registers the job, its daily schedule, and a run at start-up so a server that was off on the day catches up. */
export function registerContractDates(): void {
  registerJobHandler(CONTRACT_DATES_JOB, handleContractDates);
  addDailySchedule({ name: CONTRACT_DATES_JOB, at: '00:05', kind: CONTRACT_DATES_JOB });
  addBackground({
    name: `${CONTRACT_DATES_JOB}.startup`,
    start: async (deps) => {
      await enqueue(deps.db, { kind: CONTRACT_DATES_JOB });
    },
    stop: () => {},
  });
}
