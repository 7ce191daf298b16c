import { DIGEST_TIMES, SUBSCRIBE_ITEMS, SUBSCRIBE_TYPES, type SubscribeType } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { addDailySchedule, enqueue, type Job, registerJobHandler } from '../../platform/jobs';
import { addNotices } from './notices.repo';
import * as repo from './subscriptions.repo';

/**
 * The 8:00 to-do and 8:30 statistics digests. Areas that own the numbers (orders, events …) register
 * a provider per item code; items without a provider are left out of the digest. A provider gets the
 * digest's date (server time zone); statistics items report the day before it. A provider answers null for a user
 * the item does not concern (e.g. stock warnings for someone who keeps no warehouse): the line is left out.
 */
export type DigestProvider = (ex: Executor, ctx: { enterpriseId: number; userId: number; date: string }) => Promise<number | string | null>;
const providers = new Map<string, DigestProvider>();

export function registerDigestItem(code: string, provider: DigestProvider): void {
  if (!SUBSCRIBE_ITEMS.some((i) => i.code === code)) throw new Error(`unknown subscription item ${code}`);
  providers.set(code, provider);
}

export const DIGEST_JOB = 'subscribe.digest';
const TITLES: Record<SubscribeType, string> = { 1: '今日待办事项提醒', 2: '昨日统计事项日报' };

/** Lines of one user's digest: the items the user left on that have a provider. */
async function linesFor(ex: Executor, type: SubscribeType, enterpriseId: number, userId: number, date: string, switches: Map<string, number>) {
  const lines: string[] = [];
  for (const item of SUBSCRIBE_ITEMS) {
    const provider = providers.get(item.code);
    if (item.type !== type || !provider || switches.get(`${userId}:${item.code}`) === 0) continue;
    const value = await provider(ex, { enterpriseId, userId, date });
    if (value !== null) lines.push(`${item.descri}：${value}`);
  }
  return lines;
}

/** The statistics digest reports the day before the digest's date. */
const reportedDay = (type: SubscribeType, date: string): string => {
  if (type === 1) return date;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** One notice per subscribed user of the enterprise; the dedupe key makes a re-run write nothing new. */
export async function runDigest(db: Db, type: SubscribeType, enterpriseId: number, date: string): Promise<number> {
  return db.transaction(async (tx) => {
    const userIds = await repo.subscribers(tx, enterpriseId, type);
    const switches = await repo.itemValues(tx, enterpriseId, userIds);
    let written = 0;
    for (const userId of userIds) {
      const lines = await linesFor(tx, type, enterpriseId, userId, date, switches);
      if (lines.length === 0) continue;
      written += await addNotices(tx, {
        enterpriseId,
        userIds: [userId],
        kind: type === 1 ? 'digest_todo' : 'digest_stats',
        title: `${TITLES[type]}（${reportedDay(type, date)}）`,
        content: lines.join('\n'),
        dedupeKey: `digest:${type}:${date}`,
      });
    }
    return written;
  });
}

/** The daily job fans out one job per enterprise, so one enterprise's failure retries alone. */
async function handleDigest(job: Job, deps: Deps): Promise<void> {
  const type = Number(job.payload.type) as SubscribeType;
  const date = String(job.payload.date ?? job.payload.scheduleDate);
  if (!(type in SUBSCRIBE_TYPES) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`bad digest payload ${JSON.stringify(job.payload)}`);
  if (job.enterpriseId != null) {
    await runDigest(deps.db, type, job.enterpriseId, date);
    return;
  }
  for (const enterpriseId of await repo.enterprisesWithSubscribers(deps.db, type)) {
    await enqueue(deps.db, { kind: DIGEST_JOB, enterpriseId, payload: { type, date }, uniqueKey: `${DIGEST_JOB}:${type}:${date}:${enterpriseId}` });
  }
}

export function registerDigests(): void {
  registerJobHandler(DIGEST_JOB, handleDigest);
  addDailySchedule({ name: 'digest.todo', at: DIGEST_TIMES[1], kind: DIGEST_JOB, payload: { type: 1 } });
  addDailySchedule({ name: 'digest.stats', at: DIGEST_TIMES[2], kind: DIGEST_JOB, payload: { type: 2 } });
}
