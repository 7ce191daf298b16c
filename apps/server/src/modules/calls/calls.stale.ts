// Calls the telephony platform never ended: its 'ended' event was lost (a crash, a network cut), so without this the
// call would ring for ever on the agent's seat and keep it 通话中. A sweep ends them: still ringing after ten minutes
// is a missed call (its call-back task opens, as for any missed call); talking after four hours is over.
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { NOW } from '../../platform/sql';
import { durationSoFar, staleCalls } from './calls.repo';
import { moveCall } from './calls.state';

export const STALE_CALLS_JOB = 'calls.endStale';

/** Ends the stale calls of every enterprise (at most 500 a run), each in its own transaction; answers how many. */
export async function endStaleCalls(db: Db): Promise<number> {
  const stale = await staleCalls(db);
  let ended = 0;
  for (const c of stale) {
    try {
      await db.transaction((tx) =>
        moveCall(tx, c.enterprise_id, c.id, 'end', {
          actorId: null,
          patchOf: ({ to }) => ({
            ended_at: NOW,
            duration_s: to === 3 ? durationSoFar : 0,
            ...(to === 4 ? { callback_state: 1 } : {}),
          }),
        }),
      );
      ended++;
    } catch (e) {
      // Ended meanwhile by its own event or a parallel sweep: nothing to do.
      if (!(e instanceof AppError && (e.code === 'INVALID_STATE' || e.code === 'STATE_CHANGED'))) throw e;
    }
  }
  return ended;
}

export function registerCallJobs(): void {
  registerJobHandler(STALE_CALLS_JOB, async (_job, deps) => {
    await endStaleCalls(deps.db);
  });
  addSweep({ name: STALE_CALLS_JOB, everySeconds: 60, kind: STALE_CALLS_JOB });
}
