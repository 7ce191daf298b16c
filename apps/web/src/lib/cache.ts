// Local cache over localStorage: versioned, entries live 30 days, a failed write clears everything and retries.

export const CACHE_VERSION = 'v4_6_3';
export const CACHE_LIFETIME_MS = 2_592_000_000;
export const CACHE_WRITE_RETRIES = 4;
const PREFIX = 'sk_cache:';
const VERSION_KEY = 'sk_cache_version';

interface Entry {
  value: object;
  expiresAt: number;
}

const store = (): Storage => window.localStorage;

function ownKeys(): string[] {
  const s = store();
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  return keys;
}

function dropAll(): void {
  for (const k of ownKeys()) store().removeItem(k);
}

/** Everything cached under another version is dropped before any use. */
function checkVersion(): void {
  if (store().getItem(VERSION_KEY) === CACHE_VERSION) return;
  dropAll();
  try {
    store().setItem(VERSION_KEY, CACHE_VERSION);
  } catch {
    // Storage full or blocked: the next write retries.
  }
}

function read(fullKey: string, now: number): Entry | null {
  const raw = store().getItem(fullKey);
  if (raw == null) return null;
  try {
    const e = JSON.parse(raw) as Entry;
    if (typeof e?.expiresAt === 'number' && e.expiresAt > now && e.value && typeof e.value === 'object') return e;
  } catch {
    // Unreadable entries are dropped like expired ones.
  }
  store().removeItem(fullKey);
  return null;
}

export const cache = {
  get<T>(key: string): T | null {
    checkVersion();
    return (read(PREFIX + key, Date.now())?.value as T | undefined) ?? null;
  },

  /** Stores a non-null object; answers false only when every retry failed. */
  set(key: string, value: object): boolean {
    if (value === null || typeof value !== 'object') throw new TypeError('缓存数据必须是对象，且不能为null');
    checkVersion();
    const raw = JSON.stringify({ value, expiresAt: Date.now() + CACHE_LIFETIME_MS } satisfies Entry);
    for (let attempt = 0; attempt <= CACHE_WRITE_RETRIES; attempt++) {
      try {
        store().setItem(PREFIX + key, raw);
        return true;
      } catch {
        dropAll();
      }
    }
    return false;
  },

  remove(key: string): void {
    store().removeItem(PREFIX + key);
  },

  /** Anything (still alive) cached. */
  has(): boolean {
    checkVersion();
    const now = Date.now();
    return ownKeys().some((k) => read(k, now) !== null);
  },

  /** Drops everything; false when there was nothing to drop. */
  clear(): boolean {
    const had = cache.has();
    dropAll();
    return had;
  },
};
