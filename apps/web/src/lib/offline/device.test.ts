import { describe, expect, it } from 'vitest';
import { DEVICE_KEY, type DeviceEnv, deviceIdOf } from './device';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};
const uuids =
  (...ids: string[]) =>
  () =>
    ids.shift() ?? 'exhausted';
const A = '3f2b8c1e-9d4a-4e6b-8f1c-2a7d5e9b0c11';
const B = '7c6d5e4f-3a2b-4c1d-9e8f-0a1b2c3d4e5f';

describe('the device id', () => {
  it('is made once and kept: the next page gets the same one', () => {
    const storage = memory();
    const env: DeviceEnv = { storage, indexedDb: true, randomUUID: uuids(A, B) };
    expect(deviceIdOf(env)).toBe(A);
    expect(storage.m.get(DEVICE_KEY)).toBe(A);
    expect(deviceIdOf(env)).toBe(A);
  });

  it('a kept value that is not a UUID is replaced', () => {
    const storage = memory();
    storage.setItem(DEVICE_KEY, 'not-a-uuid');
    expect(deviceIdOf({ storage, indexedDb: true, randomUUID: uuids(B) })).toBe(B);
  });

  it('none without local storage, without IndexedDB, or without a UUID maker (the page shows ID获取失败)', () => {
    expect(deviceIdOf({ storage: null, indexedDb: true, randomUUID: uuids(A) })).toBeNull();
    expect(deviceIdOf({ storage: memory(), indexedDb: false, randomUUID: uuids(A) })).toBeNull();
    expect(deviceIdOf({ storage: memory(), indexedDb: true, randomUUID: null })).toBeNull();
  });

  it('none when the storage throws (quota, private mode) or forgets what it was given', () => {
    const throwing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(deviceIdOf({ storage: throwing, indexedDb: true, randomUUID: uuids(A) })).toBeNull();
    const forgetful = { getItem: () => null, setItem: () => {} };
    expect(deviceIdOf({ storage: forgetful, indexedDb: true, randomUUID: uuids(A) })).toBeNull();
  });

  it('in this browser (jsdom: local storage, no IndexedDB) there is none', async () => {
    const { deviceId } = await import('./device');
    expect(typeof indexedDB).toBe('undefined');
    expect(deviceId()).toBeNull();
  });
});
