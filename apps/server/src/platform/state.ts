import { abilitiesOf, allowed, type Machine, type StateLogView } from '@sk/shared';
import { is, SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { rows } from '../db/client';
import { AppError } from './errors';
import { type EnqueueInput, enqueue } from './jobs';
import { registrationSite } from './registry';
import { timeOf } from './sql';

/**
 * The one way to change a record's state. In one transaction: the guarded
 * `UPDATE … WHERE enterprise_id AND id AND state = $from RETURNING *`, the append-only log row,
 * the hook points registered for the action, and the follow-up jobs (which exist only if it commits).
 * A domain declares its table, its machine and its hooks; it never writes its own compare-and-set.
 */

/** Where a kind of record keeps its state and its log. */
export interface StateTable {
  table: string;
  stateColumn: string;
  /** Set to now() by every change. */
  touchColumn?: string;
  /**
   * A counter every change bumps and the update compares: then an action that keeps the state
   * (archive, edit, invalid …) also has exactly one winner, and the decision is made on the row it updates.
   */
  versionColumn?: string;
  /** The log table: `recordColumn` names the record; `fixed` columns tell kinds apart in a shared log. */
  log: { table: string; recordColumn: string; fixed?: Record<string, string | number> };
}

/** A column value of a patch: plain values are parameters, objects and arrays go in as JSONB, SQL as written. */
export type PatchValue = string | number | boolean | null | SQL | Record<string, unknown> | unknown[];

export interface StateChange<A extends string, C> {
  table: StateTable;
  machine: Machine<A, C>;
  enterpriseId: number;
  id: number;
  action: A;
  /** What the machine decides on besides state and action (process settings, the actor's part …). */
  ctx?: C;
  /** Or: the context built from the row this change reads (with a versionColumn, the very row it updates). */
  ctxOf?: (row: Record<string, unknown>, tx: Tx) => Promise<C> | C;
  actorId: number | null;
  /** The state(s) the caller saw; a record that has moved since answers STATE_CHANGED. */
  expected?: number | readonly number[];
  /** Further columns to set (snake_case names) in the same UPDATE; logged as the changed fields. */
  patch?: Record<string, PatchValue>;
  /** Or columns that follow from the decision (e.g. which approval was decided); merged over `patch`. */
  patchOf?: (d: { row: Record<string, unknown>; ctx: C; from: number; to: number }) => Record<string, PatchValue>;
  note?: string | null;
  /** An extra condition on the row (e.g. `deleted_at is null`): a row it excludes is not found. */
  guard?: SQL;
  /** Jobs to enqueue with the change (notifications, automation, timers). */
  follow?: EnqueueInput[];
  /**
   * The row as the caller read it FOR UPDATE in this very transaction (`ex`): no second read, and no savepoint (a
   * refusal throws out of the caller's transaction, which rolls back whole). The `guard` still applies to the update.
   * With a `versionColumn` the row may also be read without a lock (spares' decisions): the update compares state and
   * version, so a record moved since the read is a lost race, answered as always.
   */
  current?: Record<string, unknown>;
}

export interface StateResult {
  from: number;
  to: number;
  row: Record<string, unknown>;
}

export interface HookContext<C = unknown> {
  tx: Tx;
  enterpriseId: number;
  id: number;
  action: string;
  from: number;
  to: number;
  actorId: number | null;
  ctx: C;
  /** The row as read before the update. */
  current: Record<string, unknown>;
  patch: Record<string, PatchValue>;
  note: string | null;
}

export interface StateHook<C = unknown> {
  /** Runs before the update; throws an AppError to refuse (its Chinese message is the answer). */
  check?: (h: HookContext<C>) => Promise<void>;
  /**
   * Whether `after` has anything to do, as a boolean SQL expression over the updated row `u` (e.g. "the order has
   * armed timers"): asked in the update's own statement, so a hook with nothing to do costs no round trip. False:
   * `after` is skipped. Without a probe `after` always runs.
   */
  probe?: (h: HookContext<C>) => SQL | null;
  /** Runs after the update and log, in the transaction; may answer jobs to enqueue. */
  after?: (h: HookContext<C> & { row: Record<string, unknown> }) => Promise<EnqueueInput[] | undefined>;
}

interface HookEntry {
  hook: StateHook<never>;
  /** A wired subscriber's name: registering the name again replaces it in place (the wiring may run more than once). */
  name: string | null;
  site: string;
}
const hooks = new Map<string, HookEntry[]>();
const hookKey = (machine: string, action: string) => `${machine}:${action}`;

/**
 * Registers a hook point for (machine, action), or for every action of the machine with action '*'; answers its remover.
 * With a `name`, a second registration of that name under the same key replaces the first where it stands.
 */
export function registerStateHook<C>(machine: Machine<string, C> | string, action: string, hook: StateHook<C>, name?: string): () => void {
  const key = hookKey(typeof machine === 'string' ? machine : machine.name, action);
  const list = hooks.get(key) ?? [];
  const entry: HookEntry = { hook: hook as StateHook<never>, name: name ?? null, site: registrationSite() };
  const same = name ? list.findIndex((e) => e.name === name) : -1;
  if (same >= 0) list[same] = entry;
  else list.push(entry);
  hooks.set(key, list);
  return () => {
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
  };
}

/** Every registered hook, by 'machine:action' key in registration order, with where it was registered (the wiring snapshot). */
export const stateHookEntries = (): { key: string; name: string | null; site: string }[] =>
  [...hooks.entries()].flatMap(([key, list]) => list.map((e) => ({ key, name: e.name, site: e.site })));

const hooksOf = <C>(machine: string, action: string) =>
  [...(hooks.get(hookKey(machine, action)) ?? []), ...(hooks.get(hookKey(machine, '*')) ?? [])].map((e) => e.hook) as StateHook<C>[];

const patchSql = (v: PatchValue): SQL => {
  if (is(v, SQL)) return v;
  if (v !== null && typeof v === 'object') return sql`${JSON.stringify(v)}::jsonb`;
  return sql`${v}`;
};

/** What the log keeps of a patch: plain values as they are, SQL expressions only by name. */
const changedOf = (patch: Record<string, PatchValue>): Record<string, unknown> | null => {
  const keys = Object.keys(patch);
  if (keys.length === 0) return null;
  return Object.fromEntries(keys.map((k) => [k, is(patch[k], SQL) ? null : patch[k]]));
};

export interface LogRow {
  enterpriseId: number;
  id: number;
  from: number | null;
  to: number;
  action: string;
  actorId: number | null;
  note?: string | null;
  changed?: Record<string, unknown> | null;
}

/** One log row as a statement to put in a CTE of another (`with l as (…)`): the same row as insertStateLog. */
export function stateLogSql(t: StateTable, l: LogRow): SQL {
  const q = logInsert(t, l);
  return sql`${q.prefix} select ${q.values}`;
}

/**
 * The first log row of a record the same statement inserts, as a CTE body: `id` is its id there (e.g. sql`o.id`) and
 * `from` the CTE it reads (one row per record), so record and log row are one round trip.
 */
export function stateLogOfInserted(t: StateTable, l: Omit<LogRow, 'id'>, id: SQL, from: SQL): SQL {
  const q = logInsert(t, { ...l, id });
  return sql`${q.prefix} select ${q.values} from ${from}`;
}

/**
 * Log rows of records a statement updates in place without moving them (a delete to the recycle bin), as a CTE body:
 * one row per row of `from`, with its `id` and its state (`state`, both from and to).
 */
export function stateLogsOfUpdated(t: StateTable, l: Omit<LogRow, 'id' | 'from' | 'to'>, id: SQL, state: SQL, from: SQL): SQL {
  const q = logInsert(t, { ...l, id, from: null, to: 0 }, state);
  return sql`${q.prefix} select ${q.values} from ${from}`;
}

/** One log row as the two halves of an `insert … select`: the insert with its columns, and the values. */
function logInsert(t: StateTable, l: Omit<LogRow, 'id'> & { id: number | SQL }, state?: SQL): { prefix: SQL; values: SQL } {
  const fixed = Object.entries(t.log.fixed ?? {});
  const cols = [sql`enterprise_id`, sql.identifier(t.log.recordColumn), ...fixed.map(([k]) => sql.identifier(k))];
  // Typed: a parameter in a select list would otherwise be text.
  const typed = (v: string | number) => (typeof v === 'number' ? sql`${v}::int` : sql`${v}::text`);
  const vals = [sql`${l.enterpriseId}::bigint`, sql`${l.id}::bigint`, ...fixed.map(([, v]) => typed(v))];
  const changed = l.changed ? sql`${JSON.stringify(l.changed)}::jsonb` : sql`null::jsonb`;
  return {
    prefix: sql`insert into ${sql.identifier(t.log.table)} (${sql.join(cols, sql`, `)}, from_state, to_state, action, note, changed, user_id)`,
    values: sql`${sql.join(vals, sql`, `)}, ${state ?? sql`${l.from}::smallint`}, ${state ?? sql`${l.to}::smallint`}, ${l.action}::text, ${l.note ?? null}::text, ${changed}, ${l.actorId}::bigint`,
  };
}

/** A log row as a record's detail shows it: who (by name), when (in the reader's zone). */
export interface StateLogEntry {
  action: string;
  from_state: number | null;
  to_state: number;
  note: string | null;
  user_name: string | null;
  time: string;
}

/** A record's log, oldest first, from its state table's log. */
export function stateLogOf(ex: Executor, t: Pick<StateTable, 'log'>, a: { enterpriseId: number; timeZone: string }, id: number): Promise<StateLogEntry[]> {
  return rows<StateLogEntry>(
    ex,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${timeOf(sql`l.created_at`, a)} as time
      from ${sql.identifier(t.log.table)} l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.${sql.identifier(t.log.recordColumn)} = ${id} order by l.id`,
  );
}

/** A log row as a detail answers it (StateLogView), the action by its name where `names` has one. */
export const presentStateLog = (l: StateLogEntry, names: Readonly<Record<string, string>> = {}): StateLogView => ({
  action: names[l.action] ?? l.action,
  fromState: l.from_state,
  toState: l.to_state,
  note: l.note,
  userName: l.user_name,
  time: l.time,
});

/** Appends one log row (also used for a record's creation, from null). */
export async function insertStateLog(ex: Executor, t: StateTable, l: LogRow): Promise<void> {
  const fixed = Object.entries(t.log.fixed ?? {});
  const cols = [sql`enterprise_id`, sql.identifier(t.log.recordColumn), ...fixed.map(([k]) => sql.identifier(k))];
  const vals = [sql`${l.enterpriseId}`, sql`${l.id}`, ...fixed.map(([, v]) => sql`${v}`)];
  const changed = l.changed ? sql`${JSON.stringify(l.changed)}::jsonb` : sql`null`;
  await ex.execute(sql`insert into ${sql.identifier(t.log.table)} (${sql.join(cols, sql`, `)}, from_state, to_state, action, note, changed, user_id)
    values (${sql.join(vals, sql`, `)}, ${l.from}, ${l.to}, ${l.action}, ${l.note ?? null}, ${changed}, ${l.actorId})`);
}

/** The first log rows of records made together (a set-based create): one statement, the same rows as insertStateLog each. */
export async function insertStateLogs(ex: Executor, t: StateTable, logs: LogRow[]): Promise<void> {
  if (logs.length === 0) return;
  const fixed = Object.entries(t.log.fixed ?? {});
  const cols = [sql`enterprise_id`, sql.identifier(t.log.recordColumn), ...fixed.map(([k]) => sql.identifier(k))];
  const json = JSON.stringify(
    logs.map((l, ord) => ({ ord, e: l.enterpriseId, r: l.id, f: l.from, t: l.to, a: l.action, n: l.note ?? null, c: l.changed ?? null, u: l.actorId })),
  );
  await ex.execute(sql`insert into ${sql.identifier(t.log.table)} (${sql.join(cols, sql`, `)}, from_state, to_state, action, note, changed, user_id)
    select x.e, x.r, ${sql.join(
      fixed.map(([, v]) => sql`${v}`),
      sql`, `,
    )}${fixed.length ? sql`,` : sql``} x.f, x.t, x.a, x.n, x.c, x.u
    from jsonb_to_recordset(${json}::jsonb) as x(e bigint, r bigint, f smallint, t smallint, a text, n text, c jsonb, u bigint, ord bigint)
    order by ord`);
}

/**
 * Someone changed the record between our read and our update. Read it again (a new snapshot): gone is
 * not found; an action the new state no longer allows answers the machine's own refusal (as if we had
 * come second); otherwise the record merely moved and the caller should look again.
 */
async function lostRace<A extends string, C>(tx: Tx, c: StateChange<A, C>, select: SQL): Promise<AppError> {
  const [now] = await rows(tx, select);
  if (!now) return new AppError('NOT_FOUND');
  const ctx = c.ctxOf ? await c.ctxOf(now, tx) : (c.ctx as C);
  const d = c.machine.decide(Number(now[c.table.stateColumn]), c.action, ctx);
  return allowed(d) ? new AppError('STATE_CHANGED') : new AppError(d.refuse);
}

const listOf = (e: number | readonly number[] | undefined): readonly number[] | null => (e == null ? null : typeof e === 'number' ? [e] : e);

/** Performs one action on one record; see the file comment. Throws AppError: NOT_FOUND, STATE_CHANGED, or the machine's or a hook's refusal. */
export async function changeState<A extends string, C>(ex: Executor, c: StateChange<A, C>): Promise<StateResult> {
  const t = c.table;
  const T = sql.identifier(t.table);
  const S = sql.identifier(t.stateColumn);
  const where = sql`enterprise_id = ${c.enterpriseId} and id = ${c.id}${c.guard ? sql` and (${c.guard})` : sql``}`;
  // A nested call on a transaction becomes a savepoint: the caller's own reads and writes stay in one transaction.
  const body = async (tx: Tx): Promise<StateResult> => {
    const cur = c.current ?? (await rows(tx, sql`select * from ${T} where ${where}`))[0];
    if (!cur) throw new AppError('NOT_FOUND');
    const from = Number(cur[t.stateColumn]);
    const expected = listOf(c.expected);
    if (expected && !expected.includes(from)) throw new AppError('STATE_CHANGED');
    const ctx = c.ctxOf ? await c.ctxOf(cur, tx) : (c.ctx as C);
    const decision = c.machine.decide(from, c.action, ctx);
    if (!allowed(decision)) throw new AppError(decision.refuse);
    const to = decision.to;
    const patch = { ...c.patch, ...c.patchOf?.({ row: cur, ctx, from, to }) };
    const h: HookContext<C> = {
      tx,
      enterpriseId: c.enterpriseId,
      id: c.id,
      action: c.action,
      from,
      to,
      actorId: c.actorId,
      ctx,
      current: cur,
      patch,
      note: c.note ?? null,
    };
    const hs = hooksOf<C>(c.machine.name, c.action);
    for (const hook of hs) await hook.check?.(h);

    const sets = [sql`${S} = ${to}`, ...Object.entries(patch).map(([k, v]) => sql`${sql.identifier(k)} = ${patchSql(v)}`)];
    if (t.touchColumn) sets.push(sql`${sql.identifier(t.touchColumn)} = now()`);
    let same = sql`${S} = ${from}`;
    if (t.versionColumn) {
      const V = sql.identifier(t.versionColumn);
      sets.push(sql`${V} = ${V} + 1`);
      same = sql`${same} and ${V} = ${cur[t.versionColumn]}`;
    }
    // One round trip: the guarded update, its log row (written only if the update found the row) and the hooks' probes.
    const probes = hs.map((hook) => hook.probe?.(h) ?? null);
    const asked = probes.flatMap((p, i) => (p ? [sql`(${p}) as ${sql.identifier(`${PROBE}${i}`)}`] : []));
    const log = logInsert(t, {
      enterpriseId: c.enterpriseId,
      id: c.id,
      from,
      to,
      action: c.action,
      actorId: c.actorId,
      note: c.note,
      changed: changedOf(patch),
    });
    const [got] = await rows(
      tx,
      sql`with u as (update ${T} set ${sql.join(sets, sql`, `)} where ${where} and ${same} returning *),
        l as (${log.prefix} select ${log.values} from u)
        select u.*${asked.length ? sql`, ${sql.join(asked, sql`, `)}` : sql``} from u`,
    );
    if (!got) throw await lostRace(tx, c, sql`select * from ${T} where ${where}`);
    const row = { ...got };
    const wanted = probes.map((p, i) => (p ? got[`${PROBE}${i}`] === true : true));
    for (const k of Object.keys(row)) if (k.startsWith(PROBE)) delete row[k];

    const jobs = [...(c.follow ?? [])];
    for (const [i, hook] of hs.entries()) if (wanted[i]) jobs.push(...((await hook.after?.({ ...h, row })) ?? []));
    for (const j of jobs) await enqueue(tx, { enterpriseId: c.enterpriseId, ...j });
    return { from, to, row };
  };
  // The caller's locked row: its transaction is ours. Otherwise our own (a savepoint when called inside the caller's,
  // so the caller's own reads and writes stay in one transaction).
  if (c.current) return body(ex as Tx);
  return (ex as Db).transaction(body);
}

/** The column names of the probes' answers in the update's row (removed before the hooks see it). */
const PROBE = '__sk_probe_';

export { abilitiesOf };
