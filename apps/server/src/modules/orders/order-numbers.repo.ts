// Drawing order numbers from the enterprise's sequence (order-numbers.ts makes the sequences and formats the numbers).
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** `n` values of the enterprise's sequence (unordered), each with the prefix setting (null when none is set). */
export function drawOrderNumbers(ex: Executor, enterpriseId: number, n: number): Promise<{ n: number; prefix: string | null }[]> {
  return rows<{ n: number; prefix: string | null }>(
    ex,
    sql`select x.n, (select value from system_settings where enterprise_id = ${enterpriseId} and code = 'order_no_prefix') as prefix
      from sk_order_numbers(${enterpriseId}, ${n}) as x(n)`,
  );
}

/**
 * One new number as an SQL row source `(select … as order_no)`: the prefix setting (else `fallback`), the `day` and the
 * sequence's next value (at least four digits), drawn only when the statement runs.
 */
export function orderNoFrom(enterpriseId: number, fallback: string, day: string): SQL {
  return sql`(select coalesce((select value from system_settings where enterprise_id = ${enterpriseId} and code = 'order_no_prefix'), ${fallback}::text)
      || ${day}::text || '-' || case when x.n < 1000 then lpad(x.n::text, 4, '0') else x.n::text end as order_no
    from sk_order_numbers(${enterpriseId}, 1) as x(n))`;
}
