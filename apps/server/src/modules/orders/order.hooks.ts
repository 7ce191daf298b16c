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
}
type CreatedHook = (o: CreatedOrder) => Promise<void>;
const created: CreatedHook[] = [];

/** Registers work to do when an order is created (default dispatch, SLA clocks, automation, timers); answers its remover. */
export function afterOrderCreated(hook: CreatedHook): () => void {
  created.push(hook);
  return () => {
    const i = created.indexOf(hook);
    if (i >= 0) created.splice(i, 1);
  };
}

export async function runCreatedHooks(o: CreatedOrder): Promise<void> {
  for (const h of created) await h(o);
}
