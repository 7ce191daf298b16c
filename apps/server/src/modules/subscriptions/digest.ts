import { DIGEST_TIMES, SUBSCRIBE_ITEMS, SUBSCRIBE_TYPES, type SubscribeType } from '@sk/shared';
import { actorOf, paidPlan, planOverdue } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { addSweep, enqueue, type Job, registerJobHandler, zonedParts } from '../../platform/jobs';
import { sessionUserOf } from '../../platform/session';
import type { Executor } from '../../db/client';
import { reportDigestLines } from '../reports/index';
import { DIGEST_PROVIDERS, digestContext } from './digest.items';
import { addNotices } from '../notices/index';
import * as repo from './subscriptions.repo';

/**
 * The 8:00 to-do and 8:30 statistics digests, at those times in each enterprise's time zone.
 * A sweep every minute looks which enterprises' local clock has passed a digest time and enqueues one job per
 * enterprise, type and local date under a unique key (job_keys): once across app instances, and a server down at
 * 8:00 catches up when it comes back. The job writes one notice per subscribed user with the lines of the items the
 * user left on (digest.items.ts); the notice's dedupe key makes a second or parallel run write nothing.
 * The free plan and expired services get no digests (notices are locked).
 */
export const DIGEST_JOB = 'subscribe.digest';
export const DIGEST_TICK_JOB = 'subscribe.digest.tick';
const TITLES: Record<SubscribeType, string> = { 1: '今日待办事项提醒', 2: '昨日统计事项日报' };
const KINDS: Record<SubscribeType, string> = { 1: 'digest_todo', 2: 'digest_stats' };
/** The to-do digest opens home's 待办事项 card; the statistics digest has no page of its own and opens in place. */
const LINKS: Record<SubscribeType, string | null> = { 1: '/guideOne', 2: null };

/** The statistics digest reports the day before the digest's date; the to-do digest the date itself. */
export const reportedDay = (type: SubscribeType, date: string): string => {
  if (type === 1) return date;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The lines of one user's digest: every item of the type the user left on, with a value that concerns them. */
async function linesFor(deps: Deps, type: SubscribeType, enterpriseId: number, userId: number, date: string, switches: Map<string, number>) {
  const user = await sessionUserOf(deps.db, enterpriseId, userId);
  if (!user) return [];
  const actor = actorOf(user);
  if (!paidPlan(actor) || planOverdue(actor)) return [];
  const ctx = digestContext(deps, actor, user, reportedDay(type, date));
  const lines: string[] = [];
  for (const item of SUBSCRIBE_ITEMS) {
    if (item.type !== type || switches.get(`${userId}:${item.code}`) === 0) continue;
    const value = await DIGEST_PROVIDERS[item.code]?.(ctx);
    if (value != null) lines.push(`${item.descri}：${value}`);
  }
  // 运营报表's saved queries the user added to his statistics digest (modules/reports/reports.digest.ts).
  if (type === 2) lines.push(...(await reportDigestLines(deps.db, ctx.actor, ctx.day)));
  return lines;
}

/** One notice per subscribed user of the enterprise for the digest of `date` (enterprise-local); answers how many were written. */
export async function runDigest(deps: Deps, type: SubscribeType, enterpriseId: number, date: string): Promise<number> {
  const userIds = await repo.subscribers(deps.db, enterpriseId, type);
  const switches = await repo.itemValues(deps.db, enterpriseId, userIds);
  let written = 0;
  for (const userId of userIds) {
    const lines = await linesFor(deps, type, enterpriseId, userId, date, switches);
    if (lines.length === 0) continue;
    written += await addNotices(deps.db, {
      enterpriseId,
      userIds: [userId],
      kind: KINDS[type],
      title: `${TITLES[type]}（${reportedDay(type, date)}）`,
      content: lines.join('\n'),
      link: LINKS[type],
      dedupeKey: `digest:${type}:${date}`,
    });
  }
  return written;
}

/** The enterprise's local date and time; null for a time zone the runtime does not know (that enterprise is skipped, the others go on). */
const localClock = (now: Date, timeZone: string) => {
  try {
    return zonedParts(now, timeZone);
  } catch {
    return null;
  }
};

/** Enqueues the digests whose local time has come in each enterprise with subscribers (once per enterprise, type and local date). */
export async function enqueueDueDigests(ex: Executor, now = new Date()): Promise<number> {
  let n = 0;
  for (const type of [1, 2] as SubscribeType[]) {
    for (const ep of await repo.enterprisesWithSubscribers(ex, type)) {
      const local = localClock(now, ep.timeZone);
      if (!local) continue;
      const { date, time } = local;
      if (time < DIGEST_TIMES[type]) continue;
      const id = await enqueue(ex, { kind: DIGEST_JOB, enterpriseId: ep.id, payload: { type, date }, uniqueKey: `${DIGEST_JOB}:${type}:${date}:${ep.id}` });
      if (id != null) n++;
    }
  }
  return n;
}

async function handleDigest(job: Job<typeof DIGEST_JOB>, deps: Deps): Promise<void> {
  const type = job.payload.type as SubscribeType;
  const date = String(job.payload.date);
  if (!(type in SUBSCRIBE_TYPES) || !/^\d{4}-\d{2}-\d{2}$/.test(date) || job.enterpriseId == null) {
    throw new Error(`bad digest payload ${JSON.stringify(job.payload)}`);
  }
  await runDigest(deps, type, job.enterpriseId, date);
}

export function registerDigests(): void {
  registerJobHandler(DIGEST_JOB, handleDigest);
  registerJobHandler(DIGEST_TICK_JOB, async (_job, deps) => {
    await enqueueDueDigests(deps.db);
  });
  addSweep({ name: DIGEST_TICK_JOB, everySeconds: 60, kind: DIGEST_TICK_JOB });
}
