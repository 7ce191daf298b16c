import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * Reads from a streaming replica (DATABASE_READ_URL), with read-your-writes.
 *
 * A request (or job) runs in a read scope that names the last write its session must see: the LSN recorded in the
 * session row after its last writing request (platform/reads.ts). The list helper, the reports and the exports call
 * `readFromReplica()`; from then on the scope's plain SELECTs go to the replica if the replica has replayed that LSN,
 * else to the primary. Transactions, writes and everything outside such a scope always use the primary. A SELECT the
 * replica cannot serve (it went away, a conflict with recovery, a function that writes) is answered by the primary.
 */
export class ReadReplica {
  /** The highest replay position seen: it only grows, so a session already behind it needs no query. */
  private replayed = -1n;

  constructor(readonly pool: pg.Pool) {}

  /** Whether the replica has replayed `lsn` (text as PostgreSQL prints it, '16/B374D848'). */
  async hasReplayed(lsn: string): Promise<boolean> {
    const want = lsnValue(lsn);
    if (want <= this.replayed) return true;
    try {
      const r = await this.pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
      const at = r.rows[0]?.lsn;
      // Not a standby (null): it cannot say what it has of the primary's writes.
      if (at == null) return false;
      const value = lsnValue(at);
      if (value > this.replayed) this.replayed = value;
      return want <= value;
    } catch {
      return false;
    }
  }

  /** Bytes and milliseconds the replica is behind the primary (for the bench and operators). */
  async lag(primary: pg.Pool): Promise<{ bytes: number; ms: number }> {
    const [p, r] = await Promise.all([
      primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'),
      this.pool.query<{ lsn: string | null; ms: number | null }>(
        `select pg_last_wal_replay_lsn()::text as lsn,
          case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
            else extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 end::float8 as ms`,
      ),
    ]);
    const bytes = Number(lsnValue(p.rows[0]!.lsn) - lsnValue(r.rows[0]?.lsn ?? '0/0'));
    return { bytes: Math.max(0, bytes), ms: Math.max(0, r.rows[0]?.ms ?? 0) };
  }
}

/** An LSN's position: 'X/Y' is (X << 32) + Y, both hexadecimal. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi || '0'}`) << 32n) + BigInt(`0x${lo || '0'}`);
}

interface ReadScope {
  replica: ReadReplica;
  /** The last write the scope must see; null: none to wait for. */
  after: string | null;
  decision: Promise<boolean> | null;
  /** Reads go to the replica (decided, and the scope still open). */
  onReplica: boolean;
}
const scopes = new AsyncLocalStorage<ReadScope>();

/**
 * Runs `fn` in a read scope of `replica` that must see the write at `after`. Nothing changes without a replica. When
 * `fn` settles the scope closes: work it left running (a timer, a woken job) reads the primary.
 */
export async function withReadScope<T>(replica: ReadReplica | null | undefined, after: string | null, fn: () => Promise<T>): Promise<T> {
  if (!replica) return fn();
  const scope: ReadScope = { replica, after, decision: null, onReplica: false };
  try {
    return await scopes.run(scope, fn);
  } finally {
    scope.onReplica = false;
    scope.decision = Promise.resolve(false);
  }
}

/** Runs `fn` outside any read scope (the job runner: a job woken by a request never inherits its reads). */
export const onPrimary = <T>(fn: () => T): T => scopes.exit(fn);

/**
 * The one switch: the current scope's reads go to the replica from here on if it has replayed the scope's last
 * write. Answers where they go. Outside a scope (writes, jobs, the embedded default) it does nothing.
 */
export function readFromReplica(): Promise<boolean> {
  const s = scopes.getStore();
  if (!s) return Promise.resolve(false);
  if (!s.decision) {
    const replayed = s.after == null ? Promise.resolve(true) : s.replica.hasReplayed(s.after);
    s.decision = replayed.then((ok) => {
      s.onReplica = ok;
      return ok;
    });
  }
  return s.decision;
}

const SELECT = /^\s*\(?\s*select\b/i;

/** Errors after which a read is asked of the primary: the replica is unreachable, in conflict, or refuses a write. */
function primaryServes(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true; // no SQLSTATE: the connection failed
  return code === '25006' || code === '40001' || code.startsWith('08') || code.startsWith('57');
}

/**
 * Makes `pool` (the primary's, the one Drizzle and pg-boss use) send the plain SELECTs of a scope that reads the
 * replica to `replica`. `pool.connect()` (transactions, LISTEN, pg-boss's own clients) is untouched.
 */
export function routeReads(pool: pg.Pool, replica: ReadReplica): void {
  const primaryQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const routed = (...args: unknown[]): unknown => {
    const s = scopes.getStore();
    const q = args[0] as string | { text?: string } | undefined;
    const text = typeof q === 'string' ? q : q?.text;
    if (!s?.onReplica || s.replica !== replica || typeof args[args.length - 1] === 'function' || !text || !SELECT.test(text)) return primaryQuery(...args);
    return (replica.pool.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
      if (primaryServes(err)) return primaryQuery(...args);
      throw err;
    });
  };
  pool.query = routed as typeof pool.query;
}
