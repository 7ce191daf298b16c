import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** A timestamp column as the API speaks it: 'YYYY-MM-DD HH:mm:ss' in the enterprise's time zone. */
export const apiTime = (col: AnyColumn | SQL, timeZone: string): SQL<string> => sql<string>`to_char(${col} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A bigint[] literal from validated ids, for unnest and = any(). */
export const bigintArray = (ids: readonly number[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

/** A unique-constraint violation, from either driver (Drizzle wraps the driver error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
