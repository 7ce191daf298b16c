import { hasPower, ORDER_ACTION_POWERS, ORDER_KIND, type OrderCustomerContext } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { addressesOf } from '../customers/addresses.service';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { orderAbilities } from './order.state';
import { orderInScope } from './scope';
import { visibleCustomer } from '../customers/common';
import { timeOf } from '../../platform/sql';
import { contactsOf } from '../customers/contacts.service';
import { listInstalled } from '../customers/installed.service';
import { resolveTemplate } from '../forms/templates.service';

/** How many of the open orders the warning lists (the count is exact). */
const SHOWN = 5;

/**
 * Open orders of one customer and order type, for the create page's warning: not completed (5) or cancelled (6),
 * not marked invalid, not in the recycle bin. The type defaults to the default order type, as createOrder's does.
 */
export async function duplicateOrders(ex: Executor, v: Actor, customerId: number, templateId?: number | null) {
  const customer = await visibleCustomer(ex, v, customerId);
  const tpl = await resolveTemplate(ex, v.enterpriseId, ORDER_KIND, templateId ?? undefined);
  const where = sql`o.enterprise_id = ${v.enterpriseId} and o.customer_id = ${customer.id} and o.template_id = ${tpl.id}
    and o.state not in (5, 6) and not o.invalid and o.deleted_at is null`;
  const [n] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from orders o where ${where}`);
  const list = await rows<{ id: number; order_no: string; title: string; state: number; create_time: string }>(
    ex,
    sql`select o.id, o.order_no, o.title, o.state, ${timeOf(sql`o.created_at`, v)} as create_time
      from orders o where ${where} order by o.created_at desc, o.id desc limit ${SHOWN}`,
  );
  return {
    count: Number(n?.n ?? 0),
    list: list.map((r) => ({ id: Number(r.id), orderNo: r.order_no, title: r.title, state: Number(r.state), create_time: r.create_time })),
  };
}

/** The chosen customer's contacts, addresses and installed products (with warranty today), for the create page. */
export async function customerContext(ex: Executor, v: Actor, customerId: number): Promise<OrderCustomerContext> {
  return contextOf(ex, v, await visibleCustomer(ex, v, customerId));
}

/**
 * The same for the order's own customer, for 编辑工单 (staff holding 全部工单) and the engineer's 补充信息 (我的工单):
 * the order must be in the viewer's scope (else NOT_FOUND) and the machine must offer him that edit now (else NO_POWER).
 * The customer is the order's, so the customer list's scope does not apply: who may edit the order may pick among
 * its customer's contacts and addresses.
 */
export async function orderCustomerContext(ex: Executor, v: Actor, orderId: number): Promise<OrderCustomerContext> {
  const row = await orderInScope(ex, v, orderId);
  const can = await orderAbilities(ex, v, row);
  const may =
    (can.includes('edit') && hasPower(v.powers, ORDER_ACTION_POWERS.desk)) || (can.includes('employeeEdit') && hasPower(v.powers, ORDER_ACTION_POWERS.mine));
  if (!may) throw new AppError('NO_POWER');
  const [customer] = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from customers where enterprise_id = ${v.enterpriseId} and id = ${row.customer_id ?? null}`,
  );
  if (!customer) throw new AppError('NOT_FOUND');
  return contextOf(ex, v, { id: Number(customer.id), name: customer.name });
}

async function contextOf(ex: Executor, v: Actor, customer: { id: number; name: string }): Promise<OrderCustomerContext> {
  const [contacts, addresses, products] = await Promise.all([
    contactsOf(ex, v, customer.id),
    addressesOf(ex, v, customer.id),
    listInstalled(ex, v, { customerId: customer.id }, { pageIndex: 0, pageSize: 500 }),
  ]);
  return {
    customer: { id: customer.id, name: customer.name },
    contacts: contacts.map((c) => ({ id: c.id, name: c.name, phone: c.phone, isPrimary: c.isPrimary })),
    addresses: addresses.map((a) => ({
      id: a.id,
      provinceCode: a.provinceCode,
      cityCode: a.cityCode,
      districtCode: a.districtCode,
      fullAddress: a.fullAddress,
      detail: a.detail,
      latitude: a.latitude,
      longitude: a.longitude,
      isDefault: a.isDefault,
    })),
    products: products.list.map((p) => ({
      id: p.id,
      name: p.name,
      serialNumber: p.serialNumber,
      addressId: p.addressId,
      warrantyEnd: p.warrantyEnd,
      warrantyState: p.warrantyState,
    })),
  };
}
