// The create page's reads: the open orders of a customer and order type (the duplicate warning), the order's customer.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { timeOf } from '../../platform/sql';

/** Open orders of the customer and type: not completed (5) or cancelled (6), not invalid, not in the recycle bin. */
export const openOfCustomer = (enterpriseId: number, customerId: number, templateId: number): SQL =>
  sql`o.enterprise_id = ${enterpriseId} and o.customer_id = ${customerId} and o.template_id = ${templateId}
    and o.state not in (5, 6) and not o.invalid and o.deleted_at is null`;

export async function openOrderCount(ex: Executor, where: SQL): Promise<number> {
  const [n] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${where}`);
  return n?.n ?? 0;
}

/** The newest `limit` of them as the warning lists them. */
export async function openOrderRows(ex: Executor, v: Actor, where: SQL, limit: number) {
  const list = await rows<{ id: number; order_no: string; title: string; state: number; create_time: string }>(
    ex,
    sql`select o.id, o.order_no, o.title, o.state, ${timeOf(sql`o.created_at`, v)} as create_time
      from orders o where ${where} order by o.created_at desc, o.id desc limit ${limit}`,
  );
  return list.map((r) => ({ id: r.id, orderNo: r.order_no, title: r.title, state: r.state, create_time: r.create_time }));
}

/** The customer of the enterprise by id, whatever the viewer's customer scope. */
export async function customerById(ex: Executor, enterpriseId: number, id: number | null): Promise<{ id: number; name: string } | undefined> {
  const [customer] = await rows<{ id: number; name: string }>(ex, sql`select id, name from customers where enterprise_id = ${enterpriseId} and id = ${id}`);
  return customer;
}
