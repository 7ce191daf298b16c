import { DEFAULT_ORDER_PROCESS, type OrderProcess } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { registrationSite } from '../../platform/registry';

/** The process a new order pins: its settings and the version they come from (null: the built-in default). */
export interface PinnedProcess {
  process: OrderProcess;
  processVersionId: number | null;
}
export type ProcessResolver = (tx: Tx, enterpriseId: number, templateId: number) => Promise<PinnedProcess>;

const defaultResolver: ProcessResolver = async () => ({ process: DEFAULT_ORDER_PROCESS, processVersionId: null });
let resolver = defaultResolver;
let resolverSite = 'modules/orders/order.hooks.ts';

/** The process-settings module installs the resolver that reads an order type's published process; answers a restore of the one before. */
export function setProcessResolver(r: ProcessResolver): () => void {
  const before = { resolver, resolverSite };
  resolver = r;
  resolverSite = registrationSite();
  return () => {
    resolver = before.resolver;
    resolverSite = before.resolverSite;
  };
}
/** Where the resolver in force was set (the wiring snapshot). */
export const processResolverSite = (): string => resolverSite;
export const processForNewOrder: ProcessResolver = (tx, enterpriseId, templateId) => resolver(tx, enterpriseId, templateId);

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
 * nothing to do costs no round trip. Only for a condition no earlier hook can change. False: the hook is skipped.
 */
type CreatedProbe = (o: Omit<CreatedOrder, 'tx'>) => SQL | null;
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
  const hooks = [...created];
  const probes = hooks.map((h) => h.probe?.(o) ?? null);
  const asked = probes.flatMap((p, i) => (p ? [sql`(${p}) as ${sql.identifier(`p${i}`)}`] : []));
  const [got] = await rows(
    o.tx,
    sql`with w as (${write}) select ${asked.length ? sql.join(asked, sql`, `) : sql`1 as none`} from orders n where n.enterprise_id = ${o.enterpriseId} and n.id = ${o.orderId}`,
  );
  for (const [i, h] of hooks.entries()) if (!probes[i] || got?.[`p${i}`] === true) await h.hook(o);
}

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
