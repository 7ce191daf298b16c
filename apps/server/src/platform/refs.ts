import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../db/client';
import { invalid } from './errors';

/** Tables whose ids settings store without a foreign key (in arrays or JSONB). */
export type RefTable = 'users' | 'tags' | 'service_groups' | 'form_templates';

/** Users a setting may name: enabled and not deleted. */
export const LIVE_USER = sql`enabled and deleted_at is null`;

/**
 * A setting stores only ids of its own enterprise. Every id must be a row of `table` in the enterprise (and meet
 * `where`), else the save is refused with `message` as a validation error, which names none of the ids.
 * Call it inside the save's transaction.
 */
export async function checkIdsIn(
  ex: Executor,
  enterpriseId: number,
  table: RefTable,
  ids: Iterable<number | null | undefined>,
  message: string,
  where?: SQL,
): Promise<void> {
  const unique = [...new Set([...ids].filter((x): x is number => x != null))];
  if (unique.length === 0) return;
  if (!unique.every(Number.isSafeInteger)) throw invalid(message);
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from ${sql.identifier(table)}
      where enterprise_id = ${enterpriseId} and id = any(${`{${unique.join(',')}}`}::bigint[])${where ? sql` and ${where}` : sql``}`,
  );
  if (Number(r?.n) !== unique.length) throw invalid(message);
}
