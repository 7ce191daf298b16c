// Where a repair-sent or exchange/return order comes from: a complaint, an order, a return-visit task, a repair-sent
// order or a customer by hand. Each source must be in the caller's scope; the new order copies its customer, product,
// serial and provider, so lists read one table.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { orderInScope } from '../orders/scope';
import { complaintScope } from './complaint.repo';

export interface Origin {
  complaintId: number | null;
  orderId: number | null;
  visitTaskId: number | null;
  repairId: number | null;
  customerId: number | null;
  customerName: string | null;
  installedProductId: number | null;
  productModelId: number | null;
  serialNumber: string | null;
  providerId: number | null;
}

type Rec = Record<string, unknown>;
const n = (v: unknown): number | null => (v == null ? null : Number(v));

export interface SourceInput {
  complaintId?: number | null;
  orderId?: number | null;
  visitTaskId?: number | null;
  repairId?: number | null;
  customerId?: number | null;
  installedProductId?: number | null;
}

/** An outsourced provider's user sees only records of his provider's work (as complaints). */
export const providerScope = (a: Pick<Actor, 'providerId'>, alias: string) =>
  a.providerId == null ? sql`true` : sql`${sql.raw(alias)}.provider_id = ${a.providerId}`;

async function product(ex: Executor, ep: number, id: number | null) {
  if (!id) return { productModelId: null, serialNumber: null };
  const [p] = await rows<{ product_id: number | null; serial_number: string | null }>(
    ex,
    sql`select product_id, serial_number from installed_products where enterprise_id = ${ep} and id = ${id}`,
  );
  return { productModelId: n(p?.product_id), serialNumber: p?.serial_number ?? null };
}

async function customerName(ex: Executor, ep: number, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [c] = await rows<{ name: string }>(ex, sql`select name from customers where enterprise_id = ${ep} and id = ${id}`);
  return c?.name ?? null;
}

const none = { complaintId: null, orderId: null, visitTaskId: null, repairId: null };

/** Resolves the source of `kind` (1 complaint, 2 order, 3 visit task or repair-sent order, 4 customer) in the actor's scope. */
export async function originOf(ex: Executor, a: Actor, kind: 'complaint' | 'order' | 'visit' | 'repair' | 'customer', s: SourceInput): Promise<Origin> {
  const ep = a.enterpriseId;
  let o: Omit<Origin, 'customerName' | 'productModelId' | 'serialNumber'> & { productModelId?: number | null; serialNumber?: string | null };
  if (kind === 'complaint') {
    const [c] = await rows<Rec>(ex, sql`select * from complaints c where c.enterprise_id = ${ep} and c.id = ${s.complaintId ?? 0} and ${complaintScope(a)}`);
    if (!c) throw notFound();
    o = {
      ...none,
      complaintId: Number(c.id),
      orderId: n(c.order_id),
      customerId: n(c.customer_id),
      installedProductId: n(c.installed_product_id),
      productModelId: n(c.product_model_id),
      serialNumber: (c.serial_number as string | null) ?? null,
      providerId: n(c.provider_id),
    };
  } else if (kind === 'order') {
    const r = await orderInScope(ex, a, s.orderId ?? 0);
    o = { ...none, orderId: Number(r.id), customerId: n(r.customer_id), installedProductId: n(r.installed_product_id), providerId: n(r.provider_id) };
  } else if (kind === 'visit') {
    const [t] = await rows<Rec>(
      ex,
      sql`select t.id, t.order_id, t.customer_id, o.installed_product_id, o.provider_id from return_visit_tasks t
        left join orders o on o.enterprise_id = t.enterprise_id and o.id = t.order_id
        where t.enterprise_id = ${ep} and t.id = ${s.visitTaskId ?? 0}`,
    );
    if (!t) throw notFound();
    o = {
      ...none,
      visitTaskId: Number(t.id),
      orderId: n(t.order_id),
      customerId: n(t.customer_id),
      installedProductId: n(t.installed_product_id),
      providerId: n(t.provider_id),
    };
  } else if (kind === 'repair') {
    const [r] = await rows<Rec>(
      ex,
      sql`select * from repair_orders r where r.enterprise_id = ${ep} and r.id = ${s.repairId ?? 0} and ${providerScope(a, 'r')}`,
    );
    if (!r) throw notFound();
    o = {
      ...none,
      repairId: Number(r.id),
      complaintId: n(r.complaint_id),
      orderId: n(r.order_id),
      customerId: n(r.customer_id),
      installedProductId: n(r.installed_product_id),
      productModelId: n(r.product_model_id),
      serialNumber: String(r.serial_number),
      providerId: n(r.provider_id),
    };
  } else {
    const [c] = await rows<{ id: number }>(ex, sql`select id from customers where enterprise_id = ${ep} and id = ${s.customerId ?? 0}`);
    if (!c) throw notFound();
    if (s.installedProductId) {
      const [p] = await rows(
        ex,
        sql`select 1 from installed_products where enterprise_id = ${ep} and id = ${s.installedProductId} and customer_id = ${Number(c.id)}`,
      );
      if (!p) throw invalid('产品：请选择该客户的产品');
    }
    o = { ...none, customerId: Number(c.id), installedProductId: s.installedProductId ?? null, providerId: null };
  }
  if (a.providerId != null && o.providerId !== a.providerId) throw notFound();
  const p =
    o.productModelId !== undefined
      ? { productModelId: o.productModelId ?? null, serialNumber: o.serialNumber ?? null }
      : await product(ex, ep, o.installedProductId);
  return { ...o, ...p, customerName: await customerName(ex, ep, o.customerId) };
}
