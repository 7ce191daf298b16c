import { type AddCustomerBody, CUSTOMER_TAG_CODE, type CustomerDetail, type editCustomerBody } from '@sk/shared';
import { and as both, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { customerAddresses, customerContacts, customers } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { addLinks, removeAllLinksOf } from '../tags/tag-links';
import { contactGrams, editableCustomer, ownOnly, visibleCustomer, visibleCustomerIds } from './common';
import { gramsOf } from '../../platform/search';
import { bigints } from '../../platform/sql';
import { contactsOf } from './contacts.service';
import { addressesOf } from './addresses.service';
import { customersByIds } from './customers.repo';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { addressValues } from './parts.common';
import { claimCustomerPhone } from './phone';
import { checkCustomerRefs } from './refs';
import { refuseDuplicateCustomer } from './duplicates';
import { geocodeSaved } from '../geo/geo.service';
import type { Actor } from '../../platform/actor';

function codeTaken(err: unknown, code: string | null | undefined): never {
  if (isUniqueViolation(err) && code) throw new AppError('CUSTOMER_CODE_TAKEN');
  throw err;
}

/** Writes one customer with its first (primary) contact and optional default address. Used by add and import. */
export async function insertCustomer(tx: Tx, v: Actor, b: AddCustomerBody, tagsAllowed: boolean, importing = false): Promise<number> {
  const businessUserId = b.businessUserId ?? (ownOnly(v) ? v.id : null);
  await checkCustomerRefs(tx, v.enterpriseId, { businessUserId, serviceGroupId: b.serviceGroupId, tagIds: b.tagIds });
  const { templateVersionId, ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.customer, null, b.ext, { sysrole: v.sysrole, skip: importing });
  const address = b.address ? addressValues(b.address) : null;
  await refuseDuplicateCustomer(tx, v.enterpriseId, b.name, b.linkPerson.phone);
  await claimCustomerPhone(tx, v.enterpriseId, b.linkPerson.phone, null);
  const [row] = await tx
    .insert(customers)
    .values({
      enterpriseId: v.enterpriseId,
      name: b.name,
      code: b.code,
      linkName: b.linkPerson.name,
      phone: b.linkPerson.phone,
      businessUserId,
      serviceGroupId: b.serviceGroupId ?? null,
      source: b.source ?? null,
      level: b.level ?? null,
      remark: b.remark,
      externalUserid: b.external_userid,
      templateVersionId,
      ext,
      searchGrams: gramsOf(b.name, b.linkPerson.name),
      createdBy: v.id,
    })
    .returning({ id: customers.id })
    .catch((err) => codeTaken(err, b.code));
  if (!row) throw new Error('customer insert failed');
  await tx.insert(customerContacts).values({
    enterpriseId: v.enterpriseId,
    customerId: row.id,
    ...b.linkPerson,
    isPrimary: true,
    searchGrams: contactGrams(b.linkPerson.name, b.linkPerson.phone),
  });
  if (address) {
    const [a] = await tx
      .insert(customerAddresses)
      .values({ enterpriseId: v.enterpriseId, customerId: row.id, ...address, isDefault: true })
      .returning({ id: customerAddresses.id });
    if (a) await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [Number(a.id)]);
  }
  if (tagsAllowed && b.tagIds?.length) await addLinks(tx, v.enterpriseId, CUSTOMER_TAG_CODE, b.tagIds, [row.id]);
  return row.id;
}

export function addCustomer(db: Db, v: Actor, b: AddCustomerBody, tagsAllowed: boolean): Promise<number> {
  return db.transaction((tx) => insertCustomer(tx, v, b, tagsAllowed));
}

export async function editCustomer(db: Db, v: Actor, b: z.infer<typeof editCustomerBody>, tagsAllowed: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.id);
    await checkCustomerRefs(tx, v.enterpriseId, b);
    const [cur] = await tx
      .select({ version: customers.templateVersionId, linkName: customers.linkName, phone: customers.phone, ext: customers.ext })
      .from(customers)
      .where(both(eq(customers.enterpriseId, v.enterpriseId), eq(customers.id, b.id)))
      .for('update');
    if (!cur) throw new AppError('NOT_FOUND');
    await refuseDuplicateCustomer(tx, v.enterpriseId, b.name, cur.phone, b.id);
    // A record keeps the template version it was created with.
    const { ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.customer, cur.version, b.ext, {
      sysrole: v.sysrole,
      previous: cur.ext as Record<string, unknown>,
    });
    await tx
      .update(customers)
      .set({
        name: b.name,
        code: b.code,
        businessUserId: b.businessUserId ?? null,
        serviceGroupId: b.serviceGroupId ?? null,
        source: b.source ?? null,
        level: b.level ?? null,
        remark: b.remark,
        externalUserid: b.external_userid,
        ext,
        searchGrams: gramsOf(b.name, cur.linkName),
        updatedAt: sql`now()`,
      })
      .where(both(eq(customers.enterpriseId, v.enterpriseId), eq(customers.id, b.id)))
      .catch((err) => codeTaken(err, b.code));
    if (tagsAllowed && b.tagIds) {
      await removeAllLinksOf(tx, v.enterpriseId, CUSTOMER_TAG_CODE, [b.id]);
      if (b.tagIds.length) await addLinks(tx, v.enterpriseId, CUSTOMER_TAG_CODE, b.tagIds, [b.id]);
    }
  });
}

/**
 * Deletes customers with their contacts, addresses, grants, portal accounts and tag links in one
 * transaction. Installed products stay in the archive without a customer. Customers with contracts are refused.
 */
export async function deleteCustomers(db: Db, v: Actor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    // Take the customers first: additions in flight finish before we look, later ones find them gone.
    await tx.execute(sql`select id from customers where enterprise_id = ${v.enterpriseId} and id = any(${bigints(unique)}) order by id for update`);
    const allowed = await visibleCustomerIds(tx, v, unique, true);
    if (allowed.length !== unique.length) {
      const visible = await visibleCustomerIds(tx, v, unique);
      throw new AppError(visible.length === unique.length ? 'NO_POWER' : 'NOT_FOUND');
    }
    const set = bigints(unique);
    const ep = v.enterpriseId;
    const [busy] = await rows<{ name: string }>(
      tx,
      sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${set}) and (
        exists (select 1 from sale_contracts s where s.enterprise_id = ${ep} and s.customer_id = c.id) or
        exists (select 1 from maintain_contracts m where m.enterprise_id = ${ep} and m.customer_id = c.id)) limit 1`,
    );
    if (busy) throw new AppError('CUSTOMER_HAS_CONTRACTS', { name: busy.name });
    const [withOrders] = await rows<{ name: string }>(
      tx,
      sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${set})
        and exists (select 1 from orders o where o.enterprise_id = ${ep} and o.customer_id = c.id) limit 1`,
    );
    if (withOrders) throw new AppError('CUSTOMER_HAS_ORDERS', { name: withOrders.name });
    // Like orders, events keep their customer: one with events stays.
    const [withEvents] = await rows<{ name: string }>(
      tx,
      sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${set})
        and exists (select 1 from events e where e.enterprise_id = ${ep} and e.customer_id = c.id) limit 1`,
    );
    if (withEvents) throw new AppError('CUSTOMER_HAS_EVENTS', { name: withEvents.name });
    await tx.execute(sql`update installed_products set customer_id = null, address_id = null, updated_at = now()
      where enterprise_id = ${ep} and customer_id = any(${set})`);
    await tx.execute(sql`delete from home_accounts where enterprise_id = ${ep} and customer_id = any(${set})`);
    await tx.execute(sql`delete from customer_permissions where enterprise_id = ${ep} and customer_id = any(${set})`);
    await tx.execute(sql`delete from customer_contacts where enterprise_id = ${ep} and customer_id = any(${set})`);
    await tx.execute(sql`delete from customer_addresses where enterprise_id = ${ep} and customer_id = any(${set})`);
    await removeAllLinksOf(tx, ep, CUSTOMER_TAG_CODE, unique);
    await tx.execute(sql`delete from customers where enterprise_id = ${ep} and id = any(${set})`);
  });
}

async function counts(ex: Executor, ep: number, id: number): Promise<{ products: number; sale: number; maintain: number }> {
  const [r] = await rows<{ products: number; sale: number; maintain: number }>(
    ex,
    sql`select (select count(*) from installed_products where enterprise_id = ${ep} and customer_id = ${id})::int as products,
      (select count(*) from sale_contracts where enterprise_id = ${ep} and customer_id = ${id})::int as sale,
      (select count(*) from maintain_contracts where enterprise_id = ${ep} and customer_id = ${id})::int as maintain`,
  );
  return { products: Number(r?.products ?? 0), sale: Number(r?.sale ?? 0), maintain: Number(r?.maintain ?? 0) };
}

export async function customerDetail(ex: Executor, v: Actor, id: number, paid: boolean): Promise<CustomerDetail> {
  const access = await visibleCustomer(ex, v, id);
  const [row] = await customersByIds(ex, v, [id]);
  const [extra] = await rows<{ remark: string | null; template_version_id: number | null; ext: Record<string, unknown> }>(
    ex,
    sql`select remark, template_version_id, ext from customers where enterprise_id = ${v.enterpriseId} and id = ${id}`,
  );
  if (!row || !extra) throw new AppError('NOT_FOUND');
  const version = extra.template_version_id == null ? null : Number(extra.template_version_id);
  const n = await counts(ex, v.enterpriseId, id);
  return {
    ...row,
    remark: extra.remark,
    templateVersionId: version,
    ext: extra.ext ?? {},
    extFields: (await presentExtOf(ex, v.enterpriseId, FORM_KIND.customer, version, extra.ext ?? {}, v.sysrole)) as CustomerDetail['extFields'],
    contacts: await contactsOf(ex, v, id),
    addresses: await addressesOf(ex, v, id),
    productCount: n.products,
    saleContractCount: n.sale,
    maintainContractCount: n.maintain,
    abilities: { edit: access.canEdit, delete: access.canEdit, permission: access.canEdit && paid },
  };
}
