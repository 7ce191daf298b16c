import { CUSTOMER_TAG_CODE } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints } from '../../platform/sql';

const invalid = (detail: string) => new AppError('VALIDATION', { detail });

async function existing(ex: Executor, table: 'users' | 'service_groups' | 'tags', enterpriseId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const extra = table === 'users' ? sql` and deleted_at is null` : table === 'tags' ? sql` and code = ${CUSTOMER_TAG_CODE}` : sql``;
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})${extra}`,
  );
  return new Set(found.map((r) => r.id));
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
