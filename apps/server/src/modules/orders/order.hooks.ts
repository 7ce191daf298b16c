import { DEFAULT_ORDER_PROCESS, type OrderProcess } from '@sk/shared';
import type { Tx } from '../../db/client';

/** The process a new order pins: its settings and the version they come from (null: the built-in default). */
export interface PinnedProcess {
  process: OrderProcess;
  processVersionId: number | null;
}
export type ProcessResolver = (tx: Tx, enterpriseId: number, templateId: number) => Promise<PinnedProcess>;

let resolver: ProcessResolver = async () => ({ process: DEFAULT_ORDER_PROCESS, processVersionId: null });

/** The process-settings module installs the resolver that reads an order type's published process; answers a restore of the one before. */
export function setProcessResolver(r: ProcessResolver): () => void {
  const before = resolver;
  resolver = r;
  return () => {
    resolver = before;
  };
}
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
const created: { hook: CreatedHook; batch?: BatchHook }[] = [];

/** Registers work to do when an order is created (default dispatch, SLA clocks, automation, timers); answers its remover. */
export function afterOrderCreated(hook: CreatedHook, batch?: BatchHook): () => void {
  const entry = { hook, batch };
  created.push(entry);
  return () => {
    const i = created.indexOf(entry);
    if (i >= 0) created.splice(i, 1);
  };
}

export async function runCreatedHooks(o: CreatedOrder): Promise<void> {
  for (const h of created) await h.hook(o);
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
