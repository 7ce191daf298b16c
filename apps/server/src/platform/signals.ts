import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../db/client';
import { registrationSite } from './registry';
import type { HookContext, StateHook } from './state';

/**
 * Domain signals (领域事件): what happened to a record, told to the modules that subscribe, inside the transaction that
 * made it happen (a subscriber that throws undoes the whole change). The signals, their payloads and who publishes them:
 *
 * | signal            | payload                                  | published by                                   | subscribe with          |
 * | ----------------- | ---------------------------------------- | ---------------------------------------------- | ----------------------- |
 * | order created     | `CreatedOrder` (one), `CreatedBatch`     | orders/create.service: `runCreatedHooksProbed`, `runCreatedHooksBatch` | `afterOrderCreated`     |
 * | record moved      | `RecordMoved<C>` (order, event, project, project_task, repair_order, spare docs, calls …: every machine) | platform/state.ts `changeState` | `registerStateHook` (check / probe / after) |
 * | approval ended    | `ApprovalEnd` (approved, rejected, withdrawn) | approvals/engine `publishApprovalEnded` (the deciding change) | `onApprovalEnd` (one per kind) |
 *
 * "Order completed", "event closed", "stock document approved" are record moves to those states (`h.to`, `h.action`).
 * Subscribers run in the order modules/wiring.ts registers them (the order modules/wiring.test.ts records); a
 * subscriber registered under a name it already holds replaces itself where it stands.
 */

/** A record's move as a state-hook subscriber sees it: the change (from, to, action, actor, patch) and the updated row. */
export type RecordMoved<C = unknown> = HookContext<C> & { row: Record<string, unknown> };
/** A subscriber to record moves (re-exported here so the catalogue names every signal's type). */
export type RecordMovedSubscriber<C = unknown> = StateHook<C>;

// ---- order created ----

/** What a hook learns of a new order; it runs in the creating transaction, after the first log row. */
export interface CreatedOrder {
  tx: Tx;
  enterpriseId: number;
  orderId: number;
  state: number;
  actorId: number;
  /** The engineer the order's maker names (a cycle plan's): default dispatch sends it to him instead of by the rules. */
  assignee?: number | null;
}
type CreatedHook = (o: CreatedOrder) => Promise<void>;

/** Orders made together in one transaction (the cycle job's set-based path): the same hooks, once for the batch. */
export interface CreatedBatch {
  tx: Tx;
  enterpriseId: number;
  orders: { orderId: number; state: number; assignee?: number | null }[];
  actorId: number;
}
/**
 * A hook's batch form: it must leave exactly what its single form would leave after running on each order. Most answer
 * with one statement which orders have anything to do (an enterprise without rules: none) and run the single form on those.
 */
type BatchHook = (b: CreatedBatch, single: CreatedHook) => Promise<void>;
/**
 * Whether the single form has anything to do, as a boolean SQL expression over the new order `n` (as the creating
 * transaction has written it, before any hook ran): asked for every hook at once in one statement, so a hook with
 * nothing to do costs no round trip. Only for a condition no earlier hook can change. False: the hook is skipped. It
 * may be asked in the very statement that inserts the order (createOrder), so it is not told the id (use `n.id`) and a
 * sub-select of `orders` does not see the new row there.
 */
type CreatedProbe = (o: Omit<CreatedOrder, 'tx' | 'orderId'>) => SQL | null;
interface CreatedEntry {
  hook: CreatedHook;
  batch?: BatchHook;
  probe?: CreatedProbe;
  /** A wired subscriber's name: registering it again replaces it in place. */
  name: string | null;
  site: string;
}
const created: CreatedEntry[] = [];

/**
 * Registers work to do when an order is created (default dispatch, SLA clocks, automation, timers); answers its remover.
 * With a `name`, a second registration of that name replaces the first where it stands.
 */
export function afterOrderCreated(hook: CreatedHook, batch?: BatchHook, probe?: CreatedProbe, name?: string): () => void {
  const entry: CreatedEntry = { hook, batch, probe, name: name ?? null, site: registrationSite() };
  const same = name ? created.findIndex((e) => e.name === name) : -1;
  if (same >= 0) created[same] = entry;
  else created.push(entry);
  return () => {
    const i = created.indexOf(entry);
    if (i >= 0) created.splice(i, 1);
  };
}

/** The order-created hooks in the order they run, with where each was registered (the wiring snapshot). */
export const createdHookEntries = (): { name: string | null; site: string }[] => created.map((e) => ({ name: e.name, site: e.site }));

export async function runCreatedHooks(o: CreatedOrder): Promise<void> {
  for (const h of created) await h.hook(o);
}

/**
 * createOrder's tail in as few round trips as the hooks allow: `write` (a statement the caller still has to send, e.g.
 * the first log row, as a CTE) and every hook's probe go in one statement; then the hooks whose probe did not say no.
 */
export async function runCreatedHooksProbed(o: CreatedOrder, write: SQL): Promise<void> {
  const p = createdProbes(o);
  const [got] = await rows(o.tx, sql`with w as (${write}) select ${p.columns} from orders n where n.enterprise_id = ${o.enterpriseId} and n.id = ${o.orderId}`);
  await p.run(o, got);
}

/**
 * The created hooks' probes as a select list over the new order `n`, for a statement the caller sends (createOrder's
 * insert: `… select <columns> from o as n`), and `run`: the hooks whose probe, in the answered row, did not say no.
 */
export function createdProbes(o: Omit<CreatedOrder, 'tx' | 'orderId'>): {
  columns: SQL;
  run: (order: CreatedOrder, got: Record<string, unknown> | undefined) => Promise<void>;
} {
  const hooks = [...created];
  const probes = hooks.map((h) => h.probe?.(o) ?? null);
  const asked = probes.flatMap((p, i) => (p ? [sql`(${p}) as ${sql.identifier(`${PROBE}${i}`)}`] : []));
  return {
    columns: asked.length ? sql.join(asked, sql`, `) : sql`1 as ${sql.identifier(`${PROBE}none`)}`,
    run: async (order, got) => {
      for (const [i, h] of hooks.entries()) if (!probes[i] || got?.[`${PROBE}${i}`] === true) await h.hook(order);
    },
  };
}
const PROBE = '__sk_created_';

/** Runs each hook on a batch of new orders: its batch form, or its single form order by order. */
export async function runCreatedHooksBatch(b: CreatedBatch): Promise<void> {
  if (b.orders.length === 0) return;
  for (const h of created) {
    if (h.batch) await h.batch(b, h.hook);
    else for (const o of b.orders) await h.hook({ tx: b.tx, enterpriseId: b.enterpriseId, actorId: b.actorId, ...o });
  }
}

/** The batch form's usual tail: the single form on the orders (of the batch) that `ids` names. */
export async function runSingleOn(b: CreatedBatch, single: CreatedHook, ids: Iterable<number | string>): Promise<void> {
  const wanted = new Set([...ids].map(Number));
  for (const o of b.orders) if (wanted.has(o.orderId)) await single({ tx: b.tx, enterpriseId: b.enterpriseId, actorId: b.actorId, ...o });
}

// ---- approval ended ----

/** What an owning area learns when one of its documents' approval ends (in the deciding transaction). */
export interface ApprovalEnd {
  enterpriseId: number;
  instanceId: number;
  kind: string;
  docId: number;
  /** 1 approved, 2 rejected, 3 withdrawn. */
  result: 1 | 2 | 3;
  actorId: number;
  comment: string | null;
}

export type ApprovalEndHandler = (tx: Tx, end: ApprovalEnd) => Promise<void>;

const handlers = new Map<string, ApprovalEndHandler>();
const approvalSites = new Map<string, string>();

/**
 * An area declares what its document does when its approval ends (approved: the document moves on; rejected or
 * withdrawn: it goes back). The handler runs in the same transaction as the deciding change: if it throws
 * (the document can no longer move), the decision is not taken. One handler per kind; the kind itself is
 * declared in packages/shared/src/approvals/kinds.ts.
 */
export function onApprovalEnd(kind: string, handler: ApprovalEndHandler): () => void {
  handlers.set(kind, handler);
  approvalSites.set(kind, registrationSite());
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

/** Each kind with a handler, in registration order, with where it was registered (the wiring snapshot). */
export const approvalEndEntries = (): { kind: string; site: string }[] => [...handlers.keys()].map((kind) => ({ kind, site: approvalSites.get(kind) ?? '?' }));

/** Tells the owning area that its document's approval ended, in the deciding transaction (no owner: nothing to do). */
export async function publishApprovalEnded(tx: Tx, end: ApprovalEnd): Promise<void> {
  await handlers.get(end.kind)?.(tx, end);
}

// ---- a module's own signals ----

/** A subscriber to a module's signal, run in the publisher's transaction. */
export type SignalSubscriber<P> = (tx: Tx, payload: P) => Promise<void>;

export interface Signal<P> {
  readonly name: string;
  /** Subscribes under a name (registering the name again replaces it where it stands); answers its remover. */
  subscribe(name: string, subscriber: SignalSubscriber<P>): () => void;
  /** Runs every subscriber in order inside the caller's transaction; one that throws undoes the whole change. */
  publish(tx: Tx, payload: P): Promise<void>;
  /** The subscribers in the order they run, with where each was registered (the wiring snapshot). */
  entries(): { name: string; site: string }[];
}

const declared: Signal<never>[] = [];

/**
 * Declares a signal a module publishes (`eventCreated`, `visitFailed` …): the publisher exports it through its door,
 * and a module above it subscribes from its wiring, so the publisher never imports the module that reacts.
 */
export function defineSignal<P>(name: string): Signal<P> {
  const subs: { name: string; run: SignalSubscriber<P>; site: string }[] = [];
  const signal: Signal<P> = {
    name,
    subscribe(subName, run) {
      const entry = { name: subName, run, site: registrationSite() };
      const same = subs.findIndex((s) => s.name === subName);
      if (same >= 0) subs[same] = entry;
      else subs.push(entry);
      return () => {
        const i = subs.indexOf(entry);
        if (i >= 0) subs.splice(i, 1);
      };
    },
    async publish(tx, payload) {
      for (const s of [...subs]) await s.run(tx, payload);
    },
    entries: () => subs.map((s) => ({ name: s.name, site: s.site })),
  };
  declared.push(signal as Signal<never>);
  return signal;
}

/** Every declared signal's subscribers (the wiring snapshot). */
export const signalEntries = (): { signal: string; name: string; site: string }[] =>
  declared.flatMap((s) => s.entries().map((e) => ({ signal: s.name, ...e })));
