import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CACHE, cacheBelongsTo } from './swCache';

// The service worker's cached answers are one user's: dropped on logout and when another user (or enterprise) logs in.
describe('the cached API answers belong to one user', () => {
  const deleted: string[] = [];
  beforeEach(() => {
    deleted.length = 0;
    window.localStorage.clear();
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('kept while the same user reloads; dropped when another user or another enterprise logs in, and on logout', () => {
    cacheBelongsTo({ enterpriseId: 1, id: 7 });
    expect(deleted).toEqual([API_CACHE]);
    cacheBelongsTo({ enterpriseId: 1, id: 7 });
    expect(deleted).toEqual([API_CACHE]);
    cacheBelongsTo({ enterpriseId: 1, id: 8 });
    expect(deleted).toEqual([API_CACHE, API_CACHE]);
    cacheBelongsTo({ enterpriseId: 2, id: 8 });
    expect(deleted.length).toBe(3);
    cacheBelongsTo(null);
    expect(deleted.length).toBe(4);
    // the next login after a logout starts from nothing again
    cacheBelongsTo({ enterpriseId: 2, id: 8 });
    expect(deleted.length).toBe(5);
  });
});
