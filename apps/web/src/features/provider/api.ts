import { type PlatformSettleRow, type ProviderOrderRow, providerConsoleContract, type ScorecardRow } from '@sk/shared/settle/provider.contract';
import { contractFetcher } from '../../components';

export { providerConsoleContract as P };

export const fetchServiceOrders = contractFetcher<ProviderOrderRow>(providerConsoleContract.serviceOrders);
export const fetchManagement = contractFetcher<ProviderOrderRow>(providerConsoleContract.management);
export const fetchPlatform = contractFetcher<PlatformSettleRow>(providerConsoleContract.platform);
export const fetchScorecard = contractFetcher<ScorecardRow>(providerConsoleContract.scorecard);

/** The detail of a provider order (the order detail, under 服务单 in the menu). */
export const serviceOrderPath = (id: number): string => `/serviceOrderDetail?id=${id}`;

/** ‰ as a percentage with one decimal, or — when there is nothing to rate. */
export const rateText = (permille: number | null): string => (permille == null ? '—' : `${(permille / 10).toFixed(1)}%`);

/** A dash range ['YYYY-MM-DD HH:mm:ss', …] as the day fields the API takes. */
export function periodQuery(values: Record<string, unknown>): Record<string, unknown> {
  const { period, ...rest } = values;
  if (!Array.isArray(period) || period.length !== 2) return rest;
  return { ...rest, startDay: String(period[0]).slice(0, 10), endDay: String(period[1]).slice(0, 10) };
}
