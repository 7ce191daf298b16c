import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * How many statements a piece of work sends to PostgreSQL: every `query` a pool client runs while a counting scope is
 * open (BEGIN, COMMIT and savepoints included: each is a round trip). A request opens one scope (app.ts) and closes it
 * when its answer is sent, so the jobs it wakes and anything else that runs after the answer are not counted.
 * The scope travels with the client: a client checked out (a transaction, or pool.query's own checkout) counts into the
 * scope of the code that asked for it, whatever callback the pool later runs the statement in.
 */
export interface StatementScope {
  count: number;
  /** Closed scopes count no more. */
  open: boolean;
  /** The statements' driver arguments, when kept (keepRequestStatements: the bench replays them). */
  sent?: unknown[][];
}

let keepSent = false;

/** While on, each new request scope keeps what its statements sent (the bench); answers the switch back. */
export function keepRequestStatements(): () => void {
  keepSent = true;
  return () => {
    keepSent = false;
  };
}

/** A request's counting scope (app.ts), keeping its statements while keepRequestStatements is on. */
export function newRequestScope(): StatementScope {
  return keepSent ? { count: 0, open: true, sent: [] } : { count: 0, open: true };
}

const scopes = new AsyncLocalStorage<StatementScope>();
const SCOPE = Symbol('statement scope');
type Tagged = pg.PoolClient & { [SCOPE]?: StatementScope };

/** Wraps a pool so that its clients count their statements into the scope that checked them out. */
export function countPoolStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: Tagged, ...args: unknown[]) {
      const s = this[SCOPE];
      if (s?.open) {
        s.count++;
        // Without pool.query's callback: the statement as it can be sent again.
        s.sent?.push(args.filter((a) => typeof a !== 'function'));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  const connect = pool.connect as (this: pg.Pool, cb?: unknown) => unknown;
  const tag = (client: pg.PoolClient | undefined, scope: StatementScope | undefined) => {
    if (client) (client as Tagged)[SCOPE] = scope;
  };
  pool.connect = function (this: pg.Pool, cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) {
    const scope = scopes.getStore();
    if (cb) {
      return connect.call(this, ((err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => {
        tag(client, scope);
        cb(err, client, done);
      }) as never);
    }
    return (connect.call(this) as Promise<pg.PoolClient>).then((client) => {
      tag(client, scope);
      return client;
    });
  } as typeof pool.connect;
}

/** Runs `fn` outside any counting scope: work a request starts but does not wait for (platform/after-commit.ts). */
export function outsideStatementScope<T>(fn: () => T): T {
  return scopes.exit(fn);
}

/** Runs `fn` in a new counting scope (a request's, or a test's); `scope` is closed by the caller when done. */
export function inStatementScope<T>(scope: StatementScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** Runs `fn` and answers how many statements it sent (through pools wrapped by countPoolStatements). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const scope: StatementScope = { count: 0, open: true };
  try {
    const result = await scopes.run(scope, fn);
    return { result, statements: scope.count };
  } finally {
    scope.open = false;
  }
}

/** What one request sent: its method, its route (as registered) and its URL. */
export interface RequestStatements {
  method: string;
  route: string;
  url: string;
  statements: number;
  /** What they sent, when kept (keepRequestStatements). */
  sent?: unknown[][];
}
type Listener = (r: RequestStatements) => void;
const listeners = new Set<Listener>();

/** Hears every request's statement count, told just before its answer is sent (tests, the bench); answers its remover. */
export function onRequestStatements(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Called by the app when a request's answer is about to be sent: closes its scope and tells the listeners. */
export function requestStatementsDone(scope: StatementScope, r: Omit<RequestStatements, 'statements'>): void {
  if (!scope.open) return;
  scope.open = false;
  for (const l of listeners) l({ ...r, statements: scope.count, sent: scope.sent });
}
