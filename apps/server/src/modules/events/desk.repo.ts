import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { contains, prefixPattern } from '../../platform/search';
import { timeOf } from '../../platform/sql';
import { customerRowScope } from '../customers/index';

/** The service desk's reads: the customers a keyword finds and one customer's contacts, products and open orders. */

/** A customer the desk's search found, and by what. */
export interface DeskMatchRaw {
  id: number;
  name: string;
  linkperson: string | null;
  phone: string | null;
  address: string | null;
  matchedBy: string;
}

/** Customers the viewer may see whose name contains, or whose phone, a contact's phone or a product serial starts with, the keyword. */
export function deskMatches(ex: Executor, v: Actor, keyword: string, limit: number): Promise<DeskMatchRaw[]> {
  const ep = v.enterpriseId;
  const like = prefixPattern(keyword);
  return rows<DeskMatchRaw>(
    ex,
    sql`with m as (
        (select c.id, '客户名称' as matched_by, 1 as rank from customers c where c.enterprise_id = ${ep} and ${contains(sql`c.search_grams`, sql`c.name`, keyword)} limit ${limit})
        union all (select c.id, '电话', 2 from customers c where c.enterprise_id = ${ep} and c.phone like ${like} limit ${limit})
        union all (select k.customer_id, '联系人电话', 3 from customer_contacts k where k.enterprise_id = ${ep} and k.phone like ${like} limit ${limit})
        union all (select p.customer_id, '产品序列号', 4 from installed_products p where p.enterprise_id = ${ep} and p.serial_number like ${like} and p.customer_id is not null limit ${limit})
      ), best as (select distinct on (id) id, matched_by, rank from m order by id, rank)
      select c.id, c.name, c.link_name as linkperson, c.phone, a.full_address as address, best.matched_by as "matchedBy"
      from best join customers c on c.enterprise_id = ${ep} and c.id = best.id
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where ${customerRowScope(v)}
      order by best.rank, c.created_at desc, c.id desc limit ${limit}`,
  );
}

/** The customer's head line and today's date in the viewer's zone (for the warranty states). */
export async function deskHead(
  ex: Executor,
  v: Actor,
  customerId: number,
): Promise<{ linkperson: string | null; phone: string | null; address: string | null; today: string } | undefined> {
  const [head] = await rows<{ linkperson: string | null; phone: string | null; address: string | null; today: string }>(
    ex,
    sql`select c.link_name as linkperson, c.phone, a.full_address as address, to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
      from customers c left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where c.enterprise_id = ${v.enterpriseId} and c.id = ${customerId}`,
  );
  return head;
}

export function deskContacts(ex: Executor, enterpriseId: number, customerId: number) {
  return rows<{ id: number; name: string; phone: string | null; is_primary: boolean }>(
    ex,
    sql`select id, name, phone, is_primary from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${customerId} order by is_primary desc, id limit 50`,
  );
}

export function deskProducts(ex: Executor, enterpriseId: number, customerId: number) {
  return rows<{ id: number; name: string; serial_number: string | null; warranty_end: string | null; extended_periods: unknown }>(
    ex,
    sql`select id, name, serial_number, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, extended_periods from installed_products
      where enterprise_id = ${enterpriseId} and customer_id = ${customerId} order by id desc limit 50`,
  );
}

/** The customer's open orders (neither finished nor cancelled), newest first. */
export function deskOpenOrders(ex: Executor, v: Actor, customerId: number) {
  return rows<{ id: number; order_no: string; title: string; state: number; create_time: string }>(
    ex,
    sql`select id, order_no, title, state, ${timeOf(sql`created_at`, v)} as create_time from orders
      where enterprise_id = ${v.enterpriseId} and customer_id = ${customerId} and deleted_at is null and state not in (5, 6)
      order by created_at desc, id desc limit 20`,
  );
}
