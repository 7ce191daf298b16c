import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, withTimeout } from './lazyPage';

afterEach(() => vi.useRealTimers());

describe('page chunk loading', () => {
  it('passes a chunk that arrives in time through', async () => {
    await expect(withTimeout(Promise.resolve('page'))).resolves.toBe('page');
  });

  it('fails with a Chinese message once 120 s pass without the chunk', async () => {
    vi.useFakeTimers();
    const p = withTimeout(new Promise(() => {}));
    const check = expect(p).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    p.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await check;
    await expect(p).rejects.toThrow('页面加载失败，请检查网络后刷新重试');
  });

  it('reports a failed download the same way at once', async () => {
    await expect(withTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
