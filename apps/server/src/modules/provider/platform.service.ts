import type { PlatformSettleRow } from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { PageRequest } from '../../platform/list';
import { type PlatformFilters, platformPage } from './platform.repo';

/**
 * 平台结算 (/ServiceGroup/list, docs/settlement.md): the statements of platform partners — 授权服务商 (3) and 授权服务平台
 * (4) — split by the service group that served each order (platform.repo.ts). Scope: finance every platform's, a
 * provider's user his own.
 */

export type { PlatformFilters };

/** Platform partner types. */
export const PLATFORM_TYPES = [3, 4] as const;

export const platformList = (ex: Executor, a: Actor, f: PlatformFilters, page: PageRequest): Promise<{ list: PlatformSettleRow[]; count: number }> =>
  platformPage(ex, a, f, page);
