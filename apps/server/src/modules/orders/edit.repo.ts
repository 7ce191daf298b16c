// Editing an order's reads and writes beside the locked row: the people, service items and tags it names, the customer's
// contact and address when the customer changes.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { bigints } from '../../platform/sql';

/** Enabled users among the ids (with the role when given), by id and name. */
export function enabledUsers(ex: Executor, enterpriseId: number, ids: readonly number[], role?: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from users where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and enabled and deleted_at is null
      and ${role ? sql`${role} = any(roles)` : sql`true`}`,
  );
}

/** The user ids of one part of the order's people, in id order. */
export async function peopleIds(ex: Executor, enterpriseId: number, orderId: number, part: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(
    ex,
    sql`select user_id from order_people where enterprise_id = ${enterpriseId} and order_id = ${orderId} and part = ${part} order by user_id`,
  );
  return r.map((x) => x.user_id);
}

/** The customer's name, or undefined. */
export async function customerName(ex: Executor, enterpriseId: number, customerId: unknown): Promise<string | undefined> {
  const [c] = await rows<{ name: string }>(ex, sql`select name from customers where enterprise_id = ${enterpriseId} and id = ${customerId}`);
  return c?.name;
}

/** Whether the contact belongs to the customer. */
export async function customerHasContact(ex: Executor, enterpriseId: number, customerId: number, contactId: number): Promise<boolean> {
  const [k] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${customerId} and id = ${contactId}`,
  );
  return !!k;
}

/** The service item ids the order's lines name, in id order. */
export async function serviceItemIds(tx: Tx, enterpriseId: number, orderId: number): Promise<number[]> {
  const now = await rows<{ service_item_id: number }>(
    tx,
    sql`select distinct service_item_id from order_service_items where enterprise_id = ${enterpriseId} and order_id = ${orderId} order by 1`,
  );
  return now.map((r) => r.service_item_id);
}

/** The order's lines become the items `ids`: kept lines stay as they are, new ones come at the catalogue's price. */
export async function replaceServiceItems(tx: Tx, enterpriseId: number, orderId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`delete from order_service_items where enterprise_id = ${enterpriseId} and order_id = ${orderId} and not (service_item_id = any(${bigints(ids)}))`,
  );
  await tx.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
    select ${enterpriseId}, ${orderId}, i.id, i.name, i.price, 1, i.price from service_items i
    where i.enterprise_id = ${enterpriseId} and i.id = any(${bigints(ids)})
      and not exists (select 1 from order_service_items l where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} and l.service_item_id = i.id)`);
}

/** The order's service amount as a number (0 when the order is gone), as the edit log writes it. */
export async function serviceAmount(tx: Tx, enterpriseId: number, orderId: number): Promise<number> {
  const [o] = await rows<{ service_amount: string }>(tx, sql`select service_amount from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`);
  return Number(o?.service_amount ?? 0);
}

/** The tag ids (code 3) on the order, in id order. */
export async function orderTagIds(tx: Tx, enterpriseId: number, orderId: number): Promise<number[]> {
  const now = await rows<{ tag_id: number }>(
    tx,
    sql`select tag_id from tag_links where enterprise_id = ${enterpriseId} and obj_type = 3 and obj_id = ${orderId} order by tag_id`,
  );
  return now.map((r) => r.tag_id);
}

/** The names of the order tags (code 3) among the ids, in id order. */
export async function orderTagNames(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<string[]> {
  const names = await rows<{ name: string }>(
    tx,
    sql`select name from tags where enterprise_id = ${enterpriseId} and code = 3 and id = any(${bigints(ids)}) order by id`,
  );
  return names.map((t) => t.name);
}

/** The order's tags become the ids. */
export async function replaceOrderTags(tx: Tx, enterpriseId: number, orderId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from tag_links where enterprise_id = ${enterpriseId} and obj_type = 3 and obj_id = ${orderId}`);
  if (ids.length) {
    await tx.execute(
      sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) select ${enterpriseId}, 3, ${orderId}, t from unnest(${bigints(ids)}) t`,
    );
  }
}

/** The chosen contact of the customer, else its primary one. */
export async function contactOrPrimary(
  tx: Tx,
  enterpriseId: number,
  customerId: number,
  contactId: number | null | undefined,
): Promise<{ id: number; name: string; phone: string } | undefined> {
  const [c] = await rows<{ id: number; name: string; phone: string }>(
    tx,
    sql`select id, name, phone from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${customerId}
        and ${contactId ? sql`id = ${contactId}` : sql`true`} order by is_primary desc, id limit 1`,
  );
  return c;
}
