import { hasPower, ORDER_ACTION_POWERS, ORDER_KIND, type OrderCustomerContext } from '@sk/shared';
import type { Executor } from '../../db/client';
import { customerById, openOfCustomer, openOrderCount, openOrderRows } from './duplicate.repo';
import { addressesOf } from '../customers/index';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { orderAbilities } from './order.state';
import { orderInScope } from './scope';
import { visibleCustomer } from '../customers/index';
import { contactsOf } from '../customers/index';
import { listInstalled } from '../customers/index';
import { resolveTemplate } from '../forms/index';

/** How many of the open orders the warning lists (the count is exact). */
const SHOWN = 5;

/**
 * Open orders of one customer and order type, for the create page's warning: not completed (5) or cancelled (6),
 * not marked invalid, not in the recycle bin. The type defaults to the default order type, as createOrder's does.
 */
export async function duplicateOrders(ex: Executor, v: Actor, customerId: number, templateId?: number | null) {
  const customer = await visibleCustomer(ex, v, customerId);
  const tpl = await resolveTemplate(ex, v.enterpriseId, ORDER_KIND, templateId ?? undefined);
  const where = openOfCustomer(v.enterpriseId, customer.id, tpl.id);
  return { count: await openOrderCount(ex, where), list: await openOrderRows(ex, v, where, SHOWN) };
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
  const customer = await customerById(ex, v.enterpriseId, row.customer_id ?? null);
  if (!customer) throw new AppError('NOT_FOUND');
  return contextOf(ex, v, { id: customer.id, name: customer.name });
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
      warrantyEnd: p.coverageEnd,
      warrantyState: p.warrantyState,
    })),
  };
}
