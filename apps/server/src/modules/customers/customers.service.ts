import { type AddCustomerBody, CUSTOMER_TAG_CODE, type CustomerDetail, type editCustomerBody } from '@sk/shared';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { addLinks, removeAllLinksOf } from '../tags/index';
import { contactGrams, editableCustomer, ownOnly, visibleCustomer, visibleCustomerIds } from './common';
import { gramsOf } from '../../platform/search';
import { contactsOf } from './contacts.service';
import { addressesOf } from './addresses.service';
import * as repo from './customers.repo';
import { customersByIds } from './customers.repo';
import { cleanExt, FORM_KIND, presentExtOf } from './integrations';
import { addressValues } from './parts.common';
import { claimCustomerPhone } from './phone';
import { checkCustomerRefs } from './refs';
import { refuseDuplicateCustomer } from './duplicates';
import { geocodeSaved } from '../geo/index';
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
  const id = await repo
    .insertCustomerRow(tx, {
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
    .catch((err) => codeTaken(err, b.code));
  if (!id) throw new Error('customer insert failed');
  await repo.insertPrimaryContact(tx, {
    enterpriseId: v.enterpriseId,
    customerId: id,
    ...b.linkPerson,
    searchGrams: contactGrams(b.linkPerson.name, b.linkPerson.phone),
  });
  if (address) {
    const a = await repo.insertDefaultAddress(tx, { enterpriseId: v.enterpriseId, customerId: id, ...address });
    if (a) await geocodeSaved(tx, 'customer_addresses', v.enterpriseId, [a]);
  }
  if (tagsAllowed && b.tagIds?.length) await addLinks(tx, v.enterpriseId, CUSTOMER_TAG_CODE, b.tagIds, [id]);
  return id;
}

export function addCustomer(db: Db, v: Actor, b: AddCustomerBody, tagsAllowed: boolean): Promise<number> {
  return db.transaction((tx) => insertCustomer(tx, v, b, tagsAllowed));
}

export async function editCustomer(db: Db, v: Actor, b: z.infer<typeof editCustomerBody>, tagsAllowed: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    await editableCustomer(tx, v, b.id);
    await checkCustomerRefs(tx, v.enterpriseId, b);
    const cur = await repo.lockForEdit(tx, v.enterpriseId, b.id);
    if (!cur) throw new AppError('NOT_FOUND');
    await refuseDuplicateCustomer(tx, v.enterpriseId, b.name, cur.phone, b.id);
    // A record keeps the template version it was created with.
    const { ext } = await cleanExt(tx, v.enterpriseId, FORM_KIND.customer, cur.version, b.ext, {
      sysrole: v.sysrole,
      previous: cur.ext as Record<string, unknown>,
    });
    await repo
      .updateCustomer(tx, v.enterpriseId, b.id, {
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
      })
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
    await repo.lockCustomers(tx, v.enterpriseId, unique);
    const allowed = await visibleCustomerIds(tx, v, unique, true);
    if (allowed.length !== unique.length) {
      const visible = await visibleCustomerIds(tx, v, unique);
      throw new AppError(visible.length === unique.length ? 'NO_POWER' : 'NOT_FOUND');
    }
    const ep = v.enterpriseId;
    const busy = await repo.firstWithContracts(tx, ep, unique);
    if (busy) throw new AppError('CUSTOMER_HAS_CONTRACTS', { name: busy });
    const withOrders = await repo.firstWithOrders(tx, ep, unique);
    if (withOrders) throw new AppError('CUSTOMER_HAS_ORDERS', { name: withOrders });
    // Like orders, events keep their customer: one with events stays.
    const withEvents = await repo.firstWithEvents(tx, ep, unique);
    if (withEvents) throw new AppError('CUSTOMER_HAS_EVENTS', { name: withEvents });
    await repo.detachCustomers(tx, ep, unique);
    await removeAllLinksOf(tx, ep, CUSTOMER_TAG_CODE, unique);
    await repo.deleteCustomerRows(tx, ep, unique);
  });
}

export async function customerDetail(ex: Executor, v: Actor, id: number, paid: boolean): Promise<CustomerDetail> {
  const access = await visibleCustomer(ex, v, id);
  const [row] = await customersByIds(ex, v, [id]);
  const extra = await repo.customerExtra(ex, v.enterpriseId, id);
  if (!row || !extra) throw new AppError('NOT_FOUND');
  const version = extra.template_version_id;
  const n = await repo.customerCounts(ex, v.enterpriseId, id);
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
