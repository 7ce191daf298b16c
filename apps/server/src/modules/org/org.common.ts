import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Serialises structure changes of one enterprise (department moves, last-administrator checks),
 * so two concurrent requests cannot each pass a check the other one breaks.
 */
export async function lockEnterprise(ex: Executor, enterpriseId: number): Promise<void> {
  await ex.execute(sql`select 1 from enterprises where id = ${enterpriseId} for no key update`);
}

// The shared SQL pieces under the names this module's files use.
export { and as whereAll, apiTime, containingPattern as containing, isUniqueViolation } from '../../platform/sql';
