// Where a repair-sent or exchange/return order comes from: a complaint, an order, a return-visit task, a repair-sent
// order or a customer by hand. Each source must be in the caller's scope; the new order copies its customer, product,
// serial and provider, so lists read one table.
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invalid, notFound } from '../../platform/errors';
import { orderInScope } from '../orders/index';
import { complaintRecord, customerOf, unitOf, unitOfCustomer } from './complaint.repo';
import { repairRecord, visitSource } from './repair.repo';

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

export interface SourceInput {
  complaintId?: number | null;
  orderId?: number | null;
  visitTaskId?: number | null;
  repairId?: number | null;
  customerId?: number | null;
  installedProductId?: number | null;
}

// The provider's scope is a repo condition (repair.repo.ts); passed on for the services that took it from here.
export { providerScope } from './repair.repo';

async function product(ex: Executor, ep: number, id: number | null) {
  if (!id) return { productModelId: null, serialNumber: null };
  const p = await unitOf(ex, ep, id);
  return { productModelId: p?.product_id ?? null, serialNumber: p?.serial_number ?? null };
}

async function customerName(ex: Executor, ep: number, id: number | null): Promise<string | null> {
  if (!id) return null;
  return (await customerOf(ex, ep, id))?.name ?? null;
}

const none = { complaintId: null, orderId: null, visitTaskId: null, repairId: null };

/** Resolves the source of `kind` (1 complaint, 2 order, 3 visit task or repair-sent order, 4 customer) in the actor's scope. */
export async function originOf(ex: Executor, a: Actor, kind: 'complaint' | 'order' | 'visit' | 'repair' | 'customer', s: SourceInput): Promise<Origin> {
  const ep = a.enterpriseId;
  let o: Omit<Origin, 'customerName' | 'productModelId' | 'serialNumber'> & { productModelId?: number | null; serialNumber?: string | null };
  if (kind === 'complaint') {
    const c = await complaintRecord(ex, a, s.complaintId ?? 0);
    if (!c) throw notFound();
    o = {
      ...none,
      complaintId: c.id,
      orderId: c.order_id,
      customerId: c.customer_id,
      installedProductId: c.installed_product_id,
      productModelId: c.product_model_id,
      serialNumber: c.serial_number,
      providerId: c.provider_id,
    };
  } else if (kind === 'order') {
    const r = await orderInScope(ex, a, s.orderId ?? 0);
    o = { ...none, orderId: r.id, customerId: r.customer_id, installedProductId: r.installed_product_id, providerId: r.provider_id };
  } else if (kind === 'visit') {
    const t = await visitSource(ex, ep, s.visitTaskId ?? 0);
    if (!t) throw notFound();
    o = {
      ...none,
      visitTaskId: t.id,
      orderId: t.order_id,
      customerId: t.customer_id,
      installedProductId: t.installed_product_id,
      providerId: t.provider_id,
    };
  } else if (kind === 'repair') {
    const r = await repairRecord(ex, a, s.repairId ?? 0);
    if (!r) throw notFound();
    o = {
      ...none,
      repairId: r.id,
      complaintId: r.complaint_id,
      orderId: r.order_id,
      customerId: r.customer_id,
      installedProductId: r.installed_product_id,
      productModelId: r.product_model_id,
      serialNumber: r.serial_number,
      providerId: r.provider_id,
    };
  } else {
    const c = await customerOf(ex, ep, s.customerId ?? 0);
    if (!c) throw notFound();
    if (s.installedProductId && !(await unitOfCustomer(ex, ep, s.installedProductId, c.id))) throw invalid('产品：请选择该客户的产品');
    o = { ...none, customerId: c.id, installedProductId: s.installedProductId ?? null, providerId: null };
  }
  if (a.providerId != null && o.providerId !== a.providerId) throw notFound();
  const p =
    o.productModelId !== undefined
      ? { productModelId: o.productModelId ?? null, serialNumber: o.serialNumber ?? null }
      : await product(ex, ep, o.installedProductId);
  return { ...o, ...p, customerName: await customerName(ex, ep, o.customerId) };
}
