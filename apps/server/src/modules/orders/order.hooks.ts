import { DEFAULT_ORDER_PROCESS } from '@sk/shared';
import type { Tx } from '../../db/client';
import { registrationSite } from '../../platform/registry';
import { NO_PROCESS } from './create.repo';
import type { PinnedProcess, ProcessResolverSql } from './orders.types';

export type { PinnedProcess, ProcessResolverSql } from './orders.types';

export type ProcessResolver = (tx: Tx, enterpriseId: number, templateId: number) => Promise<PinnedProcess>;

const DEFAULT_PIN: PinnedProcess = { process: DEFAULT_ORDER_PROCESS, processVersionId: null };
let resolver: ProcessResolver = async () => DEFAULT_PIN;
let resolverSql: ProcessResolverSql | null = { select: () => NO_PROCESS, read: () => DEFAULT_PIN };
let resolverSite = 'modules/orders/order.hooks.ts';

/**
 * The process-settings module installs the resolver that reads an order type's published process (and, optionally,
 * the same read as SQL); answers a restore of the one before. A resolver without its SQL form is called on its own.
 */
export function setProcessResolver(r: ProcessResolver, inline?: ProcessResolverSql): () => void {
  const before = [resolver, resolverSql, resolverSite] as const;
  resolver = r;
  resolverSql = inline ?? null;
  resolverSite = registrationSite();
  return () => {
    [resolver, resolverSql, resolverSite] = before;
  };
}
/** Where the resolver in force was set (the wiring snapshot). */
export const processResolverSite = (): string => resolverSite;
export const processForNewOrder: ProcessResolver = (tx, enterpriseId, templateId) => resolver(tx, enterpriseId, templateId);
/** The installed resolver's SQL form, or null when it has none (then processForNewOrder). */
export const processForNewOrderSql = (): ProcessResolverSql | null => resolverSql;
