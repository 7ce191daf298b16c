import { DEFAULT_ORDER_PROCESS, type OrderProcess } from '@sk/shared';
import type { Tx } from '../../db/client';
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
