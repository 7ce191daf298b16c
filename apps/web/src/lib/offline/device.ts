// The device id of the engineer's app: a UUID made once and kept in this browser. It is half of the
// offline queue's idempotency key; without it (no IndexedDB or local storage, a private window) offline completion is off.

export const DEVICE_KEY = 'sk_device_id';
/** The spec's message when the device id cannot be made or kept. */
export const DEVICE_ID_FAILED = 'ID获取失败';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeviceEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Whether IndexedDB (where the queue lives) opens here. */
  indexedDb: boolean;
  randomUUID: (() => string) | null;
}

function browserEnv(): DeviceEnv {
  let storage: DeviceEnv['storage'] = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  let indexedDb = false;
  try {
    indexedDb = typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    indexedDb = false;
  }
  const randomUUID = typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? () => crypto.randomUUID() : null;
  return { storage, indexedDb, randomUUID };
}

/** The kept device id, made on first use; null when it cannot be made or kept (the caller shows ID获取失败). */
export function deviceIdOf(env: DeviceEnv): string | null {
  if (!env.storage || !env.indexedDb) return null;
  try {
    const kept = env.storage.getItem(DEVICE_KEY);
    if (kept && UUID.test(kept)) return kept.toLowerCase();
    if (!env.randomUUID) return null;
    const made = env.randomUUID();
    env.storage.setItem(DEVICE_KEY, made);
    // A storage that drops what it is given (some private modes) gives no id that lasts.
    return env.storage.getItem(DEVICE_KEY) === made ? made : null;
  } catch {
    return null;
  }
}

let cached: string | null | undefined;

/** This browser's device id (see deviceIdOf), asked once per page. */
export function deviceId(): string | null {
  if (cached === undefined) cached = deviceIdOf(browserEnv());
  return cached;
}
