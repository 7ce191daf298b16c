import { endpoint } from '@sk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, resetApiMemory } from './api';
import { apiKey, queryClient, readsStaleAfter, staleAfter } from './query';

const detail = endpoint({ method: 'GET', path: '/stale/detail', query: z.object({ id: z.number() }), response: z.unknown() });
const other = endpoint({ method: 'GET', path: '/stale/other', response: z.unknown() });
const save = endpoint({ method: 'POST', path: '/stale/save', body: z.object({ name: z.string() }), response: z.unknown() });
const failing = endpoint({ method: 'POST', path: '/stale/fail', body: z.object({ name: z.string() }), response: z.unknown() });

let success = true;
beforeEach(() => {
  success = true;
  resetApiMemory();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ success, message: success ? '保存成功' : '失败', data: { id: 1 } }), { status: 200 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('staleAfter', () => {
  it('a successful write marks the reads it declares stale, for every input, and leaves others alone', async () => {
    staleAfter([save, failing], [detail]);
    expect(readsStaleAfter(save)).toEqual([detail]);
    queryClient.setQueryData(apiKey(detail, { id: 7 }), { tabs: 1 });
    queryClient.setQueryData(apiKey(other, {}), 'x');
    success = false;
    await call(failing, { name: 'a' }, { silent: true }).catch(() => {});
    expect(queryClient.getQueryState(apiKey(detail, { id: 7 }))?.isInvalidated).toBe(false);
    success = true;
    await call(save, { name: 'a' });
    expect(queryClient.getQueryState(apiKey(detail, { id: 7 }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(apiKey(other, {}))?.isInvalidated).toBe(false);
  });
});
