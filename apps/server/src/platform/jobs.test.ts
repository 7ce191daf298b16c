import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { addDailySchedule, backoffSeconds, drainJobs, enqueue, enqueueDueSchedules, jobRunner, recoverStale, registerJobHandler, runJobsOnce, zonedParts } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const jobRow = async (id: number) =>
  (await rows<{ state: string; attempts: number; last_error: string | null; due_in: number }>(
    t.deps.db,
    sql`select state, attempts, last_error, extract(epoch from run_at - now())::int as due_in from jobs where id = ${id}`,
  ))[0]!;

describe('enqueue and run', () => {
  it('runs a due job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    registerJobHandler('test.echo', async (job) => {
      seen.push({ ep: job.enterpriseId, payload: job.payload });
    });
    const id = await enqueue(t.deps.db, { kind: 'test.echo', enterpriseId: null, payload: { n: 7 } });
    expect(id).toBeTypeOf('number');
    expect(await drainJobs(t.deps)).toBeGreaterThanOrEqual(1);
    expect(seen).toEqual([{ ep: null, payload: { n: 7 } }]);
    expect((await jobRow(id!)).state).toBe('done');
    expect(await runJobsOnce(t.deps)).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('answers null for a unique key that already exists', async () => {
    const a = await enqueue(t.deps.db, { kind: 'test.none', uniqueKey: 'once:1' });
    const b = await enqueue(t.deps.db, { kind: 'test.none', uniqueKey: 'once:1' });
    expect(a).toBeTypeOf('number');
    expect(b).toBeNull();
  });

  it('leaves a job for later until its run_at has come', async () => {
    let ran = 0;
    registerJobHandler('test.later', async () => {
      ran++;
    });
    const id = await enqueue(t.deps.db, { kind: 'test.later', runAt: new Date(Date.now() + 3600_000) });
    await drainJobs(t.deps);
    expect(ran).toBe(0);
    await t.deps.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
    await drainJobs(t.deps);
    expect(ran).toBe(1);
  });

  it('hands each job to exactly one of several concurrent runners', async () => {
    const counts = new Map<number, number>();
    registerJobHandler('test.count', async (job) => {
      counts.set(job.payload.i as number, (counts.get(job.payload.i as number) ?? 0) + 1);
    });
    for (let i = 0; i < 30; i++) await enqueue(t.deps.db, { kind: 'test.count', payload: { i } });
    await Promise.all([1, 2, 3, 4].map(() => runJobsOnce(t.deps, { limit: 5 })));
    await drainJobs(t.deps);
    expect(counts.size).toBe(30);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe('retries', () => {
  it('retries a failing job with growing backoff, then fails it for good and tells the handler once', async () => {
    let calls = 0;
    const failed: string[] = [];
    registerJobHandler(
      'test.flaky',
      async () => {
        calls++;
        throw new Error(`坏了${calls}`);
      },
      { onFailed: async (_job, error) => void failed.push(error) },
    );
    const id = (await enqueue(t.deps.db, { kind: 'test.flaky', maxAttempts: 3 }))!;
    await runJobsOnce(t.deps);
    let j = await jobRow(id);
    expect(j).toMatchObject({ state: 'queued', attempts: 1, last_error: '坏了1' });
    expect(j.due_in).toBeGreaterThanOrEqual(backoffSeconds(1) - 1);
    await drainJobs(t.deps);
    expect(calls).toBe(1);
    for (let i = 0; i < 2; i++) {
      await t.deps.db.execute(sql`update jobs set run_at = now() where id = ${id}`);
      await runJobsOnce(t.deps);
    }
    j = await jobRow(id);
    expect(j).toMatchObject({ state: 'failed', attempts: 3, last_error: '坏了3' });
    expect(failed).toEqual(['坏了3']);
    expect(backoffSeconds(2)).toBeGreaterThan(backoffSeconds(1));
  });
});

describe('recovery', () => {
  it('puts a job locked by a dead instance back and runs it; a fresh lock is left alone', async () => {
    let ran = 0;
    registerJobHandler('test.orphan', async () => {
      ran++;
    });
    const stale = (await enqueue(t.deps.db, { kind: 'test.orphan', runAt: new Date(Date.now() + 3600_000) }))!;
    const fresh = (await enqueue(t.deps.db, { kind: 'test.orphan', runAt: new Date(Date.now() + 3600_000) }))!;
    await t.deps.db.execute(sql`update jobs set state = 'running', attempts = 1, locked_by = 'dead', locked_at = now() - interval '10 minutes' where id = ${stale}`);
    await t.deps.db.execute(sql`update jobs set state = 'running', attempts = 1, locked_by = 'alive', locked_at = now() where id = ${fresh}`);
    await drainJobs(t.deps);
    expect(ran).toBe(1);
    expect((await jobRow(stale)).state).toBe('done');
    expect((await jobRow(fresh)).state).toBe('running');
  });

  it('does not let a superseded claim finish a job that was recovered meanwhile', async () => {
    let calls = 0;
    registerJobHandler('test.slow', async (job) => {
      calls++;
      if (calls === 1) {
        // Our lock looks dead to another instance, which requeues the job.
        await t.deps.db.execute(sql`update jobs set locked_at = now() - interval '1 hour' where id = ${job.id}`);
        expect(await recoverStale(t.deps)).toBe(1);
      }
    });
    const id = (await enqueue(t.deps.db, { kind: 'test.slow' }))!;
    await runJobsOnce(t.deps);
    expect((await jobRow(id)).state).toBe('queued');
    await drainJobs(t.deps);
    expect(calls).toBe(2);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });
});

describe('daily schedules', () => {
  it('enqueues once per day in the server time zone, even when several instances tick at once', async () => {
    addDailySchedule({ name: 'test-digest', at: '08:00', kind: 'test.digest', payload: { type: 1 } });
    const count = async () =>
      (await rows<{ key: string; payload: { scheduleDate: string; type: number } }>(
        t.deps.db,
        sql`select unique_key as key, payload from jobs where kind = 'test.digest' order by id`,
      ));
    // 07:59 in Shanghai: not yet.
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-01T23:59:00Z'));
    expect(await count()).toHaveLength(0);
    const at8 = new Date('2024-05-02T00:00:00Z');
    await Promise.all([1, 2, 3, 4, 5].map(() => enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', at8)));
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-02T09:00:00Z'));
    expect(await count()).toEqual([{ key: 'test-digest:2024-05-02', payload: { type: 1, scheduleDate: '2024-05-02' } }]);
    await enqueueDueSchedules(t.deps.db, 'Asia/Shanghai', new Date('2024-05-03T00:30:00Z'));
    expect((await count()).map((r) => r.key)).toEqual(['test-digest:2024-05-02', 'test-digest:2024-05-03']);
  });

  it('reads the date and time of day in the given zone', () => {
    expect(zonedParts(new Date('2024-05-01T16:30:00Z'), 'Asia/Shanghai')).toEqual({ date: '2024-05-02', time: '00:30' });
    expect(zonedParts(new Date('2024-05-01T16:30:00Z'), 'UTC')).toEqual({ date: '2024-05-01', time: '16:30' });
    expect(() => addDailySchedule({ name: 'bad', at: '8:00', kind: 'x' })).toThrow();
  });
});

describe('background runner', () => {
  it('picks up an enqueued job by itself and stops cleanly', async () => {
    let done!: (v: unknown) => void;
    const finished = new Promise((r) => {
      done = r;
    });
    registerJobHandler('test.bg', async (job) => done(job.payload));
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    await jobRunner.start(t.deps, log);
    await enqueue(t.deps.db, { kind: 'test.bg', payload: { hello: '世界' } });
    expect(await finished).toEqual({ hello: '世界' });
    await jobRunner.stop();
    const id = (await enqueue(t.deps.db, { kind: 'test.bg' }))!;
    await new Promise((r) => setImmediate(r));
    expect((await jobRow(id)).state).toBe('queued');
  });
});
