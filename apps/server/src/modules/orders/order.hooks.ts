import { DEFAULT_ORDER_PROCESS, type OrderProcess } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

/** The process a new order pins: its settings and the version they come from (null: the built-in default). */
export interface PinnedProcess {
  process: OrderProcess;
  processVersionId: number | null;
}
export type ProcessResolver = (tx: Tx, enterpriseId: number, templateId: number) => Promise<PinnedProcess>;

/**
 * The resolver's read as an expression another statement can carry (createOrder's checks read it with the customer,
 * the type and the rest): `select` answers a JSON value (or null) for the type `templateId`, `read` makes it the pin.
 */
export interface ProcessResolverSql {
  select: (enterpriseId: number, templateId: SQL) => SQL;
  read: (value: unknown) => PinnedProcess;
}
const DEFAULT_PIN: PinnedProcess = { process: DEFAULT_ORDER_PROCESS, processVersionId: null };
let resolver: ProcessResolver = async () => DEFAULT_PIN;
let resolverSql: ProcessResolverSql | null = { select: () => sql`null`, read: () => DEFAULT_PIN };

/**
 * The process-settings module installs the resolver that reads an order type's published process (and, optionally,
 * the same read as SQL); answers a restore of the one before. A resolver without its SQL form is called on its own.
 */
export function setProcessResolver(r: ProcessResolver, inline?: ProcessResolverSql): () => void {
  const before = [resolver, resolverSql] as const;
  resolver = r;
  resolverSql = inline ?? null;
  return () => {
    [resolver, resolverSql] = before;
  };
}
export const processForNewOrder: ProcessResolver = (tx, enterpriseId, templateId) => resolver(tx, enterpriseId, templateId);
/** The installed resolver's SQL form, or null when it has none (then processForNewOrder). */
export const processForNewOrderSql = (): ProcessResolverSql | null => resolverSql;

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
const created: { hook: CreatedHook; batch?: BatchHook; probe?: CreatedProbe }[] = [];

/** Registers work to do when an order is created (default dispatch, SLA clocks, automation, timers); answers its remover. */
export function afterOrderCreated(hook: CreatedHook, batch?: BatchHook, probe?: CreatedProbe): () => void {
  const entry = { hook, batch, probe };
  created.push(entry);
  return () => {
    const i = created.indexOf(entry);
    if (i >= 0) created.splice(i, 1);
  };
}

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
