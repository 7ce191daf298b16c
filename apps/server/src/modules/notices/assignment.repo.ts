// The order reads of the assignment notice (assignment.notice.ts).
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { bigints } from '../../platform/sql';

/** What the notice says of the order (the state helper's row of it has these columns too). */
export interface AssignedOrder {
  id: number;
  order_no: string;
  title: string | null;
  service_user_id: number | null;
  version: number | null;
}

export async function assignedOrder(ex: Executor, enterpriseId: number, orderId: number): Promise<AssignedOrder | undefined> {
  const [row] = await rows<AssignedOrder>(
    ex,
    sql`select id, order_no, title, service_user_id, version from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`,
  );
  return row;
}

/** The orders among `orderIds` assigned to someone other than `actorId`. */
export async function assignedToOthers(ex: Executor, enterpriseId: number, orderIds: number[], actorId: number | null): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(orderIds)})
        and service_user_id is not null and service_user_id <> ${actorId}`,
  );
  return found.map((r) => r.id);
}
