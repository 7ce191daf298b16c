import { CUSTOMER_TAG_CODE, type CustomerDuplicate, type CustomerFilters, type CustomerRow } from '@sk/shared';
import { and as both, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { preparedRows, rows } from '../../db/client';
import { customerAddresses, customerContacts, customers } from '../../db/schema/index';
import { countOf, countSql, type PageRequest, sortOf } from '../../platform/list';
import { listPageIds, listPageRows, pageIdsSql, rowsWithIds } from '../../platform/list.snapshot';
import { hasAnyTag, tagsOf } from '../tags/index';
import { customerRowScope } from './common';
import { affected } from '../../db/client';
import { contains, prefixPattern, texts } from '../../platform/search';
import { and, bigints, createdBetween, nameOf, timeOf } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

/** Every list filter of the spec as conditions on `customers c`, scoped to the viewer. */
export function customerConds(v: Actor, f: Partial<CustomerFilters>): SQL[] {
  const ep = v.enterpriseId;
  const c: SQL[] = [sql`c.enterprise_id = ${ep}`, customerRowScope(v)];
  if (f.name) c.push(contains(sql`c.search_grams`, sql`c.name`, f.name));
  if (f.phone) c.push(sql`c.phone like ${prefixPattern(f.phone)}`);
  if (f.linkperson) {
    c.push(
      sql`c.id in (select k.customer_id from customer_contacts k where k.enterprise_id = ${ep} and ${contains(sql`k.search_grams`, sql`k.name`, f.linkperson)})`,
    );
  }
  if (f.linkPersonPhone) {
    c.push(sql`c.id in (select k.customer_id from customer_contacts k where k.enterprise_id = ${ep} and k.phone like ${prefixPattern(f.linkPersonPhone)})`);
  }
  if (f.mapName) {
    const text = sql`concat_ws(' ', a.full_address, a.map_name)`;
    c.push(sql`c.id in (select a.customer_id from customer_addresses a where a.enterprise_id = ${ep} and ${contains(sql`a.search_grams`, text, f.mapName)})`);
  }
  if (f.tagId) c.push(hasAnyTag(ep, CUSTOMER_TAG_CODE, [f.tagId], sql`c.id`));
  if (f.businessUserId) c.push(sql`c.business_user_id = ${f.businessUserId}`);
  if (f.serviceGroupId) c.push(sql`c.service_group_id = ${f.serviceGroupId}`);
  if (f.external_userid) c.push(sql`c.external_userid = ${f.external_userid}`);
  c.push(...createdBetween(sql`c.created_at`, v, f.startCreateTime, f.endCreateTime));
  return c;
}

interface RawRow {
  id: number;
  name: string;
  code: string | null;
  phone: string | null;
  linkperson: string | null;
  address: string | null;
  map_name: string | null;
  business_user_id: number | null;
  business_user_name: string | null;
  service_group_id: number | null;
  service_group_name: string | null;
  source: number | null;
  level: number | null;
  external_userid: string | null;
  create_user_name: string | null;
  create_time: string;
}

/**
 * The list columns for the rows the inner query picks, for the page only: the names by sub-select (nameOf; planning
 * four joins cost 2.4 ms for a page that runs in 0.4 ms), the default address by a lateral probe (two of its columns;
 * a plain join could be planned as a hash of every default address in a generic plan).
 */
export function rowSelect(v: Actor, inner: SQL, order: SQL): SQL {
  return sql`select c.id, c.name, c.code, c.phone, c.link_name as linkperson, a.full_address as address, a.map_name,
      c.business_user_id, ${nameOf('users', 'bu', 'c', 'business_user_id')} as business_user_name, c.service_group_id,
      ${nameOf('service_groups', 'g', 'c', 'service_group_id')} as service_group_name, c.source, c.level, c.external_userid,
      ${nameOf('users', 'cu', 'c', 'created_by')} as create_user_name, ${timeOf(sql`c.created_at`, v)} as create_time
    from (${inner}) c
    left join lateral (select a.full_address, a.map_name from customer_addresses a
      where a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default limit 1) a on true
    order by ${order}`;
}

/** A list row as the contract shows it, with its tags. */
export const toCustomerRow = (r: RawRow, tags: CustomerRow['tags']): CustomerRow => ({
  id: r.id,
  name: r.name,
  code: r.code,
  phone: r.phone,
  linkperson: r.linkperson,
  address: r.address,
  mapName: r.map_name,
  tags,
  businessUserId: r.business_user_id,
  businessUserName: r.business_user_name,
  serviceGroupId: r.service_group_id,
  serviceGroupName: r.service_group_name,
  source: r.source,
  level: r.level,
  external_userid: r.external_userid,
  createUserName: r.create_user_name,
  create_time: r.create_time,
});

/** The rows with their tags (one read for the page). */
export async function presentRows(ex: Executor, v: Actor, raw: RawRow[]): Promise<CustomerRow[]> {
  const tags = await tagsOf(
    ex,
    v.enterpriseId,
    CUSTOMER_TAG_CODE,
    raw.map((r) => r.id),
  );
  return raw.map((r) => toCustomerRow(r, tags.get(r.id) ?? []));
}

const ORDER = { 1: sql`c.created_at desc, c.id desc`, 2: sql`c.created_at asc, c.id asc` } as const;

/** Filters no index holds in creation order: the list walks past the rows they leave out (listPageIds keeps them). */
const walked = (f: Partial<CustomerFilters>): boolean =>
  Boolean(f.name || f.phone || f.linkperson || f.linkPersonPhone || f.mapName || f.tagId || f.external_userid);

/**
 * One page of the customer list, newest first (sortType 1) or oldest first (2); ids first, from customers_created_idx
 * (pageRows), or through the search's snapshot when a filter is walked (searchPageIds); the rows by id, one named
 * statement (listPageIds).
 */
export async function listCustomers(ex: Executor, v: Actor, f: Partial<CustomerFilters>, page: PageRequest & { sortType?: 1 | 2 }): Promise<CustomerRow[]> {
  const order = sortOf(ORDER, page.sortType, 1);
  const where = and(customerConds(v, f));
  const ids = await listPageIds(ex, walked(f), 'customers', 'c', v.enterpriseId, where, order, page);
  if (!ids.length) return [];
  return presentRows(ex, v, await preparedRows<RawRow>(ex, rowSelect(v, rowsWithIds('customers', 'c', v.enterpriseId, ids), order)));
}

/**
 * The list's statements when no filter is walked (the SQL snapshot): its page's ids, its rows (for three example ids)
 * and its count.
 */
export function customerPageSql(v: Actor, f: Partial<CustomerFilters>, page: PageRequest & { sortType?: 1 | 2 }): { ids: SQL; rows: SQL; count: SQL } {
  const order = sortOf(ORDER, page.sortType, 1);
  const where = and(customerConds(v, f));
  return {
    ids: pageIdsSql('customers', 'c', where, order, page),
    rows: rowSelect(v, rowsWithIds('customers', 'c', v.enterpriseId, [101, 102, 103]), order),
    count: countSql(sql`customers c`, where),
  };
}

/** The count beside the customer list (customerListCount), capped at the list window. */
export const countCustomers = (ex: Executor, v: Actor, f: Partial<CustomerFilters>): Promise<number> => countOf(ex, sql`customers c`, and(customerConds(v, f)));

/** Rows by id in the viewer's scope (detail, export of selected rows). */
export async function customersByIds(ex: Executor, v: Actor, ids: number[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const order = ORDER[1];
  const inner = sql`select * from customers c where ${and(customerConds(v, {}))} and c.id in (${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`;
  return presentRows(ex, v, await rows<RawRow>(ex, rowSelect(v, inner, order)));
}

export interface PickRow {
  id: number;
  name: string;
  linkperson: string | null;
  phone: string | null;
  address: string | null;
}

function pickConds(v: Actor, keyword?: string, ids?: number[]): SQL[] {
  const c = customerConds(v, {});
  if (keyword) {
    const text = sql`concat_ws(' ', c.name, c.link_name)`;
    c.push(sql`(${contains(sql`c.search_grams`, text, keyword)} or c.phone like ${prefixPattern(keyword)})`);
  }
  if (ids?.length)
    c.push(
      sql`c.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  return c;
}

/** Picker rows: keyword over name, contact and phone. */
export async function pickCustomers(ex: Executor, v: Actor, q: { keyword?: string; ids?: number[] }, page: PageRequest): Promise<PickRow[]> {
  const list = await rows<PickRow>(
    ex,
    sql`select c.id, c.name, c.link_name as linkperson, c.phone, a.full_address as address
      from (${await listPageRows(ex, Boolean(q.keyword), 'customers', 'c', v.enterpriseId, and(pickConds(v, q.keyword, q.ids)), ORDER[1], page)}) c
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      order by c.created_at desc, c.id desc`,
  );
  return list;
}

export const countPick = (ex: Executor, v: Actor, keyword?: string): Promise<number> => countOf(ex, sql`customers c`, and(pickConds(v, keyword)));

/** Keyset page for exports: ids below `before`, newest id first. */
export async function customersBefore(
  ex: Executor,
  v: Actor,
  f: Partial<CustomerFilters> & { ids?: number[] },
  before: number | null,
  limit: number,
): Promise<CustomerRow[]> {
  const conds = customerConds(v, f);
  if (f.ids?.length)
    conds.push(
      sql`c.id in (${sql.join(
        f.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  if (before != null) conds.push(sql`c.id < ${before}`);
  const inner = sql`select * from customers c where ${and(conds)} order by c.id desc limit ${limit}`;
  return presentRows(ex, v, await rows<RawRow>(ex, rowSelect(v, inner, sql`c.id desc`)));
}

/** Exact, unlike the list's capped count: the download centre shows the export's progress against it. */
export async function countForExport(ex: Executor, v: Actor, f: Partial<CustomerFilters> & { ids?: number[] }): Promise<number> {
  const conds = customerConds(v, f);
  if (f.ids?.length)
    conds.push(
      sql`c.id in (${sql.join(
        f.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from customers c where ${and(conds)}`);
  return r?.n ?? 0;
}

// ---- a customer's own add and edit ----

type CustomerInsert = typeof customers.$inferInsert;

/** The customer row; its id. */
export async function insertCustomerRow(tx: Tx, values: CustomerInsert): Promise<number | undefined> {
  const [row] = await tx.insert(customers).values(values).returning({ id: customers.id });
  return row?.id;
}

/** The customer's first contact, its primary. */
export async function insertPrimaryContact(tx: Tx, values: Omit<typeof customerContacts.$inferInsert, 'isPrimary'>): Promise<void> {
  await tx.insert(customerContacts).values({ ...values, isPrimary: true });
}

/** The customer's default address; its id. */
export async function insertDefaultAddress(tx: Tx, values: Omit<typeof customerAddresses.$inferInsert, 'isDefault'>): Promise<number | undefined> {
  const [a] = await tx
    .insert(customerAddresses)
    .values({ ...values, isDefault: true })
    .returning({ id: customerAddresses.id });
  return a?.id;
}

/** The customer's row, locked, as an edit reads it. */
export async function lockForEdit(tx: Tx, enterpriseId: number, id: number) {
  const [cur] = await tx
    .select({ version: customers.templateVersionId, linkName: customers.linkName, phone: customers.phone, ext: customers.ext })
    .from(customers)
    .where(both(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)))
    .for('update');
  return cur;
}

export async function updateCustomer(tx: Tx, enterpriseId: number, id: number, values: Partial<CustomerInsert>): Promise<void> {
  await tx
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(both(eq(customers.enterpriseId, enterpriseId), eq(customers.id, id)));
}

// ---- detail and deletion ----

/** What the detail adds to the list row. */
export async function customerExtra(ex: Executor, ep: number, id: number) {
  const [extra] = await rows<{ remark: string | null; template_version_id: number | null; ext: Record<string, unknown> }>(
    ex,
    sql`select remark, template_version_id, ext from customers where enterprise_id = ${ep} and id = ${id}`,
  );
  return extra;
}

/** The customer's installed products and contracts, counted. */
export async function customerCounts(ex: Executor, ep: number, id: number): Promise<{ products: number; sale: number; maintain: number }> {
  const [r] = await rows<{ products: number; sale: number; maintain: number }>(
    ex,
    sql`select (select count(*) from installed_products where enterprise_id = ${ep} and customer_id = ${id})::int as products,
      (select count(*) from sale_contracts where enterprise_id = ${ep} and customer_id = ${id})::int as sale,
      (select count(*) from maintain_contracts where enterprise_id = ${ep} and customer_id = ${id})::int as maintain`,
  );
  return r ?? { products: 0, sale: 0, maintain: 0 };
}

/** Locks the customers in id order (a deletion takes them before it looks). */
export const lockCustomers = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`select id from customers where enterprise_id = ${ep} and id = any(${bigints(ids)}) order by id for update`);

const firstNamed = async (ex: Executor, q: SQL): Promise<string | undefined> => (await rows<{ name: string }>(ex, q))[0]?.name;

/** The name of the first of the customers with a sale or maintenance contract. */
export const firstWithContracts = (ex: Executor, ep: number, ids: number[]) =>
  firstNamed(
    ex,
    sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${bigints(ids)}) and (
        exists (select 1 from sale_contracts s where s.enterprise_id = ${ep} and s.customer_id = c.id) or
        exists (select 1 from maintain_contracts m where m.enterprise_id = ${ep} and m.customer_id = c.id)) limit 1`,
  );

/** The name of the first of the customers with an order. */
export const firstWithOrders = (ex: Executor, ep: number, ids: number[]) =>
  firstNamed(
    ex,
    sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${bigints(ids)})
        and exists (select 1 from orders o where o.enterprise_id = ${ep} and o.customer_id = c.id) limit 1`,
  );

/** The name of the first of the customers with an event. */
export const firstWithEvents = (ex: Executor, ep: number, ids: number[]) =>
  firstNamed(
    ex,
    sql`select c.name from customers c where c.enterprise_id = ${ep} and c.id = any(${bigints(ids)})
        and exists (select 1 from events e where e.enterprise_id = ${ep} and e.customer_id = c.id) limit 1`,
  );

/** Installed products stay without the customers; their portal accounts, grants, contacts and addresses go. */
export async function detachCustomers(ex: Executor, ep: number, ids: number[]): Promise<void> {
  const set = bigints(ids);
  await ex.execute(sql`update installed_products set customer_id = null, address_id = null, updated_at = now()
      where enterprise_id = ${ep} and customer_id = any(${set})`);
  await ex.execute(sql`delete from home_accounts where enterprise_id = ${ep} and customer_id = any(${set})`);
  await ex.execute(sql`delete from customer_permissions where enterprise_id = ${ep} and customer_id = any(${set})`);
  await ex.execute(sql`delete from customer_contacts where enterprise_id = ${ep} and customer_id = any(${set})`);
  await ex.execute(sql`delete from customer_addresses where enterprise_id = ${ep} and customer_id = any(${set})`);
}

export const deleteCustomerRows = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`delete from customers where enterprise_id = ${ep} and id = any(${bigints(ids)})`);

// ---- checks other writes make ----

/** Whether another customer of the enterprise has this phone (the customer's phone: its primary contact's). */
export async function phoneTaken(ex: Executor, enterpriseId: number, phone: string, exceptId: number | null): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from customers where enterprise_id = ${enterpriseId} and phone = ${phone} and id <> ${exceptId ?? 0} limit 1`,
  );
  return !!r;
}

/** Saves of one phone in the enterprise queue here until commit. */
export const lockPhone = (tx: Tx, enterpriseId: number, phone: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_phone'), hashtext(${`${enterpriseId}:${phone}`}))`);

/** Of `ids`, those of the enterprise's users (not deleted), service groups or customer tags. */
export async function existingIds(ex: Executor, table: 'users' | 'service_groups' | 'tags', enterpriseId: number, ids: number[]): Promise<Set<number>> {
  const extra = table === 'users' ? sql` and deleted_at is null` : table === 'tags' ? sql` and code = ${CUSTOMER_TAG_CODE}` : sql``;
  const found = await rows<{ id: number }>(
    ex,
    sql`select id from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})${extra}`,
  );
  return new Set(found.map((r) => r.id));
}

/** Customers with this name and one of these phone forms, each with whether the viewer may open it. */
export const duplicateRows = (ex: Executor, v: Actor, name: string, phones: string[], exceptId?: number | null) =>
  rows<CustomerDuplicate & { visible: boolean }>(
    ex,
    sql`select c.id::int, c.name, c.link_name as linkperson, c.phone, a.full_address as address, ${customerRowScope(v)} as visible
      from customers c
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where c.enterprise_id = ${v.enterpriseId} and c.phone = any(${texts(phones)}) and c.name = ${name}
        ${exceptId ? sql`and c.id <> ${exceptId}` : sql``}
      order by c.id limit 5`,
  );

/** Writers of one customer name in the enterprise queue here until commit (`lockClass`: the lock's first key). */
export const lockCustomerName = (ex: Executor, lockClass: number, enterpriseId: number, name: string) =>
  ex.execute(sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${`${enterpriseId}:${name}`}))`);

/** Another customer with the name and one of the phone forms. */
export async function firstDuplicate(ex: Executor, enterpriseId: number, name: string, phones: string[], exceptId?: number | null) {
  const [dup] = await rows<{ name: string; phone: string }>(
    ex,
    sql`select c.name, c.phone from customers c where c.enterprise_id = ${enterpriseId} and c.phone = any(${texts(phones)})
      and c.name = ${name} ${exceptId ? sql`and c.id <> ${exceptId}` : sql``} limit 1`,
  );
  return dup;
}

/** Locks the customer for a write to its contacts or addresses; false: it is gone. */
export const lockCustomerRow = async (tx: Tx, enterpriseId: number, customerId: number): Promise<boolean> =>
  (await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${enterpriseId} and id = ${customerId} for update`)).length > 0;

/** The customer's name and phone beside its primary contact's name and phone. */
export async function primaryOf(tx: Tx, enterpriseId: number, customerId: number) {
  const [r] = await rows<{ name: string; link_name: string | null; phone: string | null; current_phone: string | null }>(
    tx,
    sql`select c.name, k.name as link_name, k.phone, c.phone as current_phone from customers c
        left join customer_contacts k on k.enterprise_id = c.enterprise_id and k.customer_id = c.id and k.is_primary
        where c.enterprise_id = ${enterpriseId} and c.id = ${customerId}`,
  );
  return r;
}

/** The customer shows its primary contact's name and phone. */
export const setPrimaryCopy = (tx: Tx, enterpriseId: number, customerId: number, linkName: string | null, phone: string | null, grams: string[]) =>
  tx.execute(sql`update customers set link_name = ${linkName}, phone = ${phone},
      search_grams = ${texts(grams)}, updated_at = now()
    where enterprise_id = ${enterpriseId} and id = ${customerId}`);

// ---- link targets and a leaving user's handover ----

/** Labels of the rows a custom link field points at (table and label column from the module's link table list). */
export const linkLabels = (ex: Executor, enterpriseId: number, table: string, label: string, ids: number[]) =>
  rows<{ id: number; label: string }>(
    ex,
    sql`select id, ${sql.identifier(label)} as label from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`,
  );

/** The leaving user's customers go to the receiver. */
export const handOverCustomers = (tx: Tx, enterpriseId: number, fromId: number, toId: number) =>
  affected(tx, sql`update customers set business_user_id = ${toId}, updated_at = now() where enterprise_id = ${enterpriseId} and business_user_id = ${fromId}`);

/** The leaving user's grants go to the receiver (the higher level wins where he has one). */
export async function handOverGrants(tx: Tx, enterpriseId: number, fromId: number, toId: number): Promise<number> {
  await tx.execute(sql`insert into customer_permissions (enterprise_id, customer_id, user_id, permission, created_by)
        select enterprise_id, customer_id, ${toId}, permission, created_by from customer_permissions
        where enterprise_id = ${enterpriseId} and user_id = ${fromId}
        on conflict (enterprise_id, customer_id, user_id) do update set permission = greatest(customer_permissions.permission, excluded.permission)`);
  return affected(tx, sql`delete from customer_permissions where enterprise_id = ${enterpriseId} and user_id = ${fromId}`);
}
