import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import {
  addDailySchedule,
  addSweep,
  drainJobs,
  enqueue,
  enqueueDueSchedules,
  failCutOffJobs,
  jobHandlerEntries,
  jobRunner,
  prepareJobs,
  type JobHandler,
  registerJobHandler,
  runJobsOnce,
  zonedParts,
} from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Registers a handler and makes its queues, as app start does for the modules' handlers. */
type TestKind = `test.${string}`;
async function handle(kind: TestKind, run: JobHandler<TestKind>, opts: Parameters<typeof registerJobHandler<TestKind>>[2] = {}) {
  registerJobHandler(kind, run, opts);
  await prepareJobs(t.deps);
}

const jobRow = async (id: string) =>
  (
    await rows<{ state: string; retry_count: number; due_in: number }>(
      t.deps.db,
      sql`select state, retry_count, extract(epoch from start_after - now())::int as due_in from pgboss.job where id = ${id}::uuid`,
    )
  )[0]!;

const jobsOf = (kind: string) =>
  rows<{ data: { payload: Record<string, unknown> } }>(t.deps.db, sql`select data from pgboss.job where name = ${kind} order by created_on`);

describe('enqueue and run', () => {
  it('runs a due job once with its enterprise and payload and completes it', async () => {
    const seen: unknown[] = [];
    await handle('test.echo', async (job) => {
      seen.push({ ep: job.enterpriseId, payload: job.payload, attempts: job.attempts });
    });
    const id = await enqueue(t.deps.db, { kind: 'test.echo', enterpriseId: 42, payload: { n: 7 } });
    expect(id).toBeTypeOf('string');
    expect(await drainJobs(t.deps)).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([{ ep: 42, payload: { n: 7 }, attempts: 1 }]);
    expect((await jobRow(id as string)).state).toBe('completed');
    expect(await runJobsOnce(t.deps)).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('answers null for a unique key that was used before, even after its job ran', async () => {
    await handle('test.none', async () => {});
    const a = await enqueue(t.deps.db, { kind: 'test.none', uniqueKey: 'once:1' });
    await drainJobs(t.deps);
    const b = await enqueue(t.deps.db, { kind: 'test.none', uniqueKey: 'once:1' });
    expect(a).toBeTypeOf('string');
    expect(b).toBeNull();
    expect(await jobsOf('test.none')).toHaveLength(1);
  });

  it('enqueues inside the caller transaction: a rollback leaves no job and no key', async () => {
    await handle('test.tx', async () => {});
    await t.deps.db
      .transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.tx', uniqueKey: 'tx:1' });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await jobsOf('test.tx')).toHaveLength(0);
    expect(await enqueue(t.deps.db, { kind: 'test.tx', uniqueKey: 'tx:1' })).toBeTypeOf('string');
  });

  it('leaves a job for later until its time has come', async () => {
    let ran = 0;
    await handle('test.later', async () => {
      ran++;
    });
    const id = (await enqueue(t.deps.db, { kind: 'test.later', runAt: new Date(Date.now() + 3600_000) })) as string;
    await drainJobs(t.deps);
    expect(ran).toBe(0);
    await t.deps.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
    await drainJobs(t.deps);
    expect(ran).toBe(1);
  });

  it('hands each job to exactly one of several concurrent runners', async () => {
    const counts = new Map<number, number>();
    await handle('test.count', async (job) => {
      counts.set(job.payload.i as number, (counts.get(job.payload.i as number) ?? 0) + 1);
    });
    for (let i = 0; i < 30; i++) await enqueue(t.deps.db, { kind: 'test.count', payload: { i } });
    await Promise.all([1, 2, 3, 4].map(() => runJobsOnce(t.deps, { limit: 5 })));
    await drainJobs(t.deps);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('failures', () => {
  it('retries a failing job with a growing delay, then calls onFailed once with the last error', async () => {
    let calls = 0;
    const failed: { payload: unknown; error: string }[] = [];
    await handle(
      'test.flaky',
      async () => {
        calls++;
        throw new Error(`第${calls}次失败`);
      },
      { onFailed: async (job, error) => void failed.push({ payload: job.payload, error }) },
    );
    const id = (await enqueue(t.deps.db, { kind: 'test.flaky', payload: { x: 1 }, maxAttempts: 3 })) as string;
    await runJobsOnce(t.deps);
    const first = await jobRow(id);
    expect(first.state).toBe('retry');
    expect(first.due_in).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 2; i++) {
      await t.deps.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
      await drainJobs(t.deps);
    }
    expect(calls).toBe(3);
    expect((await jobRow(id)).state).toBe('failed');
    await drainJobs(t.deps);
    expect(failed).toEqual([{ payload: { x: 1 }, error: '第3次失败' }]);
  });

  it('fails the jobs an embedded server cut off, so they run again at once', async () => {
    let ran = 0;
    await handle('test.cut', async () => {
      ran++;
    });
    const id = (await enqueue(t.deps.db, { kind: 'test.cut' })) as string;
    await t.deps.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where id = ${id}::uuid`);
    expect(await failCutOffJobs(t.deps)).toBe(1);
    expect((await jobRow(id)).state).toBe('retry');
    await t.deps.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
    await drainJobs(t.deps);
    expect(ran).toBe(1);
  });
});

describe('daily schedules and sweeps', () => {
  it('enqueues once per day in the server time zone, even when several instances tick at once', async () => {
    await handle('test.digest', async () => {});
    addDailySchedule({ name: 'test-digest', at: '08:00', kind: 'test.digest', payload: { type: 1 } });
    const dates = async () => (await jobsOf('test.digest')).map((r) => r.data.payload);
    // 07:59 in Shanghai: not yet.
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-01T23:59:00Z'));
    expect(await dates()).toHaveLength(0);
    const at8 = new Date('2024-05-02T00:00:00Z');
    await Promise.all([1, 2, 3, 4, 5].map(() => enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', at8)));
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-02T09:00:00Z'));
    expect(await dates()).toEqual([{ type: 1, scheduleDate: '2024-05-02' }]);
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-03T00:30:00Z'));
    expect((await dates()).map((p) => p.scheduleDate)).toEqual(['2024-05-02', '2024-05-03']);
  });

  it('enqueues a sweep once per slot of N seconds', async () => {
    await handle('test.sweep', async () => {});
    addSweep({ name: 'test-sweep', everySeconds: 60, kind: 'test.sweep' });
    const t0 = new Date('2030-01-01T00:00:10Z');
    await Promise.all([1, 2, 3].map(() => enqueueDueSchedules(t.deps.db, 'UTC', t0)));
    await enqueueDueSchedules(t.deps.db, 'UTC', new Date('2030-01-01T00:00:50Z'));
    expect(await jobsOf('test.sweep')).toHaveLength(1);
    await enqueueDueSchedules(t.deps.db, 'UTC', new Date('2030-01-01T00:01:01Z'));
    expect(await jobsOf('test.sweep')).toHaveLength(2);
    expect(() => addSweep({ name: 'bad', everySeconds: 1, kind: 'test.x' })).toThrow();
  });

  it('reads the date and time of day in the given zone', () => {
    expect(zonedParts(new Date('2024-05-01T16:30:00Z'), 'Asia/Shanghai')).toEqual({ date: '2024-05-02', time: '00:30' });
    expect(zonedParts(new Date('2024-05-01T16:30:00Z'), 'UTC')).toEqual({ date: '2024-05-01', time: '16:30' });
    expect(() => addDailySchedule({ name: 'bad', at: '8:00', kind: 'test.x' })).toThrow();
  });
});

describe('background runner', () => {
  it('picks up an enqueued job by itself and stops cleanly', async () => {
    let done!: (v: unknown) => void;
    const finished = new Promise((r) => {
      done = r;
    });
    await handle('test.bg', async (job) => done(job.payload));
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    await jobRunner.start(t.deps, log);
    await enqueue(t.deps.db, { kind: 'test.bg', payload: { hello: '世界' } });
    expect(await finished).toEqual({ hello: '世界' });
    await jobRunner.stop();
    const id = (await enqueue(t.deps.db, { kind: 'test.bg' })) as string;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await jobRow(id)).state).toBe('created');
  });

  it('runs a job whose time comes while it idles, and drains a backlog at once instead of one job per check', async () => {
    const ran: number[] = [];
    await handle('test.backlog', async (job) => {
      ran.push(job.payload.n as number);
    });
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    await jobRunner.start(t.deps, log);
    try {
      const later = (await enqueue(t.deps.db, { kind: 'test.backlog', payload: { n: 0 }, runAt: new Date(Date.now() + 1500) })) as string;
      // One transaction: its jobs are invisible when enqueue wakes the worker, so the due check must find them.
      await t.deps.db.transaction(async (tx) => {
        for (let n = 1; n <= 20; n++) await enqueue(tx, { kind: 'test.backlog', payload: { n } });
      });
      const started = Date.now();
      while (ran.length < 21 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 50));
      expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, n) => n));
      // A worker that waited for the next check after each job took a second per job.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await jobRow(later)).state).toBe('completed');
    } finally {
      await jobRunner.stop();
    }
  });

  it('asks the database about once a second while idle, however many kinds there are', async () => {
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    await jobRunner.start(t.deps, log);
    // The sweeps the start enqueued run first (a few statements each, more on a busy machine); idle is after them.
    const due = async () =>
      (await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from pgboss.job where state <= 'active' and start_after < now()`))[0]?.n;
    for (const started = Date.now(); (await due()) !== 0 && Date.now() - started < 15_000; ) await new Promise((r) => setTimeout(r, 100));
    const pool = (t.deps.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const query = pool.query;
    let sent = 0;
    pool.query = function (this: unknown, ...a: unknown[]) {
      sent++;
      return query.apply(this, a);
    };
    try {
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      pool.query = query;
      await jobRunner.stop();
    }
    expect(jobHandlerEntries().length).toBeGreaterThan(20);
    // Two workers per kind polling each second sent over a hundred statements in this time.
    expect(sent).toBeGreaterThanOrEqual(2);
    expect(sent).toBeLessThanOrEqual(8);
  });

  it('tells a running job that the app is stopping, so a long one ends at its next safe point instead of outliving the stop', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    let sawStop = false;
    await handle('test.long', async (job) => {
      started();
      // A loop of batches: it checks the signal between them, as the report summary's flush does.
      while (!job.stopping?.aborted) await new Promise((r) => setTimeout(r, 20));
      sawStop = true;
    });
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    await jobRunner.start(t.deps, log);
    const id = (await enqueue(t.deps.db, { kind: 'test.long' })) as string;
    await running;
    expect(sawStop).toBe(false);
    await jobRunner.stop();
    expect(sawStop).toBe(true);
    expect((await jobRow(id)).state).toBe('completed');
  });
});
