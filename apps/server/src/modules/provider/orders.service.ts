// Provider orders (docs/settlement.md, "Provider orders"): which of them each page lists; the statements are orders.repo.ts's.
import type { ServiceOrderTab } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { type ManagementFilters, managementWhere, providerOrderPage, serviceOrderWhere } from './orders.repo';

/** 服务单: the provider orders the actor sees (a provider's user: his provider's; another provider's are never listed). */
export function serviceOrders(ex: Executor, a: Actor, f: { tab: ServiceOrderTab; keyword?: string | null }, p: PageRequest) {
  return providerOrderPage(ex, a, serviceOrderWhere(a, f), p);
}

/** 工单管理: every provider order of the enterprise (its staff only), filtered by provider, completion period and settlement state. */
export function management(ex: Executor, a: Actor, f: ManagementFilters, p: PageRequest) {
  if (a.providerId != null) throw new AppError('NO_POWER');
  return providerOrderPage(ex, a, managementWhere(a, f), p, !!(f.startDay || f.endDay));
}
