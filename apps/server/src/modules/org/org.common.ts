import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Serialises structure changes of one enterprise (department moves, last-administrator checks),
 * so two concurrent requests cannot each pass a check the other one breaks.
 */
export async function lockEnterprise(ex: Executor, enterpriseId: number): Promise<void> {
  await ex.execute(sql`select 1 from enterprises where id = ${enterpriseId} for no key update`);
}

/** A timestamptz column as the API speaks it: 'YYYY-MM-DD HH:mm:ss' in the enterprise's zone. */
export const apiTime = (col: SQL, timeZone: string): SQL => sql`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A LIKE pattern that matches `text` anywhere, with the wildcards in it escaped. */
export { containingPattern as containing } from '../../platform/sql';

/** True for a unique-constraint violation, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

export const whereAll = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` and `) : sql`true`);
