import { type DeskCustomer, type DeskMatch, warrantyState } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { customerRowScope, visibleCustomer } from '../customers/common';
import { contains, prefixPattern } from '../../platform/search';
import { timeOf } from '../../platform/sql';
import { eventScope } from './event.state';
import { presentRows } from './events.repo';
import type { Actor } from '../../platform/actor';

const LIMIT = 20;

/** Customers the viewer may see whose name contains, or whose phone, a contact's phone or a product serial starts with, the keyword. */
export async function findAtDesk(ex: Executor, v: Actor, keyword: string): Promise<DeskMatch[]> {
  const ep = v.enterpriseId;
  const like = prefixPattern(keyword);
  const found = await rows<DeskMatch & { id: number }>(
    ex,
    sql`with m as (
        (select c.id, '客户名称' as matched_by, 1 as rank from customers c where c.enterprise_id = ${ep} and ${contains(sql`c.search_grams`, sql`c.name`, keyword)} limit ${LIMIT})
        union all (select c.id, '电话', 2 from customers c where c.enterprise_id = ${ep} and c.phone like ${like} limit ${LIMIT})
        union all (select k.customer_id, '联系人电话', 3 from customer_contacts k where k.enterprise_id = ${ep} and k.phone like ${like} limit ${LIMIT})
        union all (select p.customer_id, '产品序列号', 4 from installed_products p where p.enterprise_id = ${ep} and p.serial_number like ${like} and p.customer_id is not null limit ${LIMIT})
      ), best as (select distinct on (id) id, matched_by, rank from m order by id, rank)
      select c.id, c.name, c.link_name as linkperson, c.phone, a.full_address as address, best.matched_by as "matchedBy"
      from best join customers c on c.enterprise_id = ${ep} and c.id = best.id
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where ${customerRowScope(v)}
      order by best.rank, c.created_at desc, c.id desc limit ${LIMIT}`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

const eventRows = (v: Actor, customerId: number, where: ReturnType<typeof sql>, limit: number) =>
  sql`select e.id, e.event_no, e.title, e.state, e.priority, e.template_id, t.name as template_name, e.customer_id, e.custom_name,
      e.custom_linkperson, e.custom_phone, e.full_address, e.principal_id, pu.name as principal_name, cu.name as creator_name,
      ${timeOf(sql`e.created_at`, v)} as create_time
    from events e
    left join form_templates t on t.enterprise_id = e.enterprise_id and t.id = e.template_id
    left join users pu on pu.enterprise_id = e.enterprise_id and pu.id = e.principal_id
    left join users cu on cu.enterprise_id = e.enterprise_id and cu.id = e.created_by
    where e.enterprise_id = ${v.enterpriseId} and e.customer_id = ${customerId} and ${eventScope(v)} and ${where}
    order by e.created_at desc, e.id desc limit ${limit}`;

/** One customer at a glance: contacts, products with warranty, open events and orders, the latest events. */
export async function customerAtDesk(ex: Executor, v: Actor, customerId: number): Promise<DeskCustomer> {
  const c = await visibleCustomer(ex, v, customerId);
  const ep = v.enterpriseId;
  const [head] = await rows<{ linkperson: string | null; phone: string | null; address: string | null; today: string }>(
    ex,
    sql`select c.link_name as linkperson, c.phone, a.full_address as address, to_char(now() at time zone ${v.timeZone}, 'YYYY-MM-DD') as today
      from customers c left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where c.enterprise_id = ${ep} and c.id = ${customerId}`,
  );
  const contacts = await rows<{ id: number; name: string; phone: string | null; is_primary: boolean }>(
    ex,
    sql`select id, name, phone, is_primary from customer_contacts where enterprise_id = ${ep} and customer_id = ${customerId} order by is_primary desc, id limit 50`,
  );
  const products = await rows<{ id: number; name: string; serial_number: string | null; warranty_end: string | null }>(
    ex,
    sql`select id, name, serial_number, to_char(warranty_end, 'YYYY-MM-DD') as warranty_end from installed_products
      where enterprise_id = ${ep} and customer_id = ${customerId} order by id desc limit 50`,
  );
  const orders = await rows<{ id: number; order_no: string; title: string; state: number; create_time: string }>(
    ex,
    sql`select id, order_no, title, state, ${timeOf(sql`created_at`, v)} as create_time from orders
      where enterprise_id = ${ep} and customer_id = ${customerId} and deleted_at is null and state not in (5, 6)
      order by created_at desc, id desc limit 20`,
  );
  const today = head?.today ?? '';
  return {
    customer: { id: c.id, name: c.name, linkperson: head?.linkperson ?? null, phone: head?.phone ?? null, address: head?.address ?? null },
    contacts: contacts.map((k) => ({ id: Number(k.id), name: k.name, phone: k.phone, isPrimary: k.is_primary })),
    products: products.map((p) => ({
      id: Number(p.id),
      name: p.name,
      serialNumber: p.serial_number,
      warrantyEnd: p.warranty_end,
      warrantyState: warrantyState(p.warranty_end, today),
    })),
    openEvents: await presentRows(ex, v, (await rows(ex, eventRows(v, customerId, sql`e.state in (1, 2, 3, 4, 5)`, 20))) as never),
    recentEvents: await presentRows(ex, v, (await rows(ex, eventRows(v, customerId, sql`true`, 5))) as never),
    openOrders: orders.map((o) => ({ id: Number(o.id), orderNo: o.order_no, title: o.title, state: Number(o.state), create_time: o.create_time })),
  };
}
