import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import type { JobKind } from './job-kinds';
import { type EnqueueInput, enqueue, registerJobHandler } from './jobs';

/**
 * Job kinds and payloads are typed by job-kinds.ts: these lines compile only as they stand (typecheck runs over tests),
 * and each `@ts-expect-error` fails the typecheck if the wrong line it marks ever compiles.
 */
function typedOnly(ex: Executor) {
  void enqueue(ex, { kind: 'pool.offer', enterpriseId: 1, payload: { orderId: 1, version: 2 } });
  void enqueue(ex, { kind: 'sla.sweep' });
  // @ts-expect-error a payload field of the wrong type
  void enqueue(ex, { kind: 'pool.offer', payload: { orderId: '1', version: 2 } });
  // @ts-expect-error a payload missing a field its kind requires
  void enqueue(ex, { kind: 'pool.unclaimed', payload: { orderId: 1, version: 2 } });
  // @ts-expect-error a kind requiring a payload, sent without one
  void enqueue(ex, { kind: 'automation.timer' });
  // @ts-expect-error a kind nobody declared
  void enqueue(ex, { kind: 'pool.unknown' });
  registerJobHandler('geo.refine', async (job) => {
    const ids: number[] = job.payload.ids;
    // @ts-expect-error the handler reads its own kind's payload only
    void job.payload.orderId;
    void ids;
  });
  const follow: EnqueueInput[] = [{ kind: 'automation.trigger', payload: { orderId: 1, trigger: 2 } }];
  return follow;
}

describe('job kinds', () => {
  it('declares each kind once, dotted, and keeps test kinds apart', () => {
    const kinds: JobKind[] = ['export.run', 'pool.offer', 'test.anything'];
    expect(kinds.every((k) => /^[a-z]+(\.[A-Za-z]+)+$/.test(k))).toBe(true);
    expect(typeof typedOnly).toBe('function');
  });
});
