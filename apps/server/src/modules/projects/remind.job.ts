import type { Executor } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { remindDueTasks } from './process.repo';

/**
 * Task reminders (/project/tmpl/isOpen/taskRemind): a sweep every minute writes one notice to the principal of each
 * open task whose reminder time (its planned end less its hours) has come, and marks the task reminded. The mark and the
 * notices are one statement, and each notice has a dedupe key, so a retried or concurrent sweep reminds once.
 */
export const PROJECT_REMIND_JOB = 'project.taskRemind';
const BATCH = 1000;

export function sendTaskReminders(ex: Executor): Promise<number> {
  return remindDueTasks(ex, BATCH);
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireRemindJob(): void {
  registerJobHandler(PROJECT_REMIND_JOB, async (_job, deps) => {
    await sendTaskReminders(deps.db);
  });

  addSweep({ name: PROJECT_REMIND_JOB, everySeconds: 60, kind: PROJECT_REMIND_JOB });
}
