import { coverageOf, type DeskCustomer, type DeskMatch, periodsOf } from '@sk/shared';
import type { Executor } from '../../db/client';
import { visibleCustomer } from '../customers/index';
import { deskContacts, deskHead, deskMatches, deskOpenOrders, deskProducts } from './desk.repo';
import { customerEventRows, presentRows } from './events.repo';
import type { Actor } from '../../platform/actor';

const LIMIT = 20;

/** Customers the viewer may see whose name contains, or whose phone, a contact's phone or a product serial starts with, the keyword. */
export async function findAtDesk(ex: Executor, v: Actor, keyword: string): Promise<DeskMatch[]> {
  return deskMatches(ex, v, keyword, LIMIT);
}

/** One customer at a glance: contacts, products with warranty, open events and orders, the latest events. */
export async function customerAtDesk(ex: Executor, v: Actor, customerId: number): Promise<DeskCustomer> {
  const c = await visibleCustomer(ex, v, customerId);
  const ep = v.enterpriseId;
  const head = await deskHead(ex, v, customerId);
  const contacts = await deskContacts(ex, ep, customerId);
  const products = await deskProducts(ex, ep, customerId);
  const orders = await deskOpenOrders(ex, v, customerId);
  const today = head?.today ?? '';
  return {
    customer: { id: c.id, name: c.name, linkperson: head?.linkperson ?? null, phone: head?.phone ?? null, address: head?.address ?? null },
    contacts: contacts.map((k) => ({ id: k.id, name: k.name, phone: k.phone, isPrimary: k.is_primary })),
    // The one warranty answer (coverageOf, as the product page): an extension in force is 延保 with its end.
    products: products.map((p) => {
      const c = coverageOf(p.warranty_end, periodsOf(p.extended_periods), today);
      return { id: p.id, name: p.name, serialNumber: p.serial_number, warrantyEnd: c.end, warrantyState: c.state };
    }),
    openEvents: await presentRows(ex, v, await customerEventRows(ex, v, customerId, true, 20)),
    recentEvents: await presentRows(ex, v, await customerEventRows(ex, v, customerId, false, 5)),
    openOrders: orders.map((o) => ({ id: o.id, orderNo: o.order_no, title: o.title, state: o.state, create_time: o.create_time })),
  };
}
