import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { bigints } from '../../platform/sql';

/** Each order's earliest running deadline (epoch ms) among its SLA clocks; orders without one are absent. */
export async function orderDueTimes(ex: Executor, ep: number, orderIds: number[]): Promise<Map<number, number>> {
  if (!orderIds.length) return new Map();
  const found = await rows<{ id: number; due: number }>(
    ex,
    sql`select order_id::int as id, (extract(epoch from min(deadline_at)) * 1000)::float8 as due from order_sla_clocks
      where enterprise_id = ${ep} and order_id = any(${bigints(orderIds)}) and outcome = 0 and deadline_at is not null
      group by order_id`,
  );
  return new Map(found.map((r) => [r.id, r.due]));
}
