import type { Executor } from '../../db/client';
import { existingIds } from './customers.repo';
import { AppError } from '../../platform/errors';

const invalid = (detail: string) => new AppError('VALIDATION', { detail });

async function existing(ex: Executor, table: 'users' | 'service_groups' | 'tags', enterpriseId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return existingIds(ex, table, enterpriseId, ids);
}

/** The references a customer carries must be this enterprise's: salesperson, service group, customer tags. */
export async function checkCustomerRefs(
  ex: Executor,
  enterpriseId: number,
  r: { businessUserId?: number | null; serviceGroupId?: number | null; tagIds?: number[] },
): Promise<void> {
  if (r.businessUserId && !(await existing(ex, 'users', enterpriseId, [r.businessUserId])).has(r.businessUserId)) throw invalid('负责销售：人员不存在');
  if (r.serviceGroupId && !(await existing(ex, 'service_groups', enterpriseId, [r.serviceGroupId])).has(r.serviceGroupId)) {
    throw invalid('服务团队：团队不存在');
  }
  const tagIds = [...new Set(r.tagIds ?? [])];
  if (tagIds.length && (await existing(ex, 'tags', enterpriseId, tagIds)).size !== tagIds.length) throw invalid('客户标签：标签不存在');
}

export async function checkUsers(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await existing(ex, 'users', enterpriseId, unique)).size !== unique.length) throw new AppError('NOT_FOUND');
}
