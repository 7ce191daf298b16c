import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import * as repo from './channels.repo';
import { enabledApp, withToken } from './channels.service';

/**
 * Work messages (工作通知): the trigger on notices (db/derived.ts) logs one row per recipient and channel; this sweep
 * (the job interface, once per slot across instances) claims the due rows and sends them. A failure waits its
 * backoff and is tried again; after the last one the row is failed. A claimed row (status 4) is never sent again,
 * even if its sender died before recording the answer: a lost message is preferred to a double one (a claim left for
 * ten minutes is marked failed, so the log says so).
 */
export const WORK_MSG_JOB = 'channels.workmsg.send';
/** Waits before the 2nd … 5th attempt; a 5th failure fails the message. */
export const WORK_MSG_BACKOFF_SECONDS = [30, 120, 600, 1800] as const;
const BATCH = 50;

export const messageText = (m: { title: string; content: string }): string => (m.content ? `${m.title}\n${m.content}` : m.title).slice(0, 2000);

/** Sends what is due (all enterprises, or one); answers how many were sent. */
export async function sendDueMessages(deps: Deps, enterpriseId?: number): Promise<number> {
  await repo.failAbandoned(deps.db);
  const due = await repo.claimDue(deps.db, BATCH, enterpriseId);
  let sent = 0;
  for (const m of due) {
    const ep = m.enterprise_id;
    try {
      const app = await enabledApp(deps.db, deps.config, ep, m.channel);
      await withToken(deps.db, deps.config, app, (token) => app.client.sendText(token, app.creds, m.platform_user_id, messageText(m)));
      await repo.markSent(deps.db, ep, m.id);
      sent++;
    } catch (err) {
      const message = err instanceof AppError ? err.message : err instanceof Error ? err.message : String(err);
      const wait = WORK_MSG_BACKOFF_SECONDS[m.attempts - 1];
      await repo.markFailed(deps.db, ep, m.id, message, wait ?? null);
    }
  }
  return sent;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireWorkmsg(): void {
  registerJobHandler(WORK_MSG_JOB, async (job, deps) => {
    await sendDueMessages(deps, job.enterpriseId ?? undefined);
  });

  addSweep({ name: WORK_MSG_JOB, everySeconds: 10, kind: WORK_MSG_JOB });
}
