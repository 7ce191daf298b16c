// Calls the telephony platform never ended: its 'ended' event was lost (a crash, a network cut), so without this the
// call would ring for ever on the agent's seat and keep it 通话中. A sweep ends them: still ringing after ten minutes
// is a missed call (its call-back task opens, as for any missed call); talking after four hours is over.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { moveCall } from './calls.state';

export const STALE_CALLS_JOB = 'calls.endStale';

/** Ends the stale calls of every enterprise (at most 500 a run), each in its own transaction; answers how many. */
export async function endStaleCalls(db: Db): Promise<number> {
  // The partial index of live calls (call_records_live_idx) holds only states 1 and 2.
  const stale = await rows<{ enterprise_id: number; id: number }>(
    db,
    sql`select enterprise_id::int, id::int from call_records
      where state in (1, 2) and ((state = 1 and started_at < now() - interval '10 minutes')
        or (state = 2 and coalesce(answered_at, started_at) < now() - interval '4 hours'))
      order by id limit 500`,
  );
  let ended = 0;
  for (const c of stale) {
    try {
      await db.transaction((tx) =>
        moveCall(tx, c.enterprise_id, c.id, 'end', {
          actorId: null,
          patchOf: ({ to }) => ({
            ended_at: sql`now()`,
            duration_s: to === 3 ? sql`greatest(0, round(extract(epoch from now() - coalesce(answered_at, started_at))))::int` : 0,
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
