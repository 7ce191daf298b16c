import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHE_LIFETIME_MS, cache } from './cache';

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('cache', () => {
  it('stores and reads objects', () => {
    expect(cache.has()).toBe(false);
    expect(cache.set('cols:/allProject', { keys: ['a', 'b'] })).toBe(true);
    expect(cache.get<{ keys: string[] }>('cols:/allProject')).toEqual({ keys: ['a', 'b'] });
    expect(cache.has()).toBe(true);
    cache.remove('cols:/allProject');
    expect(cache.get('cols:/allProject')).toBeNull();
  });

  it('refuses null and non-objects', () => {
    expect(() => cache.set('k', null as unknown as object)).toThrow('缓存数据必须是对象，且不能为null');
    expect(() => cache.set('k', 'text' as unknown as object)).toThrow(TypeError);
    expect(() => cache.set('k', 5 as unknown as object)).toThrow(TypeError);
    expect(cache.has()).toBe(false);
  });

  it('drops everything on a version mismatch', () => {
    cache.set('a', { x: 1 });
    window.localStorage.setItem('sk_cache_version', 'v4_6_2');
    window.localStorage.setItem('unrelated', 'stays');
    expect(cache.get('a')).toBeNull();
    expect(cache.has()).toBe(false);
    expect(window.localStorage.getItem('sk_cache_version')).toBe('v4_6_3');
    expect(window.localStorage.getItem('unrelated')).toBe('stays');
  });

  it('expires entries after 30 days', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    cache.set('a', { x: 1 });
    vi.setSystemTime(1_000_000 + CACHE_LIFETIME_MS - 1);
    expect(cache.get('a')).toEqual({ x: 1 });
    vi.setSystemTime(1_000_000 + CACHE_LIFETIME_MS);
    expect(cache.get('a')).toBeNull();
    expect(cache.has()).toBe(false);
  });

  it('clear answers false when nothing is cached and true after dropping', () => {
    expect(cache.clear()).toBe(false);
    cache.set('a', { x: 1 });
    expect(cache.clear()).toBe(true);
    expect(cache.get('a')).toBeNull();
    expect(cache.clear()).toBe(false);
  });

  it('a failed write clears the cache and retries', () => {
    cache.set('old', { x: 1 });
    const real = Storage.prototype.setItem;
    let failures = 2;
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, k: string, v: string) {
      if (k.startsWith('sk_cache:') && failures-- > 0) throw new DOMException('full', 'QuotaExceededError');
      return real.call(this, k, v);
    });
    expect(cache.set('new', { y: 2 })).toBe(true);
    expect(spy.mock.calls.filter(([k]) => k === 'sk_cache:new')).toHaveLength(3);
    expect(cache.get('old')).toBeNull();
    expect(cache.get('new')).toEqual({ y: 2 });
  });

  it('gives up after 4 retries', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation((k: string) => {
      if (k.startsWith('sk_cache:')) throw new DOMException('full', 'QuotaExceededError');
    });
    expect(cache.set('new', { y: 2 })).toBe(false);
    expect(spy.mock.calls.filter(([k]) => k === 'sk_cache:new')).toHaveLength(5);
  });
});
