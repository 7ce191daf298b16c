import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client';
import { rows, sql } from '../db/client';
import { onPrimary } from '../db/replica';
import { addBackground } from './create-deps';
import { registrationSite } from './registry';
import type { Deps } from './deps';
import { BOSS_SCHEMA, commands, createBoss, dueQueues, executorDb } from './jobs.boss';
import type { JobKind, JobPayloads } from './job-kinds';

/**
 * The job interface the areas use: handlers, enqueue (inside the caller's transaction), daily
 * schedules and every-N-seconds sweeps. pg-boss stores, claims (SKIP LOCKED, so several app
 * instances share one queue), retries with backoff and expires the jobs of dead instances.
 */
export interface Job<K extends JobKind = JobKind> {
  id: string;
  enterpriseId: number | null;
  kind: K;
  payload: JobPayloads[K];
  /** 1 on the first run. */
  attempts: number;
  /**
   * Aborted when the app stops: a long job ends at its next safe point rather than outliving the graceful stop
   * (its work left over is the next run's). Absent when a test runs the job.
   */
  stopping?: AbortSignal;
}
export type JobHandler<K extends JobKind = JobKind> = (job: Job<K>, deps: Deps) => Promise<void>;

interface HandlerOptions<K extends JobKind = JobKind> {
  /** Called once when the job has failed for the last time (also when its instance died on the last try). */
  onFailed?: (job: Job<K>, error: string, deps: Deps) => Promise<void>;
  /** A run that takes longer counts as dead and is retried. */
  expireInSeconds?: number;
}
// One map holds every kind's handler; registerJobHandler types each by its kind.
const handlers = new Map<string, { run: JobHandler<any>; site: string } & HandlerOptions<any>>();
const DEAD = '__dead';

/** The handler of a kind declared in job-kinds.ts: it reads that kind's payload. */
export function registerJobHandler<K extends JobKind>(kind: K, handler: JobHandler<K>, opts: HandlerOptions<K> = {}): void {
  handlers.set(kind, { run: handler, site: registrationSite(), ...opts });
}

/** Each job kind with a handler, in registration order (the order the runner visits them), with where it was registered. */
export const jobHandlerEntries = (): { kind: string; site: string }[] => [...handlers.entries()].map(([kind, h]) => ({ kind, site: h.site }));

/** pg-boss's expiry of a job whose kind names none. */
const DEFAULT_EXPIRE_SECONDS = 15 * 60;
/** JOB_EXPIRE_SECONDS of this instance, set when its runner starts: caps the expiry of the jobs it enqueues. */
let expireCap: number | null = null;
const expiryOf = (kind: string): number | undefined => {
  const own = handlers.get(kind)?.expireInSeconds;
  return expireCap ? Math.min(own ?? DEFAULT_EXPIRE_SECONDS, expireCap) : own;
};

interface EnqueueOptions<K extends JobKind> {
  kind: K;
  enterpriseId?: number | null;
  runAt?: Date | string;
  /** At most one job per key, ever; a second enqueue answers null. */
  uniqueKey?: string;
  maxAttempts?: number;
}
/** The payload as job-kinds.ts declares it for the kind (optional where every field is). */
type WithPayload<K extends JobKind> = {} extends JobPayloads[K] ? { payload?: JobPayloads[K] } : { payload: JobPayloads[K] };
/** One job to enqueue: a declared kind with its own payload. */
export type EnqueueInput = { [K in JobKind]: EnqueueOptions<K> & WithPayload<K> }[JobKind];

interface JobData {
  enterpriseId: number | null;
  payload: Record<string, unknown>;
}

/** Enqueues in the caller's executor: inside a transaction the job exists only if it commits. */
export async function enqueue(ex: Executor, j: EnqueueInput): Promise<string | null> {
  if (j.uniqueKey) {
    const taken = await rows(ex, sql`insert into job_keys (key) values (${j.uniqueKey}) on conflict do nothing returning key`);
    if (taken.length === 0) return null;
  }
  const data: JobData = { enterpriseId: j.enterpriseId ?? null, payload: (j.payload ?? {}) as Record<string, unknown> };
  const attempts = j.maxAttempts ?? 5;
  const expire = expiryOf(j.kind);
  const id = await commands.send(j.kind, data as unknown as object, {
    db: executorDb(ex),
    retryLimit: attempts - 1,
    retryDelay: 5,
    retryBackoff: true,
    ...(expire ? { expireInSeconds: expire } : {}),
    ...(j.runAt ? { startAfter: new Date(j.runAt) } : {}),
  });
  runner.wake(j.kind);
  return id;
}

// ---- queues ----

/** Advisory lock key: one instance at a time makes queues (concurrent create_queue calls deadlock in pg-boss). */
const QUEUES_LOCK = 73_10;

/**
 * pg-boss keeps one partition per queue: each handler's queue and its dead-letter queue exist before use. Instances
 * starting together take turns (a transaction lock held while pg-boss creates them); queues that exist are skipped.
 */
export async function prepareQueues(boss: PgBoss, db: Deps['db']): Promise<void> {
  const wanted = [...handlers.keys()].flatMap((k) => [k + DEAD, k]);
  const missing = async () => {
    const have = new Set((await rows<{ name: string }>(db, sql`select name from ${sql.raw(BOSS_SCHEMA)}.queue`)).map((r) => r.name));
    return wanted.filter((q) => !have.has(q));
  };
  if ((await missing()).length === 0) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUES_LOCK})`);
    const todo = new Set(await missing());
    for (const kind of handlers.keys()) {
      if (todo.has(kind + DEAD)) await boss.createQueue(kind + DEAD);
      if (todo.has(kind)) await boss.createQueue(kind, { name: kind, deadLetter: kind + DEAD });
    }
  });
}

/** Makes the queues of every registered handler (after the modules registered theirs). */
export const prepareJobs = (deps: Deps): Promise<void> => prepareQueues(bossOf(deps), deps.db);

// ---- daily schedules and sweeps: enqueued with a key per day or per slot, so once across instances ----

export interface DailySchedule {
  name: string;
  /** 'HH:mm' in the server time zone (TZ_DEFAULT). */
  at: string;
  kind: JobKind;
  payload?: Record<string, unknown>;
}
const schedules: (DailySchedule & { site: string })[] = [];

export function addDailySchedule(s: DailySchedule): void {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s.at)) throw new Error(`schedule ${s.name}: at must be HH:mm`);
  if (!schedules.some((x) => x.name === s.name)) schedules.push({ ...s, site: registrationSite() });
}

export interface Sweep {
  name: string;
  everySeconds: number;
  kind: JobKind;
  payload?: Record<string, unknown>;
}
const sweeps: (Sweep & { site: string })[] = [];

/** A job every N seconds (SLA checks, timers), once per slot across instances. */
export function addSweep(s: Sweep): void {
  if (!Number.isInteger(s.everySeconds) || s.everySeconds < 5) throw new Error(`sweep ${s.name}: everySeconds must be an integer ≥ 5`);
  if (!sweeps.some((x) => x.name === s.name)) sweeps.push({ ...s, site: registrationSite() });
}

/** The daily schedules and sweeps in the order they are enqueued, with where each was added (the wiring snapshot). */
export const scheduleEntries = (): { kind: 'daily' | 'sweep'; name: string; site: string }[] => [
  ...schedules.map((s) => ({ kind: 'daily' as const, name: s.name, site: s.site })),
  ...sweeps.map((s) => ({ kind: 'sweep' as const, name: s.name, site: s.site })),
];

/** Date and time of day of an instant in a time zone. */
export function zonedParts(now: Date, timeZone: string): { date: string; time: string } {
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Enqueues each schedule whose time has come today (also later in the day: a server down at 8:00 catches up). */
export async function enqueueDueSchedules(ex: Executor, timeZone: string, now = new Date()): Promise<number> {
  const { date, time } = zonedParts(now, timeZone);
  let n = 0;
  for (const s of schedules) {
    if (time < s.at) continue;
    const id = await enqueue(ex, { kind: s.kind, payload: { ...s.payload, scheduleDate: date }, uniqueKey: `${s.name}:${date}` } as EnqueueInput);
    if (id != null) n++;
  }
  for (const s of sweeps) {
    const slot = Math.floor(now.getTime() / 1000 / s.everySeconds);
    const id = await enqueue(ex, { kind: s.kind, payload: { ...s.payload, slot }, uniqueKey: `${s.name}:${slot}`, maxAttempts: 1 } as EnqueueInput);
    if (id != null) n++;
  }
  return n;
}

// ---- running ----

/** The stored job as its handler reads it (the payload is what the kind's enqueue sent: job-kinds.ts). */
const asJob = (j: PgBoss.JobWithMetadata<JobData>, kind: string, stopping?: AbortSignal): Job => ({
  id: j.id,
  enterpriseId: j.data?.enterpriseId ?? null,
  kind: kind as JobKind,
  payload: (j.data?.payload ?? {}) as JobPayloads[JobKind],
  attempts: j.retryCount + 1,
  ...(stopping ? { stopping } : {}),
});

const message = (err: unknown) => (err instanceof Error ? err.message || err.name : String(err)).slice(0, 2000);

/** Runs one fetched job; a throw is left to pg-boss (retry, then the dead-letter queue). */
async function runJob(deps: Deps, kind: string, j: PgBoss.JobWithMetadata<JobData>, log?: FastifyBaseLogger, stopping?: AbortSignal): Promise<void> {
  const h = handlers.get(kind);
  if (!h) throw new Error(`no handler for job kind ${kind}`);
  try {
    // Never in the read scope of a request that woke the runner: a job reads the primary unless it opens its own.
    await onPrimary(() => h.run(asJob(j, kind, stopping), deps));
  } catch (err) {
    log?.warn({ err, job: j.id, kind }, '任务执行失败');
    throw err;
  }
}

/** A job that failed for the last time arrives on its dead-letter queue; its handler's onFailed runs once. */
async function runDead(deps: Deps, kind: string, j: PgBoss.JobWithMetadata<JobData>): Promise<void> {
  const h = handlers.get(kind);
  const error = (j.output as { message?: string } | null)?.message ?? '执行失败';
  await h?.onFailed?.(asJob(j, kind), error, deps);
}

function bossOf(deps: Deps): PgBoss {
  let boss = bosses.get(deps);
  if (!boss) {
    boss = createBoss(deps.database, { supervise: false });
    boss.on('error', () => {});
    bosses.set(deps, boss);
  }
  return boss;
}
const bosses = new WeakMap<Deps, PgBoss>();

/** Claims up to `limit` due jobs of every kind and runs them; answers how many ran. Tests call this instead of sleeping. */
export async function runJobsOnce(deps: Deps, opts: { limit?: number; log?: FastifyBaseLogger } = {}): Promise<number> {
  const boss = bossOf(deps);
  let ran = 0;
  for (const kind of handlers.keys()) {
    for (const [queue, dead] of [
      [kind, false],
      [kind + DEAD, true],
    ] as const) {
      const jobs = await boss.fetch<JobData>(queue, { batchSize: opts.limit ?? 10, includeMetadata: true });
      for (const j of jobs) {
        try {
          await (dead ? runDead(deps, kind, j) : runJob(deps, kind, j, opts.log));
          await boss.complete(queue, j.id);
        } catch (err) {
          await boss.fail(queue, j.id, { message: message(err) });
        }
        ran++;
      }
    }
  }
  return ran;
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

/**
 * An app started on its own embedded server is the only one that could have been running its jobs:
 * whatever is still active was cut off by the last stop, and is failed now (so retried at once) rather
 * than after its expiry.
 */
export async function failCutOffJobs(deps: Deps): Promise<number> {
  const active = await rows<{ id: string; name: string }>(deps.db, sql`select id::text, name from ${sql.raw(BOSS_SCHEMA)}.job where state = 'active'`);
  const boss = bossOf(deps);
  for (const j of active) await boss.fail(j.name, j.id, { message: '执行中断（服务停止）' });
  return active.length;
}

// ---- the background runner: pg-boss workers per queue, and the schedule tick ----

const SCHEDULE_EVERY_MS = 20_000;
/**
 * Workers fetch when told to. One query a second finds the queues that have a job due and wakes their workers; each
 * worker asking for itself every second (two per kind) was about fifty queries a second on an idle server.
 */
const DUE_CHECK_MS = 1_000;
/** A worker still asks by itself now and then, in case the check keeps failing. */
const WORKER_POLL_SECONDS = 300;

class JobRunner {
  readonly name = 'jobs';
  private boss: PgBoss | null = null;
  private workers = new Map<string, string>();
  private tick: NodeJS.Timeout | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private dueTick: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private checkFailed = false;
  private stopping = new AbortController();

  async start(deps: Deps, log: FastifyBaseLogger): Promise<void> {
    expireCap = deps.config.JOB_EXPIRE_SECONDS ?? null;
    this.stopping = new AbortController();
    const stopping = this.stopping.signal;
    const boss = createBoss(deps.database, {
      supervise: true,
      superviseSeconds: deps.config.JOB_SUPERVISE_SECONDS,
      onAckLost: (err) => log.warn({ err }, '任务完成状态未能写入数据库，任务到期后将重新执行'),
    });
    boss.on('error', (err) => log.error({ err }, '任务队列出错'));
    await boss.start();
    await prepareQueues(boss, deps.db);
    if (deps.database.kind === 'embedded') await failCutOffJobs(deps);
    this.boss = boss;
    const opts = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: WORKER_POLL_SECONDS } as const;
    for (const kind of handlers.keys()) {
      const work = (queue: string, run: (j: PgBoss.JobWithMetadata<JobData>) => Promise<void>) =>
        boss.work<JobData>(queue, opts, async ([j]) => {
          // Having found one, the worker asks again at once: a backlog drains without waiting for the next check.
          this.wake(queue);
          await run(j as PgBoss.JobWithMetadata<JobData>);
        });
      this.workers.set(kind, await work(kind, (j) => runJob(deps, kind, j, log, stopping)));
      this.workers.set(kind + DEAD, await work(kind + DEAD, (j) => runDead(deps, kind, j)));
    }
    this.dueTick = setInterval(() => this.checkDue(deps, log), DUE_CHECK_MS);
    this.dueTick.unref();
    // The tick in flight is kept, so stop() waits for it before the app closes the pool under it.
    const schedule = () => {
      this.ticking = enqueueDueSchedules(deps.db, deps.config.TZ_DEFAULT)
        .then(() => undefined)
        .catch((err) => log.error({ err }, '定时任务入队失败'));
      return this.ticking;
    };
    await schedule();
    this.tick = setInterval(schedule, SCHEDULE_EVERY_MS);
    this.tick.unref();
  }

  /** Wakes the workers of the queues with a job due; one check at a time, and an outage is logged once. */
  private checkDue(deps: Deps, log: FastifyBaseLogger): void {
    if (this.checking) return;
    this.checking = dueQueues(deps.database)
      .then((queues) => {
        this.checkFailed = false;
        for (const q of queues) this.wake(q);
      })
      .catch((err) => {
        if (!this.checkFailed) log.warn({ err }, '任务检查失败');
        this.checkFailed = true;
      })
      .finally(() => {
        this.checking = null;
      });
  }

  /** Fetch now rather than at the next poll (an enqueue in this process). */
  wake(kind: string): void {
    const id = this.workers.get(kind);
    if (id && this.boss) this.boss.notifyWorker(id);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.tick) clearInterval(this.tick);
    if (this.dueTick) clearInterval(this.dueTick);
    this.tick = null;
    this.dueTick = null;
    await this.ticking;
    await this.checking;
    const boss = this.boss;
    this.boss = null;
    this.workers.clear();
    // Graceful: running jobs finish (or are failed for a retry after 10 s); the pool is the app's to close.
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
  }
}

const runner = new JobRunner();
export const jobRunner = runner;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireJobs(): void {
  addBackground(runner);
}
