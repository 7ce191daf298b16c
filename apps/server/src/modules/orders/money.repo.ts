// The order as the money pages read it (fees, evaluation, the report, payment): the orders row with its amounts in
// cents, and whether the viewer is among the order's people.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { OrderRecord } from './orders.repo';

/** The orders row with its money in cents (bigint: numbers). */
export type MoneyOrderRecord = OrderRecord & {
  service_c: number;
  spare_c: number;
  other_c: number;
  discount_c: number;
  receivable_c: number;
  paid_c: number;
};

/** The order of the enterprise where `visible` holds and not in the recycle bin, FOR UPDATE when asked. */
export async function moneyOrderRecord(ex: Executor, enterpriseId: number, id: number, visible: SQL, lock: boolean): Promise<MoneyOrderRecord | undefined> {
  const [r] = await rows<MoneyOrderRecord>(
    ex,
    sql`select o.*, (o.service_amount * 100)::bigint as service_c, (o.spare_amount * 100)::bigint as spare_c,
        (o.other_amount * 100)::bigint as other_c, (o.discount_amount * 100)::bigint as discount_c,
        (o.receivable_amount * 100)::bigint as receivable_c, (o.paid_amount * 100)::bigint as paid_c
      from orders o where o.enterprise_id = ${enterpriseId} and o.id = ${id} and o.deleted_at is null and ${visible}
      ${lock ? sql`for update` : sql``}`,
  );
  return r;
}

/** Whether the user is one of the order's people of the part. */
export async function isOnOrder(ex: Executor, enterpriseId: number, orderId: number, part: number, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from order_people where enterprise_id = ${enterpriseId} and order_id = ${orderId} and part = ${part} and user_id = ${userId}`,
  );
  return found.length > 0;
}
