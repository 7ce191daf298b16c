import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { rows, sql } from '../db/client';
import { jobs } from '../db/schema/index';
import { addBackground } from './create-deps';
import type { Deps } from './deps';

/**
 * A table-backed job queue (PGlite cannot host pg-boss). Jobs are claimed with FOR UPDATE SKIP LOCKED,
 * so several app instances share one queue; a running job's lock is refreshed by a heartbeat, and a
 * stale lock (a dead instance) puts the job back in the queue.
 */
export interface Job {
  id: number;
  enterpriseId: number | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}
export type JobHandler = (job: Job, deps: Deps) => Promise<void>;

interface HandlerOptions {
  /** Called once when the job has failed for the last time. */
  onFailed?: (job: Job, error: string, deps: Deps) => Promise<void>;
}
const handlers = new Map<string, { run: JobHandler } & HandlerOptions>();

export function registerJobHandler(kind: string, handler: JobHandler, opts: HandlerOptions = {}): void {
  handlers.set(kind, { run: handler, ...opts });
}

export interface EnqueueInput {
  kind: string;
  enterpriseId?: number | null;
  payload?: Record<string, unknown>;
  runAt?: Date | string;
  /** At most one job per key, ever; a second enqueue answers null. */
  uniqueKey?: string;
  maxAttempts?: number;
}

export async function enqueue(ex: Executor, j: EnqueueInput): Promise<number | null> {
  const [r] = await ex
    .insert(jobs)
    .values({
      kind: j.kind,
      enterpriseId: j.enterpriseId ?? null,
      payload: j.payload ?? {},
      uniqueKey: j.uniqueKey ?? null,
      ...(j.runAt ? { runAt: new Date(j.runAt).toISOString() } : {}),
      ...(j.maxAttempts ? { maxAttempts: j.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  if (r) jobRunner.wake();
  return r?.id ?? null;
}

// ---- daily schedules ----

export interface DailySchedule {
  name: string;
  /** 'HH:mm' in the server time zone (TZ_DEFAULT). */
  at: string;
  kind: string;
  payload?: Record<string, unknown>;
}
const schedules: DailySchedule[] = [];

export function addDailySchedule(s: DailySchedule): void {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s.at)) throw new Error(`schedule ${s.name}: at must be HH:mm`);
  if (!schedules.some((x) => x.name === s.name)) schedules.push(s);
}

/** Date and time of day of an instant in a time zone. */
export function zonedParts(now: Date, timeZone: string): { date: string; time: string } {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Enqueues each schedule whose time has come today; the unique key name:date makes it once per day across instances. */
export async function enqueueDueSchedules(ex: Executor, timeZone: string, now = new Date()): Promise<number> {
  const { date, time } = zonedParts(now, timeZone);
  let n = 0;
  for (const s of schedules) {
    if (time < s.at) continue;
    const id = await enqueue(ex, { kind: s.kind, payload: { ...s.payload, scheduleDate: date }, uniqueKey: `${s.name}:${date}` });
    if (id != null) n++;
  }
  return n;
}

// ---- claiming and running ----

const INSTANCE = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
export const LOCK_STALE_SECONDS = 120;
const HEARTBEAT_MS = 20_000;

interface JobRow {
  id: number;
  enterprise_id: number | null;
  kind: string;
  payload: Record<string, unknown> | string | null;
  attempts: number;
  max_attempts: number;
}

const toJob = (r: JobRow): Job => ({
  id: Number(r.id),
  enterpriseId: r.enterprise_id == null ? null : Number(r.enterprise_id),
  kind: r.kind,
  payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) ?? {},
  attempts: Number(r.attempts),
});

const kindList = () => sql.join([...handlers.keys()].map((k) => sql`${k}`), sql`, `);

async function claim(ex: Executor, limit: number): Promise<JobRow[]> {
  if (handlers.size === 0) return [];
  return rows<JobRow>(
    ex,
    sql`with next as (
          select id from jobs where state = 'queued' and run_at <= now() and kind in (${kindList()})
          order by run_at, id limit ${limit} for update skip locked)
        update jobs j set state = 'running', locked_at = now(), locked_by = ${INSTANCE}, attempts = j.attempts + 1
        from next where j.id = next.id
        returning j.id, j.enterprise_id, j.kind, j.payload, j.attempts, j.max_attempts`,
  );
}

/** Seconds to wait before attempt n+1: 5 s, 20 s, 80 s … capped at an hour. */
export const backoffSeconds = (attempts: number): number => Math.min(3600, 5 * 4 ** Math.max(0, attempts - 1));

/** Only the claim that is still current may finish a job (a recovered job belongs to its new claim). */
const current = (r: JobRow) => sql`id = ${r.id} and state = 'running' and attempts = ${r.attempts}`;

async function finish(deps: Deps, r: JobRow, error: string | null): Promise<void> {
  const db = deps.db;
  if (error == null) {
    await db.execute(sql`update jobs set state = 'done', finished_at = now(), locked_at = null, last_error = null where ${current(r)}`);
    return;
  }
  const msg = error.slice(0, 2000);
  if (r.attempts < r.max_attempts) {
    const wait = `${backoffSeconds(r.attempts)} seconds`;
    await db.execute(sql`update jobs set state = 'queued', locked_at = null, last_error = ${msg}, run_at = now() + ${wait}::interval where ${current(r)}`);
    return;
  }
  const failed = await rows(db, sql`update jobs set state = 'failed', finished_at = now(), locked_at = null, last_error = ${msg} where ${current(r)} returning id`);
  if (failed.length) await handlers.get(r.kind)?.onFailed?.(toJob(r), msg, deps);
}

async function runOne(deps: Deps, r: JobRow, log?: FastifyBaseLogger): Promise<void> {
  const h = handlers.get(r.kind);
  const beat = setInterval(() => {
    deps.db.execute(sql`update jobs set locked_at = now() where ${current(r)}`).catch(() => {});
  }, HEARTBEAT_MS);
  beat.unref();
  let error: string | null = null;
  try {
    if (!h) throw new Error(`no handler for job kind ${r.kind}`);
    await h.run(toJob(r), deps);
  } catch (err) {
    error = err instanceof Error ? err.message || err.name : String(err);
    log?.warn({ err, job: r.id, kind: r.kind }, '任务执行失败');
  } finally {
    clearInterval(beat);
  }
  await finish(deps, r, error);
}

/** Puts jobs whose lock went stale (their instance died) back in the queue, or fails them when out of attempts. */
export async function recoverStale(deps: Deps, olderThanSeconds = LOCK_STALE_SECONDS): Promise<number> {
  const age = `${olderThanSeconds} seconds`;
  const out = await rows<JobRow & { state: string }>(
    deps.db,
    sql`update jobs set state = case when attempts >= max_attempts then 'failed' else 'queued' end,
          finished_at = case when attempts >= max_attempts then now() end,
          locked_at = null, run_at = now(), last_error = coalesce(last_error, '执行中断（实例停止）')
        where state = 'running' and locked_at <= now() - ${age}::interval
        returning id, enterprise_id, kind, payload, attempts, max_attempts, state`,
  );
  for (const r of out) if (r.state === 'failed') await handlers.get(r.kind)?.onFailed?.(toJob(r), '执行中断（实例停止）', deps);
  return out.length;
}

/** Claims the due jobs (up to `limit`) and runs them; answers how many ran. Tests call this instead of sleeping. */
export async function runJobsOnce(deps: Deps, opts: { limit?: number; log?: FastifyBaseLogger } = {}): Promise<number> {
  await recoverStale(deps);
  const claimed = await claim(deps.db, opts.limit ?? 10);
  await Promise.all(claimed.map((r) => runOne(deps, r, opts.log)));
  return claimed.length;
}

/** Runs due jobs until none is left (jobs retried later by backoff are not due). */
export async function drainJobs(deps: Deps, maxRounds = 100): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxRounds; i++) {
    const n = await runJobsOnce(deps);
    if (n === 0) break;
    total += n;
  }
  return total;
}

// ---- the background runner ----

const POLL_MS = 1000;
const SCHEDULE_EVERY_MS = 20_000;

class JobRunner {
  readonly name = 'jobs';
  private deps: Deps | null = null;
  private log: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private stopped = true;
  private again = false;
  private lastSchedule = 0;

  async start(deps: Deps, log: FastifyBaseLogger): Promise<void> {
    this.deps = deps;
    this.log = log;
    this.stopped = false;
    // The embedded server belongs to this app alone: whatever is 'running' was cut off by the last stop.
    if (deps.database.kind === 'embedded') await recoverStale(deps, 0);
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), 0);
  }

  private tick(): void {
    this.timer = null;
    this.loop = this.work()
      .catch((err) => this.log?.error({ err }, '任务队列出错'))
      .finally(() => {
        this.loop = null;
        if (this.stopped) return;
        const delay = this.again ? 0 : POLL_MS;
        this.again = false;
        this.timer = setTimeout(() => this.tick(), delay);
        this.timer.unref?.();
      });
  }

  private async work(): Promise<void> {
    const deps = this.deps;
    if (!deps) return;
    if (Date.now() - this.lastSchedule >= SCHEDULE_EVERY_MS) {
      this.lastSchedule = Date.now();
      await enqueueDueSchedules(deps.db, deps.config.TZ_DEFAULT);
      await deps.db.execute(sql`delete from jobs where state = 'done' and finished_at < now() - interval '7 days'`);
    }
    while (!this.stopped && (await runJobsOnce(deps, { limit: 2, log: this.log })) > 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.loop) await Promise.race([this.loop, new Promise((r) => setTimeout(r, 10_000).unref())]);
  }
}

export const jobRunner = new JobRunner();
addBackground(jobRunner);
